import CVerityEngine
import Testing

/// Recording calls: interning, appending, reading back, sequence numbers, verified bits, memory.
@Suite struct CallLogTests {
  @Test func interningIsStableAndDense() {
    let log = Log()
    #expect(vrt_log_method_count(log.raw) == 0)
    let a = log.intern("a(_:)")
    let b = log.intern("b()")
    let empty = log.intern("")
    #expect([a, b, empty] == [0, 1, 2])
    #expect(log.intern("a(_:)") == a)
    #expect(log.intern("") == empty)
    #expect(vrt_log_method_count(log.raw) == 3)
    var length = 0
    let name = vrt_log_method_name(log.raw, b, &length)
    #expect(length == 3)
    #expect(name.map { String(cString: $0) } == "b()")
    #expect(vrt_log_method_name(log.raw, empty, &length) != nil)
    #expect(length == 0)
    #expect(vrt_log_method_name(log.raw, 3, &length) == nil)
    #expect(vrt_log_method_name(log.raw, VRT_NONE, nil) == nil)
  }

  @Test func manyMethodsIntern() {
    let log = Log()
    for i in 0..<2_000 { #expect(log.intern("m\(i)") == UInt32(i)) }
    for i in stride(from: 1_999, through: 0, by: -7) { #expect(log.intern("m\(i)") == UInt32(i)) }
    #expect(vrt_log_method_count(log.raw) == 2_000)
    // Lookups find every interned name across the table's growths, and intern nothing.
    for i in stride(from: 0, to: 2_000, by: 3) {
      var id = VRT_NONE
      #expect(vrt_log_find_method(log.raw, "m\(i)", "m\(i)".utf8.count, &id) == VRT_OK)
      #expect(id == UInt32(i))
    }
    var id: UInt32 = 77
    #expect(vrt_log_find_method(log.raw, "m2000", 5, &id) == VRT_ERR_NOT_FOUND)
    #expect(id == 77)
    #expect(vrt_log_method_count(log.raw) == 2_000)
  }

  @Test func findingAMethodInternsNothing() {
    let log = Log()
    var id: UInt32 = 9
    // An empty log has no table yet; the empty name is a name like any other.
    #expect(vrt_log_find_method(log.raw, "a(_:)", 5, &id) == VRT_ERR_NOT_FOUND)
    #expect(vrt_log_find_method(log.raw, nil, 0, &id) == VRT_ERR_NOT_FOUND)
    #expect(vrt_log_method_count(log.raw) == 0)
    let a = log.intern("a(_:)")
    let empty = log.intern("")
    #expect(vrt_log_find_method(log.raw, "a(_:)", 5, &id) == VRT_OK)
    #expect(id == a)
    #expect(vrt_log_find_method(log.raw, nil, 0, &id) == VRT_OK)
    #expect(id == empty)
    // A prefix of a name, or the name with a byte more, is another name.
    #expect(vrt_log_find_method(log.raw, "a(_:)", 4, &id) == VRT_ERR_NOT_FOUND)
    #expect(vrt_log_find_method(log.raw, "a(_:)x", 6, &id) == VRT_ERR_NOT_FOUND)
    #expect(vrt_log_method_count(log.raw) == 2)
  }

  @Test func appendAndGet() {
    let log = Log()
    let m = log.intern("f")
    let args = [intBytes(1), stringBytes("two")]
    var index: UInt64 = 99
    let flat = args.flatMap { $0 }
    let status = flat.withUnsafeBufferPointer {
      vrt_log_append(log.raw, m, $0.baseAddress, $0.count, 2, VRT_SEQ_AUTO, &index)
    }
    #expect(status == VRT_OK)
    #expect(index == 0)
    #expect(log.append(m, []) == VRT_OK)
    #expect(log.count == 2)
    let first = log.call(0)
    #expect(first.seq == 1 && first.method == m && first.arg_count == 2 && !first.verified)
    #expect(Array(UnsafeBufferPointer(start: first.args, count: first.length)) == flat)
    let second = log.call(1)
    #expect(second.seq == 2 && second.length == 0 && second.arg_count == 0)
    var call = vrt_call()
    #expect(vrt_log_get(log.raw, 2, &call) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_count_method(log.raw, m) == 2)
    #expect(vrt_log_count_method(log.raw, 7) == 0)
  }

  @Test func appendRejectsBadArguments() {
    let log = Log()
    let m = log.intern("f")
    #expect(log.append(m + 1, []) == VRT_ERR_INVALID_ARGUMENT)
    let tooMany = [[UInt8]](repeating: [0x01], count: 256)
    #expect(log.append(m, tooMany) == VRT_ERR_INVALID_ARGUMENT)
    #expect(log.append(m, [[UInt8]](repeating: [0x01], count: 255)) == VRT_OK)
    #expect(vrt_log_append(log.raw, m, nil, 3, 0, VRT_SEQ_AUTO, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(log.count == 1)
  }

  @Test func sequenceNumbers() {
    let log = Log()
    let m = log.intern("f")
    #expect(log.append(m, [], seq: 10) == VRT_OK)
    #expect(log.append(m, [], seq: 10) == VRT_ERR_INVALID_ARGUMENT)
    #expect(log.append(m, [], seq: 5) == VRT_ERR_INVALID_ARGUMENT)
    #expect(log.append(m, [], seq: 20) == VRT_OK)
    #expect(log.append(m, []) == VRT_OK)  // auto: 21
    #expect(log.append(m, [], seq: 30) == VRT_OK)
    #expect((0..<4).map { log.call($0).seq } == [10, 20, 21, 30])
    let bounds = [0, 10, 11, 20, 21, 22, 30, 31, UInt64.max - 1].map { vrt_log_lower_bound(log.raw, $0) }
    #expect(bounds == [0, 0, 1, 1, 2, 3, 3, 4, 4])
    // The first explicit sequence number may be anything.
    let other = Log()
    let n = other.intern("g")
    #expect(other.append(n, [], seq: 0) == VRT_OK)
    #expect(other.append(n, []) == VRT_OK)
    #expect(other.call(1).seq == 1)
  }

  @Test func autoSequenceOverflowIsTooLarge() {
    let log = Log()
    let m = log.intern("f")
    #expect(log.append(m, [], seq: UInt64.max - 1) == VRT_OK)
    #expect(log.append(m, []) == VRT_OK)  // UInt64.max
    #expect(log.append(m, []) == VRT_ERR_TOO_LARGE)
    #expect(log.count == 2)
  }

  @Test func lowerBoundAcrossPages() {
    let log = Log()
    let m = log.intern("f")
    for i in 0..<200_000 as Range<UInt64> { log.append(m, [], seq: i * 3 + 1) }
    for probe: UInt64 in [0, 1, 2, 4, 190, 191, 192, 193, 196_609, 599_998, 599_999] {
      #expect(vrt_log_lower_bound(log.raw, probe) == (probe + 1) / 3, "probe \(probe)")
    }
    #expect(vrt_log_lower_bound(log.raw, 600_000) == 200_000)
  }

  @Test func argumentBytesNeverMove() {
    // Tiny chunks: many chunks, entries bigger than a chunk get their own.
    let log = Log(chunkSize: 16)
    let m = log.intern("f")
    var expected: [[UInt8]] = []
    var pointers: [UnsafePointer<UInt8>?] = []
    for i in 0..<3_000 {
      let size = [1, 7, 16, 17, 100, 3][i % 6]
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ i) }
      #expect(log.append(m, [bytes]) == VRT_OK)
      expected.append(bytes)
      pointers.append(log.call(UInt64(i)).args)
    }
    for i in 0..<3_000 {
      let call = log.call(UInt64(i))
      #expect(call.args == pointers[i])
      #expect(Array(UnsafeBufferPointer(start: call.args, count: call.length)) == expected[i])
    }
  }

