import Testing

@testable import VerityCore

/// `_TypeMap`'s policy: first come, kept for good; a full map keeps nothing more, and answers a
/// new key with a miss (its callers then take their slower path, with the same answer).
@Suite struct TypeMapTests {
  final class Box: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  static func key(_ n: Int) -> UnsafeRawPointer? { UnsafeRawPointer(bitPattern: UInt(n) << 4) }

  /// Maps live for the process, as the caches do: a map keeps its values for good, so a map
  /// released while they are in it would leak them (LeakSanitizer would say so).
  static let small = _TypeMap<Box>(capacity: 4)
  static let types = _TypeMap<Box>(capacity: 16)

  @Test func aFullMapKeepsWhatItHasAndAddsNothing() {
    // A map with room for 4 (the engine rounds capacity up to a power of two at least as big).
    let map = Self.small
    var kept = 0
    for n in 1...64 {
      let made = map.value(forKey: Self.key(n)) { Box(n) }
      #expect(made.value == n)
      if map.value(forKey: Self.key(n)) != nil { kept += 1 }
    }
    // Some keys were kept, not all of them: the map filled up.
    #expect(kept >= 1)
    #expect(kept < 64)
    // What it kept it answers with, for good; a key it could not keep is still a miss, and the
    // caller's value is returned unkept.
    for n in 1...64 {
      if let known = map.value(forKey: Self.key(n)) { #expect(known.value == n) }
    }
    let late = map.value(forKey: Self.key(1000)) { Box(1000) }
    #expect(late.value == 1000)
    #expect(map.value(forKey: Self.key(1000)) == nil)
  }

  @Test func typesAreKeysToo() {
    let map = Self.types
    #expect(map.value(for: Int.self) == nil)
    map.add(Box(1), for: Int.self)
    map.add(Box(2), for: Int.self)  // the first value stays
    #expect(map.value(for: Int.self)?.value == 1)
    #expect(map.value(for: String.self) == nil)
  }
}
