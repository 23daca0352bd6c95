import Foundation
import Testing
@testable import Verity
import VerityTestSupport

/// Random JSON-like trees: numbers, strings, booleans, arrays and dictionaries, nested.
func randomTree(_ rng: inout SeededGenerator, depth: Int = 0) -> Any {
  let roll = Int.random(in: 0..<10, using: &rng)
  if depth >= 4 || roll < 4 {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return Int.random(in: -3...3, using: &rng)
    case 1: return ["a", "b", "c", "long text\nwith lines"][Int.random(in: 0..<4, using: &rng)]
    case 2: return [0.5, -1.25, Double.nan][Int.random(in: 0..<3, using: &rng)]
    default: return Bool.random(using: &rng)
    }
  }
  let count = Int.random(in: 0..<6, using: &rng)
  if roll < 7 {
    return (0..<count).map { _ in randomTree(&rng, depth: depth + 1) } as [Any]
  }
  var dictionary: [String: Any] = [:]
  for _ in 0..<count { dictionary["k\(Int.random(in: 0..<8, using: &rng))"] = randomTree(&rng, depth: depth + 1) }
  return dictionary
}

/// A copy of `value` with a few random edits somewhere inside (or none).
func mutate(_ value: Any, _ rng: inout SeededGenerator) -> Any {
  switch value {
  case var array as [Any]:
    guard !array.isEmpty, Int.random(in: 0..<3, using: &rng) > 0 else {
      array.insert(randomTree(&rng, depth: 3), at: array.isEmpty ? 0 : Int.random(in: 0...array.count, using: &rng))
      return array
    }
    let index = Int.random(in: 0..<array.count, using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: array.remove(at: index)
    case 1: array[index] = randomTree(&rng, depth: 3)
    default: array[index] = mutate(array[index], &rng)
    }
    return array
  case var dictionary as [String: Any]:
    let keys = dictionary.keys.sorted()
    guard let key = keys.randomElement(using: &rng), Int.random(in: 0..<4, using: &rng) > 0 else {
      dictionary["new\(Int.random(in: 0..<3, using: &rng))"] = randomTree(&rng, depth: 3)
      return dictionary
    }
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: dictionary[key] = nil
    default: dictionary[key] = mutate(dictionary[key]!, &rng)
    }
    return dictionary
  default:
    return Int.random(in: 0..<2, using: &rng) == 0 ? value : randomTree(&rng, depth: 3)
  }
}

/// The part of a tree at a path, or nil when the path does not exist in it.
private func resolve(_ path: DifferencePath, in value: Any) -> Any?? {
  var current: Any = value
  for component in path.components {
    switch component {
    case .index(let index):
      guard let array = current as? [Any], array.indices.contains(index) else { return nil }
      current = array[index]
    case .key(let key):
      guard let dictionary = current as? [String: Any], let next = dictionary[key] else { return nil }
      current = next
    default:
      return nil
    }
  }
  return .some(current)
}

@Suite("diff: generated values")
struct DiffPropertyTests {
  static let seeds = Array(UInt64(1)...UInt64(400))

  @Test func diffAgreesWithStructuresAndNamesRealPaths() throws {
    for seed in Self.seeds {
      var rng = SeededGenerator(seed: seed)
      let a = randomTree(&rng)
      var b = a
      for _ in 0..<Int.random(in: 0..<4, using: &rng) { b = mutate(b, &rng) }
      #expect(diff(a, a) == nil, "seed \(seed)")
      let difference = diff(a, b)
      #expect((difference == nil) == (Structure(encoding: a) == Structure(encoding: b)), "seed \(seed)")
      guard let difference else { continue }
      #expect(difference.count == difference.edits.count, "seed \(seed)")
      for edit in difference.edits {
        let side = edit.kind == .removed ? a : b
        let part = try #require(resolve(edit.path, in: side), "seed \(seed): \(edit.path) not in its side")
        let expected = edit.kind == .removed ? edit.before : edit.after
        #expect(Structure(encoding: part) == expected, "seed \(seed): \(edit)")
        if let original = edit.originalPath, edit.kind != .removed {
          let before = try #require(resolve(original, in: a), "seed \(seed): \(original) not in the first value")
          #expect(Structure(encoding: before) == edit.before, "seed \(seed): \(edit)")
        }
      }
    }
  }

  @Test func forcedHashCollisionsChangeNoResult() {
    for seed in Self.seeds {
      var rng = SeededGenerator(seed: seed)
      let a = randomTree(&rng)
      var b = a
      for _ in 0..<Int.random(in: 1..<4, using: &rng) { b = mutate(b, &rng) }
      var colliding = DiffOptions()
      colliding._constantHash = 42
      let normal = diff(a, b)?.description
      let collided = diff(a, b, options: colliding)?.description
      #expect(normal == collided, "seed \(seed)")
    }
  }

  @Test func dictionaryAndSetOrderNeverShows() {
    for seed in Self.seeds.prefix(100) {
      var rng = SeededGenerator(seed: seed)
      var forward: [String: Int] = [:]
      var backward: [String: Int] = [:]
      let keys = (0..<Int.random(in: 0..<40, using: &rng)).map { "key\($0)" }
      for key in keys { forward[key] = key.count }
      for key in keys.reversed() { backward[key] = key.count }
      backward.reserveCapacity(500)
      #expect(diff(forward, backward) == nil)
      #expect(diff(Set(keys), Set(keys.reversed())) == nil)
    }
  }

  /// 100 000 nested arrays around one integer, written as bytes (a Swift value that deep would
  /// overflow a test thread's stack when it is released).
  static func nested(_ leaf: UInt8, depth: Int) throws -> Structure {
    let total = depth * 5 + 2
    var bytes = [UInt8](repeating: 0, count: total)
    for level in 0..<depth {
      let payload = UInt32(total - (level + 1) * 5)
      bytes[level * 5] = 0x10
      for shift in 0..<4 { bytes[level * 5 + 1 + shift] = UInt8(truncatingIfNeeded: payload >> (8 * UInt32(shift))) }
    }
    bytes[total - 2] = 0x04
    bytes[total - 1] = leaf
    return try Structure(validating: bytes)
  }

  @Test func deepValuesDiffWithoutRecursion() throws {
    let a = try Self.nested(1, depth: 100_000)
    let b = try Self.nested(2, depth: 100_000)
    let difference = try #require(diff(a, b))
    #expect(difference.count == 1)
    #expect(difference.edits[0].path.components.count == 100_000)
    #expect(difference.renderedPaths().hasSuffix("[0][0][0]: 1 → 2"))
    // Deeper than the tree's line budget: the tree falls back to the path list, which shows it.
    #expect(difference.renderedTree() == difference.renderedPaths())
  }
}
