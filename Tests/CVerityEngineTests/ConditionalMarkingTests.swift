import CVerityEngine
import Testing

extension Log {
  /// `vrt_log_mark_verified_if`: (count, marked).
  func markVerified(_ method: UInt32, _ args: [Arg], flags: UInt32 = 0, within bounds: (UInt64, UInt64))
    -> (count: UInt64, marked: Bool)
  {
    var count: UInt64 = 0
    var marked = false
    let status = withPattern(method: method, args, flags: flags) {
      vrt_log_mark_verified_if(raw, &$0, bounds.0, bounds.1, &count, &marked)
    }
    precondition(status == VRT_OK)
    return (count, marked)
  }
}

/// A verification marks its calls only when it passes; a failed one changes no verified bit.
@Suite struct ConditionalMarkingTests {
  /// 3 000 calls of "m" (so several pages), argument 0..2 repeating; "other" once.
  func makeLog() -> (Log, UInt32) {
    let log = Log()
    let m = log.intern("m")
    let other = log.intern("other")
    for i in 0..<3_000 { _ = log.append(m, [intBytes(Int64(i % 3))]) }
    _ = log.append(other, [])
    return (log, m)
  }

  @Test func marksWhenTheCountIsWithinBounds() {
    let (log, m) = makeLog()
    let result = log.markVerified(m, [.eq(intBytes(1))], within: (1_000, 1_000))
    #expect(result.count == 1_000 && result.marked)
    #expect(log.unverified().total == 2_001)
  }

  @Test func revertsOnlyItsOwnMarksWhenOutOfBounds() {
    let (log, m) = makeLog()
    // Calls with argument 1 verified earlier must stay verified.
    #expect(log.markVerified(m, [.eq(intBytes(1))]) == 1_000)
    for bounds in [(0, 0), (1, 1), (3_001, UInt64.max)] as [(UInt64, UInt64)] {
      let result = log.markVerified(m, [.any], within: bounds)
      #expect(result.count == 3_000 && !result.marked)
      #expect(log.unverified().total == 2_001)
      #expect(log.unverified(m).total == 2_000)
    }
    // The any-arguments form and the exact index take the same rule.
    #expect(!log.markVerified(m, [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS), within: (0, 10)).marked)
    #expect(!log.markVerified(m, [.eq(intBytes(2))], within: (0, 999)).marked)
    #expect(log.unverified().total == 2_001)
  }

  @Test func anEmptyRangeNeverMarks() {
    let (log, m) = makeLog()
    let result = log.markVerified(m, [.eq(intBytes(0))], within: (1, 0))
    #expect(result.count == 1_000 && !result.marked)
    #expect(log.unverified().total == 3_001)
  }

  @Test func nullArgumentsAreRejected() {
    let (log, m) = makeLog()
    var count: UInt64 = 0
    var marked = false
    let status = withPattern(method: m, [.any]) { vrt_log_mark_verified_if(log.raw, &$0, 0, 1, nil, &marked) }
    #expect(status == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_mark_verified_if(log.raw, nil, 0, 1, &count, &marked) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_mark_verified_if(nil, nil, 0, 1, &count, &marked) == VRT_ERR_NULL_ARGUMENT)
  }
}
