import CVerityEngine
import Testing

/// Counts predicate calls and accepts an integer argument >= `minimum`.
final class ThresholdPredicate {
  var invocations = 0
  let minimum: UInt64
  init(minimum: UInt64) { self.minimum = minimum }

  static let function: vrt_predicate_fn = { context, _, _, bytes, length in
    let predicate = Unmanaged<ThresholdPredicate>.fromOpaque(context!).takeUnretainedValue()
    predicate.invocations += 1
    guard let bytes, length >= 2, bytes[0] == Tag.uint else { return false }
    var value: UInt64 = 0
    var used = 0
    guard vrt_read_varint(bytes + 1, length - 1, &value, &used) == VRT_OK else { return false }
    return value >= predicate.minimum
  }
}

/// One million recorded calls, counted exactly by every kind of pattern.
@Suite struct CallLogScaleTests {
  static let calls = 1_000_000

  /// Arguments of call i: (i % 1000, "s\(i % 10)", Double(i % 4)).
  static let combos: [[UInt8]] = (0..<1_000).map { a in
    intBytes(Int64(a)) + stringBytes("s\(a % 10)") + encode { $0.double(Double(a % 4)) }
  }

  static func record() -> (Log, UInt32, UInt32, argBytes: Int) {
    let log = Log()
    let m = log.intern("record(_:_:_:)")
    let other = log.intern("other()")
    var argBytes = 0
    for i in 0..<calls {
      let combo = combos[i % 1_000]
      argBytes += combo.count
      _ = combo.withUnsafeBufferPointer {
        vrt_log_append(log.raw, m, $0.baseAddress, $0.count, 3, VRT_SEQ_AUTO, nil)
      }
    }
    for _ in 0..<10 { log.append(other, []) }
    return (log, m, other, argBytes)
  }

  @Test func millionCallsCountedExactly() {
    let (log, m, other, argBytes) = Self.record()
    #expect(log.count == UInt64(Self.calls + 10))
    #expect(vrt_log_count_method(log.raw, m) == UInt64(Self.calls))
    #expect(vrt_log_count_method(log.raw, other) == 10)

    // Memory before any index: the arena plus 32 bytes of record and 4 of method list per call
    // (the list's capacity doubles, the last record page may be mostly empty).
    let memory = vrt_log_memory(log.raw)
    #expect(memory >= argBytes + 36 * Self.calls)
    #expect(memory <= argBytes + 40 * Self.calls + 2 * 2_097_152 + 65_536)

    let a7 = Self.combos[7]
    let seven: [Arg] = [.eq(intBytes(7)), .eq(stringBytes("s7")), .eq(encode { $0.double(3) })]
    #expect(Array(a7) == intBytes(7) + stringBytes("s7") + encode { $0.double(3) })
    #expect(log.count(m, seven) == 1_000)
    #expect(log.count(m, [.eq(intBytes(7)), .eq(stringBytes("s3")), .any]) == 0)
    #expect(log.count(m, [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == UInt64(Self.calls))
    #expect(log.count(m, [.any, .eq(stringBytes("s3")), .any]) == 100_000)
    #expect(log.count(m, [.eq(intBytes(7)), .any, .any]) == 1_000)
    #expect(log.count(m, [.any, .any, .any]) == UInt64(Self.calls))
    #expect(log.count(other, []) == 10)

    let predicate = ThresholdPredicate(minimum: 500)
    let matched = withExtendedLifetime(predicate) {
      log.count(m, [.predicate, .eq(stringBytes("s3")), .any],
                predicate: ThresholdPredicate.function,
                context: Unmanaged.passUnretained(predicate).toOpaque())
    }
    #expect(matched == 50_000)
    #expect(predicate.invocations == 100_000)

    #expect(log.first(m, seven, from: 500_000) == 500_007)
    #expect(log.find(m, seven, from: 998_000, capacity: 4) == (2, [998_007, 999_007]))
    #expect(log.first(m, [.any, .eq(stringBytes("s9")), .any], from: 999_991) == 999_999)
    #expect(vrt_log_lower_bound(log.raw, 500_001) == 500_000)

    #expect(log.markVerified(m, seven) == 1_000)
    #expect(log.unverified().total == UInt64(Self.calls + 10 - 1_000))
    #expect(log.unverified(capacity: 8).indices == [0, 1, 2, 3, 4, 5, 6, 8])

    // Appending after the indexes exist extends them.
    log.append(m, [intBytes(7), stringBytes("s7"), encode { $0.double(3) }])
    #expect(log.count(m, seven) == 1_001)
    #expect(log.count(m, [.eq(intBytes(7)), .any, .any]) == 1_001)
  }
}
