import CVerityEngine
import Testing

/// Forgetting calls: vrt_log_clear, vrt_log_remove_calls, vrt_log_remove_matching.
@Suite struct CallLogClearingTests {
  let one = intBytes(1)
  let two = intBytes(2)
  let a = stringBytes("a")
  let b = stringBytes("b")

  /// A log of `count` calls over methods f(x, s) and g(x) with a few distinct arguments, some
  /// marked verified, its indexes built by repeated queries.
  func filled(_ count: Int, chunkSize: Int = 0) -> (Log, f: UInt32, g: UInt32) {
    let log = Log(chunkSize: chunkSize)
    let f = log.intern("f")
    let g = log.intern("g")
    for i in 0..<count {
      if i % 3 == 2 {
        log.append(g, [intBytes(Int64(i % 5))])
      } else {
        log.append(f, [intBytes(Int64(i % 7)), i % 2 == 0 ? a : b])
      }
    }
    for i in stride(from: 0, to: count, by: 11) { #expect(vrt_log_set_verified(log.raw, UInt64(i), true) == VRT_OK) }
    // Exact index (after repeated exact queries) and an argument-hash column (repeated EQ scans).
    for _ in 0..<Int(VRT_EXACT_SCANS_BEFORE_INDEX) + 1 { _ = log.count(f, [.eq(one), .eq(a)]) }
    for _ in 0..<3 { _ = log.count(f, [.eq(two), .any]) }
    return (log, f, g)
  }

  /// Every call's (method, arguments, seq, verified) in order.
  func calls(of log: Log) -> [String] {
    (0..<log.count).map { index in
      let call = log.call(index)
      let bytes = Array(UnsafeBufferPointer(start: call.args, count: call.length))
      return "\(call.method) \(bytes) \(call.seq) \(call.verified) \(call.arg_count)"
    }
  }

  /// The answers of a set of queries, for comparing a log with the one it should equal.
  func answers(of log: Log, f: UInt32, g: UInt32) -> [String] {
    var lines: [String] = []
    for round in 0..<2 {  // twice: cold, then with indexes (the exact index after repeats)
      for _ in 0..<Int(VRT_EXACT_SCANS_BEFORE_INDEX) {
        lines.append("\(round) exact \(log.find(f, [.eq(one), .eq(a)], capacity: 1_000))")
      }
      lines.append("\(round) eq-any \(log.find(f, [.eq(two), .any], capacity: 1_000))")
      lines.append("\(round) any-eq \(log.find(f, [.any, .eq(b)], capacity: 1_000))")
      lines.append("\(round) g \(log.find(g, [.eq(intBytes(3))], capacity: 1_000))")
      lines.append("\(round) f-all \(log.count(f, [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)))")
      lines.append("\(round) unverified \(log.unverified(capacity: 1_000))")
      lines.append("\(round) unverified g \(log.unverified(g, capacity: 1_000))")
      lines.append("\(round) counts \(vrt_log_count_method(log.raw, f)) \(vrt_log_count_method(log.raw, g))")
    }
    return lines
  }

  @Test func clearingForgetsEveryCallAndKeepsTheMethods() {
    let (log, f, g) = filled(200_000, chunkSize: 4096)
    let fresh = Log()
    _ = fresh.intern("f")
    _ = fresh.intern("g")
    let lastSeq = log.call(log.count - 1).seq
    #expect(vrt_log_memory(log.raw) > 4_000_000)
    #expect(vrt_log_clear(log.raw) == VRT_OK)
    #expect(log.count == 0)
    #expect(vrt_log_count_method(log.raw, f) == 0)
    #expect(vrt_log_count_method(log.raw, g) == 0)
    #expect(log.count(f, [.eq(one), .eq(a)]) == 0)
    #expect(log.unverified().total == 0)
    // Everything the calls used is freed: only the tables that grew out of the log's own block
    // (methods, pages, chunks) stay, a few hundred bytes.
    #expect(vrt_log_memory(log.raw) < vrt_log_memory(fresh.raw) + 2_048)
    #expect(log.intern("f") == f)
    #expect(log.intern("g") == g)
    var length = 0
    #expect(vrt_log_method_name(log.raw, g, &length).map { String(cString: $0) } == "g")
    // Recording continues after the last sequence number; the log answers as a new one would.
    log.append(f, [one, a])
    #expect(log.call(0).seq == lastSeq + 1)
    fresh.append(f, [one, a], seq: lastSeq + 1)
    for i in 0..<1_000 {
      log.append(i % 2 == 0 ? f : g, i % 2 == 0 ? [intBytes(Int64(i % 7)), a] : [intBytes(3)])
      fresh.append(i % 2 == 0 ? f : g, i % 2 == 0 ? [intBytes(Int64(i % 7)), a] : [intBytes(3)])
    }
    #expect(calls(of: log) == calls(of: fresh))
    #expect(answers(of: log, f: f, g: g) == answers(of: fresh, f: f, g: g))
  }

  @Test func clearingAnEmptyLogAndALogWithoutMethods() {
    let log = Log()
    #expect(vrt_log_clear(log.raw) == VRT_OK)
    #expect(log.count == 0)
    let f = log.intern("f")
    #expect(vrt_log_clear(log.raw) == VRT_OK)
    log.append(f, [one])
    #expect(log.call(0).seq == 1)
    #expect(vrt_log_clear(nil) == VRT_ERR_NULL_ARGUMENT)
  }

  @Test func namesThatDoNotFitTheFirstArenaMoveToABlockOfTheirOwn() {
    let log = Log()
    let names = (0..<40).map { "method number \($0) with a long name" }
    let ids = names.map { log.intern($0) }
    for (k, id) in ids.enumerated() { log.append(id, [intBytes(Int64(k))]) }
    // The names' block is the clear's only allocation: when it fails, nothing changes.
    _ = vrt_log_fail_allocation(log.raw, 1)
    #expect(vrt_log_clear(log.raw) == VRT_ERR_OUT_OF_MEMORY)
    #expect(log.count == 40)
    _ = vrt_log_fail_allocation(log.raw, 0)
    #expect(vrt_log_clear(log.raw) == VRT_OK)
    #expect(log.count == 0)
    for (k, name) in names.enumerated() {
      var length = 0
      let pointer = vrt_log_method_name(log.raw, ids[k], &length)
      #expect(pointer.map { String(cString: $0) } == name)
      #expect(length == name.utf8.count)
      #expect(log.intern(name) == ids[k])
    }
    log.append(ids[39], [one])
    #expect(log.count(ids[39], [.eq(one)]) == 1)
  }

  @Test func removingCallsMovesTheRestDown() {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    log.append(f, [one, a])  // 0
    log.append(g, [one])  // 1
    log.append(f, [two, a])  // 2
    log.append(f, [one, b])  // 3
    log.append(g, [two])  // 4
    #expect(vrt_log_set_verified(log.raw, 1, true) == VRT_OK)
    #expect(vrt_log_set_verified(log.raw, 3, true) == VRT_OK)
    let seqs = (0..<log.count).map { log.call($0).seq }
    let removed: [UInt64] = [1, 2]
    #expect(vrt_log_remove_calls(log.raw, removed, removed.count) == VRT_OK)
    #expect(log.count == 3)
    #expect((0..<log.count).map { log.call($0).seq } == [seqs[0], seqs[3], seqs[4]])
    #expect((0..<log.count).map { log.call($0).verified } == [false, true, false])
    #expect(vrt_log_count_method(log.raw, f) == 2)
    #expect(vrt_log_count_method(log.raw, g) == 1)
    #expect(log.find(f, [.any, .any]).indices == [0, 1])
    #expect(log.find(g, [.eq(two)]).indices == [2])
    #expect(log.unverified().indices == [0, 2])
    // An append after a removal continues the sequence.
    log.append(g, [one])
    #expect(log.call(3).seq == seqs[4] + 1)
  }

  @Test func removingCallsRefusesBadIndicesAndChangesNothing() {
    let log = Log()
    let f = log.intern("f")
    for _ in 0..<4 { log.append(f, [one]) }
    let before = calls(of: log)
    let descending: [UInt64] = [2, 1]
    let repeated: [UInt64] = [1, 1]
    let past: [UInt64] = [1, 4]
    #expect(vrt_log_remove_calls(log.raw, descending, 2) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_remove_calls(log.raw, repeated, 2) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_remove_calls(log.raw, past, 2) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_remove_calls(log.raw, nil, 0) == VRT_OK)
    #expect(vrt_log_remove_calls(log.raw, nil, 1) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_remove_calls(nil, nil, 0) == VRT_ERR_NULL_ARGUMENT)
    #expect(calls(of: log) == before)
    // Removing every call clears the log.
    let all: [UInt64] = [0, 1, 2, 3]
    #expect(vrt_log_remove_calls(log.raw, all, 4) == VRT_OK)
    #expect(log.count == 0)
  }

  /// A log with calls removed answers every query as a log that recorded only the calls kept
  /// (same sequence numbers and marks), across pages, with indexes built before the removal.
  @Test(arguments: [(5_000, 3), (70_000, 17), (70_000, 2)])
  func aLogWithCallsRemovedAnswersAsALogOfTheRest(count: Int, every: Int) {
    let (log, f, g) = filled(count, chunkSize: 4096)
    var removed: [UInt64] = []
    for i in 0..<UInt64(count) where i % UInt64(every) == 1 || (i > 4_000 && i < 4_200) { removed.append(i) }
    let kept = Log()
    #expect(kept.intern("f") == f)
    #expect(kept.intern("g") == g)
    var r = 0
    for i in 0..<UInt64(count) {
      if r < removed.count, removed[r] == i {
        r += 1
        continue
      }
      let call = log.call(i)
      let status = vrt_log_append(kept.raw, call.method, call.args, call.length, call.arg_count, call.seq, nil)
      #expect(status == VRT_OK)
      if call.verified { _ = vrt_log_set_verified(kept.raw, kept.count - 1, true) }
    }
    #expect(vrt_log_remove_calls(log.raw, removed, removed.count) == VRT_OK)
    #expect(log.count == kept.count)
    #expect(calls(of: log) == calls(of: kept))
    #expect(answers(of: log, f: f, g: g) == answers(of: kept, f: f, g: g))
    // Both keep recording alike.
    for i in 0..<3_000 {
      for target in [log, kept] { target.append(f, [intBytes(Int64(i % 7)), i % 2 == 0 ? a : b]) }
    }
    #expect(answers(of: log, f: f, g: g) == answers(of: kept, f: f, g: g))
  }

  @Test func removingTheCallsAPatternMatches() {
    let (log, f, g) = filled(3_000)
    let expected = log.count - log.count(f, [.eq(one), .any])
    var removed: UInt64 = 0
    let status = withPattern(method: f, [.eq(one), .any]) { vrt_log_remove_matching(log.raw, &$0, &removed) }
    #expect(status == VRT_OK)
    #expect(removed == 3_000 - expected)
    #expect(log.count == expected)
    #expect(log.count(f, [.eq(one), .any]) == 0)
    #expect(log.count(f, [.eq(two), .any]) > 0)
    #expect(vrt_log_count_method(log.raw, g) == 1_000)
    // Nothing matches now: nothing is removed.
    let again = withPattern(method: f, [.eq(one), .any]) { vrt_log_remove_matching(log.raw, &$0, &removed) }
    #expect(again == VRT_OK)
    #expect(removed == 0)
    #expect(withPattern(method: f, []) { vrt_log_remove_matching(nil, &$0, nil) } == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_remove_matching(log.raw, nil, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(withPattern(method: 99, []) { vrt_log_remove_matching(log.raw, &$0, nil) } == VRT_ERR_INVALID_ARGUMENT)
  }
}
