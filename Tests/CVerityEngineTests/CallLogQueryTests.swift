import CVerityEngine
import Testing

/// Counts how often a predicate runs, and accepts arguments equal to `accepted`.
final class PredicateProbe {
  var calls: [(index: UInt64, arg: UInt32)] = []
  let accepted: [UInt8]
  init(accepting accepted: [UInt8]) { self.accepted = accepted }

  static let function: vrt_predicate_fn = { context, index, arg, bytes, length in
    let probe = Unmanaged<PredicateProbe>.fromOpaque(context!).takeUnretainedValue()
    probe.calls.append((index, arg))
    return Array(UnsafeBufferPointer(start: bytes, count: length)) == probe.accepted
  }

  func withContext<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
    withExtendedLifetime(self) { body(Unmanaged.passUnretained(self).toOpaque()) }
  }
}

@Suite struct CallLogQueryTests {
  let one = intBytes(1)
  let two = intBytes(2)
  let a = stringBytes("a")
  let b = stringBytes("b")

  /// f(1,"a") f(2,"a") g(1,"a") f(1,"a") f(1,"b") f(1) f(1,"a",true) f(<garbage>) f(1,"a")
  func sample() -> (Log, f: UInt32, g: UInt32) {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    log.append(f, [one, a])
    log.append(f, [two, a])
    log.append(g, [one, a])
    log.append(f, [one, a])
    log.append(f, [one, b])
    log.append(f, [one])
    log.append(f, [one, a, encode { $0.bool(true) }])
    log.append(f, [[0xFF], [0x01]])  // two "arguments" that are not values
    log.append(f, [one, a])
    return (log, f, g)
  }

  @Test func exactCounts() {
    let (log, f, g) = sample()
    #expect(log.count(f, [.eq(one), .eq(a)]) == 3)
    #expect(log.count(g, [.eq(one), .eq(a)]) == 1)
    #expect(log.count(f, [.eq(two), .eq(a)]) == 1)
    #expect(log.count(f, [.eq(intBytes(3)), .eq(a)]) == 0)
    #expect(log.count(f, [.eq(one)]) == 1)
    #expect(log.count(f, [.eq(a), .eq(one)]) == 0)
    #expect(log.count(f, []) == 0)
    // The index is extended for calls appended after it was built.
    log.append(f, [one, a])
    log.append(f, [intBytes(3), a])
    #expect(log.count(f, [.eq(one), .eq(a)]) == 4)
    #expect(log.count(f, [.eq(intBytes(3)), .eq(a)]) == 1)
  }

  @Test func anyArgumentsCountsEveryCallOfTheMethod() {
    let (log, f, g) = sample()
    #expect(log.count(f, [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == 8)
    #expect(log.count(g, [.eq(two)], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == 1)
    #expect(log.find(f, [], from: 4, flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == (5, [4, 5, 6, 7, 8]))
    #expect(log.first(g, [], from: 3, flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == nil)
  }

  @Test func mixedPatternsScan() {
    let (log, f, _) = sample()
    #expect(log.count(f, [.any, .eq(a)]) == 4)
    #expect(log.count(f, [.eq(one), .any]) == 4)
    // Argument counts must agree, malformed argument lists never match.
    #expect(log.count(f, [.any, .any]) == 5)
    #expect(log.count(f, [.any]) == 1)
    #expect(log.count(f, [.any, .any, .any]) == 1)
    #expect(log.find(f, [.any, .eq(a)]) == (4, [0, 1, 3, 8]))
  }

