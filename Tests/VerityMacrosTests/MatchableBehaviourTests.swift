import Foundation
import Testing
import Verity
import VerityMacros

@Matchable
struct Address: Equatable {
  var street: String
  var number: Int?
  var tags: Set<String>
}

@Matchable
enum Shape: Equatable {
  case point
  case circle(radius: Double)
  case rect(width: Double, height: Double)
  case labelled(String, Int)
  case `default`
}

@Matchable
struct Customer: Equatable {
  let id: UUID
  var name: String
  var address: Address?
  var shapes: [Shape]
  var scores: [String: Double]
  var nested: [[Int]]
  var plain: PlainPoint
  var note: String { "computed: \(name)" }
  static let count = 0
  var observed: Int = 0 {
    didSet { _ = oldValue }
  }
}

/// No conformance: a @Matchable type's field of this type goes through the dynamic path.
struct PlainPoint: Equatable {
  var x: Double
  var y: Double
}

@Matchable
final class TreeNode {
  var value: Int
  var children: [TreeNode]
  weak var parent: TreeNode?
  init(value: Int, children: [TreeNode] = []) {
    self.value = value
    self.children = children
  }
}

@Matchable
struct Session {
  var user: String
  @MatchableIgnored var lastSeen: Date
}

@Matchable
struct Box<Content> {
  var content: Content
  var count: Int
}

@propertyWrapper
struct Clamped {
  var wrappedValue: Int {
    didSet { wrappedValue = min(wrappedValue, 10) }
  }
  init(wrappedValue: Int) { self.wrappedValue = min(wrappedValue, 10) }
}

@Matchable
struct Settings {
  @Clamped var level: Int = 3
  var name = "default"
}

@Matchable
final class Empty {}

@Matchable
public struct PublicModel {
  public var value: Int
  public init(value: Int) { self.value = value }
}

/// Deterministic values for the generated-value checks.
struct Generator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func randomShape(_ rng: inout Generator) -> Shape {
  switch Int.random(in: 0..<5, using: &rng) {
  case 0: .point
  case 1: .circle(radius: Double(Int.random(in: -5...5, using: &rng)) / 2)
  case 2: .rect(width: 1, height: Double.random(in: 0..<10, using: &rng))
  case 3: .labelled(["a", "é", ""][Int.random(in: 0..<3, using: &rng)], Int.random(in: -3...3, using: &rng))
  default: .default
  }
}

func randomCustomer(_ rng: inout Generator) -> Customer {
  Customer(
    id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, UInt8.random(in: 0...255, using: &rng))),
    name: ["Ada", "Grace", "Linus"][Int.random(in: 0..<3, using: &rng)],
    address: Bool.random(using: &rng)
      ? Address(street: "Main", number: Bool.random(using: &rng) ? 5 : nil, tags: ["a", "b"]) : nil,
    shapes: (0..<Int.random(in: 0..<4, using: &rng)).map { _ in randomShape(&rng) },
    scores: ["x": Double(Int.random(in: 0..<3, using: &rng)), "y": .nan],
    nested: [[1], [], [Int.random(in: 0..<9, using: &rng)]],
    plain: PlainPoint(x: 1, y: Double(Int.random(in: 0..<3, using: &rng))))
}

@Suite("@Matchable behaviour")
struct MatchableBehaviourTests {
  @Test func encodingsEqualReflectionOnGeneratedValues() {
    var rng = Generator(state: 5)
    for seed in 0..<300 {
      let customer = randomCustomer(&rng)
      #expect(Structure(customer).bytes == Structure._byReflection(customer).bytes, "seed \(seed)")
      let shape = randomShape(&rng)
      #expect(Structure(shape).bytes == Structure._byReflection(shape).bytes, "seed \(seed): \(shape)")
    }
  }

  @Test func classesGenericsWrappersAndEmptyTypes() {
    let root = TreeNode(value: 1, children: [TreeNode(value: 2), TreeNode(value: 3)])
    root.children[0].parent = root  // a cycle through a weak reference
    root.children.append(root)  // and a strong one
    #expect(Structure(root).bytes == Structure._byReflection(root).bytes)
    root.children.removeAll()  // break the strong cycle (LeakSanitizer runs these tests)
    let box = Box(content: ["a": [1, 2]], count: 2)
    #expect(Structure(box).bytes == Structure._byReflection(box).bytes)
    let boxed = Box(content: PlainPoint(x: 1, y: 2), count: 1)
    #expect(Structure(boxed).bytes == Structure._byReflection(boxed).bytes)
    let settings = Settings(level: 7, name: "x")
    #expect(Structure(settings).bytes == Structure._byReflection(settings).bytes)
    let empty = Empty()
    #expect(Structure(empty).description == Structure._byReflection(empty).description)
    #expect(Structure(PublicModel(value: 3)).bytes == Structure._byReflection(PublicModel(value: 3)).bytes)
  }

  @Test func ignoredPropertiesAreLeftOut() {
    let early = Session(user: "ada", lastSeen: Date(timeIntervalSince1970: 0))
    let late = Session(user: "ada", lastSeen: Date(timeIntervalSince1970: 100))
    #expect(Structure(early) == Structure(late))
    #expect(diff(early, late) == nil)
    #expect(Structure(early).description == #"Session(user: "ada")"#)
  }

  @Test func generatedConformancesDiffAndMatch() throws {
    var rng = Generator(state: 9)
    let customer = randomCustomer(&rng)
    var changed = customer
    changed.name = "Changed"
    changed.shapes.append(.circle(radius: 9))
    let difference = try #require(diff(customer, changed))
    #expect(difference.edits.map(\.path.description).contains("name"))
    #expect(throws: MatchFailedError.self) { try customer.assertMatches(changed) }
    try customer.assertMatches(customer)
  }
}

extension Structure {
  /// The structure reflection writes for `value`, ignoring its own conformance (its children take
  /// the dynamic path): what a generated conformance is checked against.
  static func _byReflection(_ value: Any) -> Structure {
    Structure { $0._encodeByReflection(value) }
  }
}
