import CVerityEngine
import Testing

/// `vrt_arg_test_integer`, `_double` and `_string`: a built-in kind asked about one value, as
/// Swift's matchers ask it. Each answers as a query's scan answers for the same value recorded.
@Suite struct BuiltInOnOneValueTests {
  typealias Kinds = CallLogEngineKindTests

  /// The scan's answer for `value` recorded alone, with the callback answering "unsure" cases
  /// false (a string the bytes cannot decide is then counted 0, and the one-value test says nil).
  static func scanned(_ argument: vrt_arg_pattern, _ value: [UInt8]) -> UInt64 {
    let log = Log()
    let m = log.intern("m")
    #expect(log.append(m, [value]) == VRT_OK)
    let (status, count) = Kinds.count(log, m, argument, fallback: false)
    #expect(status == VRT_OK)
    return count
  }

  @Test func integersAgreeWithTheScanAcrossTheDomain() {
    let bounds: [(Bool, UInt64, Bool)] = [(false, 0, false), (false, 0, true), (true, 0, true), (false, 5, false), (true, UInt64(Int64.max), true), (false, UInt64.max, false)]
    let values: [(Bool, UInt64)] = [(true, UInt64(Int64.max)), (true, 1), (true, 0), (false, 0), (false, 4), (false, 5), (false, 6), (false, UInt64(Int64.max)), (false, UInt64.max)]
    for low in bounds + [nil] as [(Bool, UInt64, Bool)?] {
      for high in bounds + [nil] as [(Bool, UInt64, Bool)?] {
        var pattern = Kinds.intRange(low: low, high: high)
        for (negative, magnitude) in values {
          let bytes = negative ? encode { $0.int(-Int64(magnitude) - 1) } : encode { $0.uint(magnitude) }
          let one = vrt_arg_test_integer(&pattern, negative, magnitude)
          #expect(one == (Self.scanned(pattern, bytes) == 1 ? VRT_ANSWER_YES : VRT_ANSWER_NO),
                  "low \(String(describing: low)) high \(String(describing: high)) value \(negative ? "-" : "")\(magnitude)")
        }
      }
    }
  }

  @Test func doublesAgreeWithTheScanNaNIncluded() {
    let values: [Double] = [-.infinity, -1, -0.0, 0, 0.5, 1, .infinity, .nan]
    for (flags, low, high) in [(VRT_ARG_LOW | VRT_ARG_HIGH, 0.0, 1.0), (VRT_ARG_LOW | VRT_ARG_LOW_INCLUSIVE, 0.0, 0.0), (VRT_ARG_HIGH | VRT_ARG_HIGH_INCLUSIVE, 0.0, 1.0), (0, 0.0, 0.0)] {
      var pattern = vrt_arg_pattern()
      pattern.kind = VRT_ARG_DOUBLE_RANGE
      pattern.flags = UInt32(flags)
      pattern.low.value = low
      pattern.high.value = high
      for value in values {
        let one = vrt_arg_test_double(&pattern, value)
        #expect(one == (Self.scanned(pattern, encode { $0.double(value) }) == 1 ? VRT_ANSWER_YES : VRT_ANSWER_NO), "\(flags) \(value)")
      }
    }
  }

  @Test func stringsAgreeWithTheScanAndAreUnsureWhereBytesCannotDecide() {
    let texts = ["", "hello", "HeLLo world", "say hello", "héllo", "a\r\nb", "hel"]
    for kind in [VRT_ARG_STRING_PREFIX, VRT_ARG_STRING_SUFFIX, VRT_ARG_STRING_CONTAINS] {
      for needle in ["", "hel", "LO", "o w"] {
        for fold in [false, true] {
          for text in texts {
            var needleBytes = Array(needle.utf8)
            let one = needleBytes.withUnsafeMutableBufferPointer { buffer -> (vrt_answer, UInt64) in
              var pattern = vrt_arg_pattern()
              pattern.kind = kind
              pattern.bytes = UnsafePointer(buffer.baseAddress)
              pattern.length = buffer.count
              pattern.flags = fold ? UInt32(VRT_ARG_ASCII_CASE_FOLD) : 0
              var utf8 = Array(text.utf8)
              let answer = utf8.withUnsafeMutableBufferPointer { vrt_arg_test_string(&pattern, $0.baseAddress, $0.count) }
              return (answer, Self.scanned(pattern, stringBytes(text)))
            }
            let decidable = text.utf8.allSatisfy { $0 < 0x80 && $0 != 13 }
            let expected = !decidable ? VRT_ANSWER_UNSURE : one.1 == 1 ? VRT_ANSWER_YES : VRT_ANSWER_NO
            #expect(one.0 == expected, "\(kind) \(needle) \(fold) \(text)")
          }
        }
      }
    }
  }

  @Test func aMissingPatternOrAnotherKindIsUnsure() {
    #expect(vrt_arg_test_integer(nil, false, 1) == VRT_ANSWER_UNSURE)
    #expect(vrt_arg_test_double(nil, 1) == VRT_ANSWER_UNSURE)
    #expect(vrt_arg_test_string(nil, nil, 0) == VRT_ANSWER_UNSURE)
    var range = Kinds.intRange(high: (false, 3, false))
    #expect(vrt_arg_test_double(&range, 1) == VRT_ANSWER_UNSURE)
    #expect(vrt_arg_test_string(&range, nil, 0) == VRT_ANSWER_UNSURE)
    var double = vrt_arg_pattern()
    double.kind = VRT_ARG_DOUBLE_RANGE
    #expect(vrt_arg_test_integer(&double, false, 1) == VRT_ANSWER_UNSURE)
    var prefix = vrt_arg_pattern()
    prefix.kind = VRT_ARG_STRING_PREFIX
    prefix.length = 2  // a needle length with no bytes
    #expect(vrt_arg_test_string(&prefix, nil, 0) == VRT_ANSWER_UNSURE)
    prefix.length = 0  // the empty needle, with no bytes: every string starts with it
    #expect(vrt_arg_test_string(&prefix, nil, 0) == VRT_ANSWER_YES)
    var nonASCII: [UInt8] = Array("é".utf8)
    nonASCII.withUnsafeMutableBufferPointer { buffer in
      prefix.bytes = UnsafePointer(buffer.baseAddress)
      prefix.length = buffer.count
      #expect(vrt_arg_test_string(&prefix, UnsafePointer(buffer.baseAddress), buffer.count) == VRT_ANSWER_UNSURE)
    }
  }
}