  @Test func verifiedBits() {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    for i in 0..<300 { log.append(i % 3 == 0 ? g : f, [intBytes(Int64(i))]) }
    #expect(vrt_log_set_verified(log.raw, 5, true) == VRT_OK)
    #expect(vrt_log_set_verified(log.raw, 5, true) == VRT_OK)  // idempotent
    #expect(vrt_log_set_verified(log.raw, 0, true) == VRT_OK)
    #expect(vrt_log_set_verified(log.raw, 300, true) == VRT_ERR_INVALID_ARGUMENT)
    #expect(log.call(5).verified && log.call(0).verified && !log.call(1).verified)
    #expect(log.unverified().total == 298)
    #expect(log.unverified(capacity: 3).indices == [1, 2, 3])
    #expect(log.unverified(g, capacity: 2).indices == [3, 6])
    #expect(log.unverified(g).total == 99)
    #expect(log.unverified(f).total == 199)
    #expect(vrt_log_set_verified(log.raw, 5, false) == VRT_OK)
    #expect(log.unverified().total == 299)
    #expect(log.unverified(f, capacity: 5).indices == [1, 2, 4, 5, 7])
  }

  @Test func unverifiedSkipsVerifiedWordsAndStopsAtCapacity() {
    let log = Log()
    let f = log.intern("f")
    for _ in 0..<1_000 { log.append(f, []) }
    for i in 0..<1_000 where i != 700 && i != 999 {
      #expect(vrt_log_set_verified(log.raw, UInt64(i), true) == VRT_OK)
    }
    #expect(log.unverified() == (2, [700, 999]))
    #expect(log.unverified(f) == (2, [700, 999]))
    #expect(log.unverified(capacity: 1) == (2, [700]))
    var total: UInt64 = 0
    #expect(vrt_log_unverified(log.raw, 5, nil, 0, &total) == VRT_ERR_INVALID_ARGUMENT)
  }

