import CVerityEngine
import Foundation
import Testing

/// `vrt_ptr_map`: the lock-free pointer map behind Verity's per-type caches.
@Suite struct PointerMapTests {
  /// A distinct, non-null, never-dereferenced pointer for each integer.
  private static func pointer(_ n: Int) -> UnsafeRawPointer { UnsafeRawPointer(bitPattern: n &* 16 &+ 0x1000)! }

  @Test func addsGetsAndKeepsTheFirstValue() throws {
    var map: OpaquePointer? = nil
    #expect(vrt_ptr_map_create(8, &map) == VRT_OK)
    defer { vrt_ptr_map_free(map) }
    let key = Self.pointer(1), first = Self.pointer(2), second = Self.pointer(3)
    #expect(vrt_ptr_map_get(map, key) == nil)
    #expect(vrt_ptr_map_add(map, key, first) == first)
    #expect(vrt_ptr_map_get(map, key) == first)
    // A second value for the key is refused: the earlier one is returned and stays.
    #expect(vrt_ptr_map_add(map, key, second) == first)
    #expect(vrt_ptr_map_get(map, key) == first)
    #expect(vrt_ptr_map_get(map, Self.pointer(4)) == nil)
  }

  @Test func aFullMapAddsNothingAndKeepsWhatItHas() {
    var map: OpaquePointer? = nil
    #expect(vrt_ptr_map_create(8, &map) == VRT_OK)  // 16 slots, 8 entries
    defer { vrt_ptr_map_free(map) }
    var added = 0
    for n in 0..<100 where vrt_ptr_map_add(map, Self.pointer(n), Self.pointer(n + 1_000)) != nil { added += 1 }
    #expect(added == 8)
    for n in 0..<8 { #expect(vrt_ptr_map_get(map, Self.pointer(n)) == Self.pointer(n + 1_000)) }
    for n in 8..<100 { #expect(vrt_ptr_map_get(map, Self.pointer(n)) == nil) }
    // A key already there is still answered when the map is full.
    #expect(vrt_ptr_map_add(map, Self.pointer(3), Self.pointer(7)) == Self.pointer(1_003))
  }

  @Test func keysThatShareLowBitsAllFindTheirValues() {
    var map: OpaquePointer? = nil
    #expect(vrt_ptr_map_create(4_096, &map) == VRT_OK)
    defer { vrt_ptr_map_free(map) }
    // Metadata addresses are aligned: keys 4 KiB apart share their low 12 bits.
    for n in 0..<4_096 {
      let key = UnsafeRawPointer(bitPattern: 0x10_0000 + n * 4_096)!
      #expect(vrt_ptr_map_add(map, key, Self.pointer(n + 1)) == Self.pointer(n + 1))
    }
    for n in 0..<4_096 {
      #expect(vrt_ptr_map_get(map, UnsafeRawPointer(bitPattern: 0x10_0000 + n * 4_096)!) == Self.pointer(n + 1))
    }
  }

  @Test func nullArgumentsAndLimits() {
    var map: OpaquePointer? = nil
    #expect(vrt_ptr_map_create(8, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_ptr_map_create(1 << 25, &map) == VRT_ERR_TOO_LARGE)
    #expect(map == nil)
    #expect(vrt_ptr_map_create(0, &map) == VRT_OK)  // capacity 0 still gives a usable map
    defer { vrt_ptr_map_free(map) }
    #expect(vrt_ptr_map_get(nil, Self.pointer(1)) == nil)
    #expect(vrt_ptr_map_get(map, nil) == nil)
    #expect(vrt_ptr_map_add(nil, Self.pointer(1), Self.pointer(2)) == nil)
    #expect(vrt_ptr_map_add(map, nil, Self.pointer(2)) == nil)
    #expect(vrt_ptr_map_add(map, Self.pointer(1), nil) == nil)
    #expect(vrt_ptr_map_add(map, Self.pointer(1), Self.pointer(2)) == Self.pointer(2))
    vrt_ptr_map_free(nil)
  }

  /// Readers and adders on several threads: every value read is the one added for its key (none
  /// half-written), each key keeps one value, and every added key is found afterwards. CI runs it
  /// under ThreadSanitizer too (`.ci/run`).
  @Test func readersAndAddersOnManyThreads() {
    var created: OpaquePointer? = nil
    #expect(vrt_ptr_map_create(2_048, &created) == VRT_OK)
    let map = UInt(bitPattern: created)
    defer { vrt_ptr_map_free(created) }
    let keys = 1_024
    let wrong = LockedCounter()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      let map = OpaquePointer(bitPattern: map)
      for round in 0..<4 {
        for n in 0..<keys {
          let key = Self.pointer((n * 7 + thread * 131 + round) % keys)
          let index = (n * 7 + thread * 131 + round) % keys
          if let value = vrt_ptr_map_get(map, key), value != Self.pointer(index + 10_000) { wrong.increment() }
          let now = vrt_ptr_map_add(map, key, Self.pointer(index + 10_000))
          if now != Self.pointer(index + 10_000) { wrong.increment() }
        }
      }
    }
    #expect(wrong.value == 0)
    for n in 0..<keys { #expect(vrt_ptr_map_get(created, Self.pointer(n)) == Self.pointer(n + 10_000)) }
  }
}

/// A counter that threads increment under a lock.
private final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