  @Test func argumentCountAndMethodSeparateEqualBytes() {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    log.append(f, [one, two])
    let joined = one + two
    #expect(joined.withUnsafeBufferPointer {
      vrt_log_append(log.raw, f, $0.baseAddress, $0.count, 1, VRT_SEQ_AUTO, nil)
    } == VRT_OK)
    log.append(g, [one, two])
    #expect(log.count(f, [.eq(one), .eq(two)]) == 1)
    #expect(log.count(g, [.eq(one), .eq(two)]) == 1)
    // An EQ argument that is not exactly one value matches nothing, on both paths, even against
    // malformed calls whose bytes would line up with it.
    #expect(log.count(f, [.eq(joined)]) == 0)
    #expect(log.count(f, [.eq(joined), .any]) == 0)
    #expect(log.count(f, [.eq([])]) == 0)
    let h = log.intern("h")
    let threeAsTwo = joined + a
    #expect(threeAsTwo.withUnsafeBufferPointer {
      vrt_log_append(log.raw, h, $0.baseAddress, $0.count, 2, VRT_SEQ_AUTO, nil)
    } == VRT_OK)
    #expect(one.withUnsafeBufferPointer {
      vrt_log_append(log.raw, h, $0.baseAddress, $0.count, 2, VRT_SEQ_AUTO, nil)
    } == VRT_OK)
    #expect(log.count(h, [.eq(joined), .any]) == 0)
    #expect(log.count(h, [.eq([]), .any]) == 0)
    #expect(log.count(h, [.any, .any]) == 0)
    #expect(log.nearest(h, [.eq(joined), .any], capacity: 2).total == 2)
  }

  @Test func findAndFirstFromAnIndex() {
    let (log, f, _) = sample()
    #expect(log.find(f, [.eq(one), .eq(a)]) == (3, [0, 3, 8]))
    #expect(log.find(f, [.eq(one), .eq(a)], from: 1) == (2, [3, 8]))
    #expect(log.find(f, [.eq(one), .eq(a)], from: 1, capacity: 1) == (2, [3]))
    #expect(log.find(f, [.eq(one), .eq(a)], capacity: 0) == (3, []))
    #expect(log.find(f, [.eq(one), .eq(a)], from: 9) == (0, []))
    #expect(log.first(f, [.eq(one), .eq(a)]) == 0)
    #expect(log.first(f, [.eq(one), .eq(a)], from: 4) == 8)
    #expect(log.first(f, [.eq(one), .eq(a)], from: 9) == nil)
    #expect(log.first(f, [.any, .eq(a)], from: 2) == 3)
    #expect(log.first(f, [.any, .eq(b)], from: 5) == nil)
    #expect(log.find(f, [.any, .any], from: 3, capacity: 2) == (3, [3, 4]))
  }

  @Test func predicatesRunOnlyAfterCheapChecks() {
    let (log, f, _) = sample()
    let probe = PredicateProbe(accepting: two)
    let count = probe.withContext { context in
      log.count(f, [.predicate, .eq(a)], predicate: PredicateProbe.function, context: context)
    }
    #expect(count == 1)
    // Only the calls with two arguments whose second is "a".
    #expect(probe.calls.map(\.index) == [0, 1, 3, 8])
    #expect(probe.calls.allSatisfy { $0.arg == 0 })
  }

  @Test func invalidPatterns() {
    let (log, f, _) = sample()
    var count: UInt64 = 0
    let unknown = withPattern(method: 9, [.any]) { vrt_log_count(log.raw, &$0, &count) }
    #expect(unknown == VRT_ERR_INVALID_ARGUMENT)
    let noCallback = withPattern(method: f, [.predicate]) { vrt_log_count(log.raw, &$0, &count) }
    #expect(noCallback == VRT_ERR_INVALID_ARGUMENT)
    let tooMany = withPattern(method: f, []) { pattern -> vrt_status in
      pattern.arg_count = 256
      return vrt_log_count(log.raw, &pattern, &count)
    }
    #expect(tooMany == VRT_ERR_INVALID_ARGUMENT)
    var badKind = vrt_arg_pattern()
    badKind.kind = vrt_arg_kind(rawValue: 7)
    var pattern = vrt_pattern()
    pattern.method = f
    pattern.arg_count = 1
    let status = withUnsafePointer(to: &badKind) { args -> vrt_status in
      pattern.args = args
      return vrt_log_count(log.raw, &pattern, &count)
    }
    #expect(status == VRT_ERR_INVALID_ARGUMENT)
    pattern.args = nil
    #expect(vrt_log_count(log.raw, &pattern, &count) == VRT_ERR_NULL_ARGUMENT)
  }

  @Test func markVerifiedThenUnverified() {
    let (log, f, g) = sample()
    #expect(log.markVerified(f, [.eq(one), .eq(a)]) == 3)
    #expect(log.unverified(f) == (5, [1, 4, 5, 6, 7]))
    #expect(log.markVerified(f, [.any, .eq(b)]) == 1)
    #expect(log.unverified() == (5, [1, 2, 5, 6, 7]))
    // Marking again counts the matches, verified or not.
    #expect(log.markVerified(f, [.eq(one), .eq(a)]) == 3)
    #expect(log.markVerified(g, [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == 1)
    #expect(log.unverified() == (4, [1, 5, 6, 7]))
    #expect(log.unverified(g) == (0, []))
    let status = withPattern(method: f, [.any]) { vrt_log_mark_verified(log.raw, &$0, nil) }
    #expect(status == VRT_OK)
    #expect(log.unverified() == (3, [1, 6, 7]))
  }

  @Test func nearestRanksByMatchingArguments() {
    let log = Log()
    let f = log.intern("f")
    let t = encode { $0.bool(true) }
    let fa = encode { $0.bool(false) }
    log.append(f, [intBytes(9), stringBytes("z"), fa])  // 0: 0 matching
    log.append(f, [one, a, fa])  // 1: 2 matching, arg 2 differs
    log.append(f, [two, b, t])  // 2: 1 matching
    log.append(f, [one, a, t])  // 3: matches
    log.append(f, [one])  // 4: argument count differs
    log.append(f, [one, b, fa])  // 5: 1 matching
    log.append(f, [one, a, fa])  // 6: 2 matching
    let pattern: [Arg] = [.eq(one), .eq(a), .eq(t)]
    let all = log.nearest(f, pattern, capacity: 10)
    #expect(all.total == 6)
    #expect(all.calls.map(\.index) == [1, 6, 2, 5, 0, 4])
    #expect(all.calls.map(\.matching_args) == [2, 2, 1, 1, 0, 0])
    #expect(all.calls.map(\.mismatch_mask) == [0b100, 0b100, 0b011, 0b110, 0b111, 0b111])
    #expect(all.calls.map(\.arg_count) == [3, 3, 3, 3, 3, 1])
    let top = log.nearest(f, pattern, capacity: 3)
    #expect(top.total == 6)
    #expect(top.calls.map(\.index) == [1, 6, 2])
    #expect(log.nearest(f, pattern, capacity: 0).total == 6)
    #expect(log.nearest(f, pattern, capacity: 1).calls.map(\.index) == [1])
  }

  @Test func nearestEvaluatesPredicates() {
    let log = Log()
    let f = log.intern("f")
    log.append(f, [one, a])  // predicate fails on arg 0, arg 1 matches
    log.append(f, [two, b])  // predicate passes, arg 1 differs
    log.append(f, [two, a])  // matches
    let probe = PredicateProbe(accepting: two)
    let result = probe.withContext { context in
      log.nearest(f, [.predicate, .eq(a)], capacity: 4, predicate: PredicateProbe.function,
                  context: context)
    }
    #expect(result.total == 2)
    #expect(result.calls.map(\.index) == [0, 1])
    #expect(result.calls.map(\.mismatch_mask) == [0b01, 0b10])
  }

  @Test func nearestRankingIsBoundedAndExactOnManyCalls() {
    let log = Log()
    let f = log.intern("f")
    // matching args cycle 0, 1, 2 over 3000 calls: ranked by matching desc then index asc.
    for i in 0..<3_000 {
      switch i % 3 {
      case 0: log.append(f, [two, b])
      case 1: log.append(f, [one, b])
      default: log.append(f, [one, a, a])
      }
    }
    log.append(f, [one, a])  // the only match
    let result = log.nearest(f, [.eq(one), .eq(a)], capacity: 5)
    #expect(result.total == 3_000)
    #expect(result.calls.map(\.index) == [1, 4, 7, 10, 13])
    #expect(result.calls.allSatisfy { $0.matching_args == 1 })
    // Calls with another argument count rank with 0 matching arguments, after the others.
    let wide = log.nearest(f, [.eq(one), .eq(a)], capacity: 3_000)
    #expect(wide.calls.last?.index == 2_999)
  }

  @Test func forcedCollisionsNeverMatchDifferentBytes() {
    let log = Log(constantHash: 42)
    let f = log.intern("f")
    let g = log.intern("g")
    let distinct = 1_500
    var expectedF = [Int](repeating: 0, count: distinct)
    var expectedG = [Int](repeating: 0, count: distinct)
    for round in 0..<5 {
      for i in 0..<distinct where round < i % 5 + 1 {
        log.append(f, [intBytes(Int64(i)), stringBytes("s\(i % 3)")])
        expectedF[i] += 1
        if round == 0 && i % 2 == 0 {
          log.append(g, [intBytes(Int64(i)), stringBytes("s\(i % 3)")])
          expectedG[i] += 1
        }
      }
    }
    var wrong = 0
    for i in 0..<distinct {
      let args: [Arg] = [.eq(intBytes(Int64(i))), .eq(stringBytes("s\(i % 3)"))]
      if log.count(f, args) != UInt64(expectedF[i]) { wrong += 1 }
      if log.count(g, args) != UInt64(expectedG[i]) { wrong += 1 }
      // Same integer, other string: never present.
      if log.count(f, [.eq(intBytes(Int64(i))), .eq(stringBytes("s\((i + 1) % 3)"))]) != 0 { wrong += 1 }
    }
    #expect(wrong == 0)
    let found = log.find(f, [.eq(intBytes(4)), .eq(stringBytes("s1"))], capacity: 10)
    #expect(found.total == 5)
    #expect(found.indices.allSatisfy { index in
      let call = log.call(index)
      let bytes = Array(UnsafeBufferPointer(start: call.args, count: call.length))
      return call.method == f && bytes == intBytes(4) + stringBytes("s1")
    })
    #expect(log.count(f, [.eq(intBytes(-1)), .eq(stringBytes("s0"))]) == 0)
  }
}