  @Test func methodCallsListAMethodsCallsInOrderWithTheirTagsAndArgumentCounts() {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    let h = log.intern("h")
    for i in 0..<150 {
      let method = i.isMultiple(of: 3) ? g : f
      let args = Array(repeating: intBytes(Int64(i)), count: i % 4)
      let bytes = args.flatMap { $0 }
      let status = bytes.withUnsafeBufferPointer {
        vrt_log_append_tagged(log.raw, method, $0.baseAddress, $0.count, UInt32(args.count), VRT_SEQ_AUTO, UInt32(i + 1), nil)
      }
      #expect(status == VRT_OK)
    }
    var calls = [vrt_method_call](repeating: vrt_method_call(), count: 200)
    var total: UInt64 = 0
    #expect(calls.withUnsafeMutableBufferPointer { vrt_log_method_calls(log.raw, g, $0.baseAddress, 200, &total) } == VRT_OK)
    #expect(total == 50)
    let gIndices: [Int] = Array(stride(from: 0, to: 150, by: 3))
    #expect(calls.prefix(50).map { Int($0.index) } == gIndices)
    #expect(calls.prefix(50).map { Int($0.tag) } == gIndices.map { $0 + 1 })
    #expect(calls.prefix(50).map { Int($0.arg_count) } == gIndices.map { $0 % 4 })
    // Fewer than the method's calls: the first ones, and the whole count.
    #expect(calls.withUnsafeMutableBufferPointer { vrt_log_method_calls(log.raw, f, $0.baseAddress, 3, &total) } == VRT_OK)
    #expect(total == 100)
    #expect(calls.prefix(3).map(\.index) == [1, 2, 4])
    #expect(vrt_log_method_calls(log.raw, h, nil, 0, &total) == VRT_OK)
    #expect(total == 0)
    #expect(vrt_log_method_calls(log.raw, 9, nil, 0, &total) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_method_calls(nil, f, nil, 0, &total) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_method_calls(log.raw, f, nil, 0, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_method_calls(log.raw, f, nil, 1, &total) == VRT_ERR_NULL_ARGUMENT)
  }

  @Test func memoryIsAccounted() {
    let log = Log(chunkSize: 4096)
    let before = vrt_log_memory(log.raw)
    #expect(before > 0)
    let m = log.intern("f")
    log.append(m, [intBytes(1)])
    // A new log holds its first record page (64 calls) and a small arena of its own.
    #expect(before >= 64 * 32 + 256)
    let afterOne = vrt_log_memory(log.raw)
    // The first call's name and arguments fit in that arena, and the method's call list and the
    // page list in the tables that come with the log: the first call allocates nothing.
    #expect(afterOne == before)
    // A fifth method, and a first method's seventeenth call, outgrow those tables.
    for name in ["g", "h", "i", "j"] { _ = log.intern(name) }
    #expect(vrt_log_memory(log.raw) > afterOne)
    let afterFive = vrt_log_memory(log.raw)
    for i in 0..<16 { log.append(m, [intBytes(Int64(i))]) }
    #expect(vrt_log_memory(log.raw) > afterFive)
    #expect(vrt_log_memory(log.raw) < before + 4096)
    for i in 16..<10_000 { log.append(m, [intBytes(Int64(i))]) }
    let afterMany = vrt_log_memory(log.raw)
    // 32 bytes of record and 4 of method list per call plus the arena (2-3 bytes per call here);
    // the newest record page may be mostly empty (pages double up to 65536 calls), and the method
    // list doubles.
    #expect(afterMany > afterOne + 10_000 * 36)
    #expect(afterMany < afterOne + 10_000 * 64 + 64 * 1024)
    // A first query is a scan: it allocates nothing that stays.
    #expect(log.count(m, [.eq(intBytes(5))]) == 1)
    #expect(log.count(m, [.any]) == 10_001)
    #expect(vrt_log_memory(log.raw) == afterMany)
    // Indexes built once queries repeat are accounted too.
    for _ in 0..<Int(VRT_EXACT_SCANS_BEFORE_INDEX) { _ = log.count(m, [.eq(intBytes(5))]) }
    #expect(vrt_log_memory(log.raw) > afterMany)
  }
}
