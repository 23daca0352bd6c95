import Foundation
import Testing
import Verity

/// A call log keeps plain argument values (numbers, strings, optionals, arrays and dictionaries
/// of them) only as bytes and rebuilds them on demand. Whatever it keeps, a value read back must
/// be indistinguishable from the recorded one: same dynamic type, same bits, same UTF-8.
@Suite struct PlainValueTests {
  /// An exact description of a value: its dynamic type and contents, with floating-point bit
  /// patterns and string UTF-8 spelled out (so -0.0, NaN payloads and normalization show).
  static func exact(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let double as Double where type(of: value) == Double.self:
      return "Double(\(double.bitPattern))"
    case let float as Float where type(of: value) == Float.self:
      return "Float(\(float.bitPattern))"
    case let string as String where type(of: value) == String.self:
      return "String(\(Array(string.utf8)))"
    case let array as [Any] where type(of: value) == [Any].self:
      return "[Any](" + array.map { exact($0) }.joined(separator: ", ") + ")"
    case let dictionary as [String: Any] where type(of: value) == [String: Any].self:
      return "[String: Any](" + dictionary.keys.sorted().map { "\($0): \(exact(dictionary[$0]))" }.joined(separator: ", ") + ")"
    default:
      // A rebuilt dictionary is equal but may iterate in another order (Swift promises none).
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .dictionary {
        let entries = mirror.children.map { entry -> String in
          let pair = Mirror(reflecting: entry.value).children.map { exact($0.value) }
          return pair.joined(separator: ": ")
        }
        return "\(type(of: value))(\(entries.sorted().joined(separator: ", ")))"
      }
      return "\(type(of: value))(\(String(reflecting: value)))"
    }
  }

  struct Point: Equatable {
    var x: Int
  }

  static var samples: [Any?] {
    [
    -5, Int8(-128), Int16(300), Int32.min, Int64.min, UInt.max, UInt8(255), UInt16(7), UInt32.max, UInt64.max,
    true, false, 2.5, -0.0, 0.0, Double.nan, -Double.nan, Double.infinity, Float(1.5), Float(-0.0), Float.nan,
    "ascii", "caf\u{E9}", "cafe\u{301}", "", "line\r\nbreak",
    Int?.none as Any, Int?.some(3) as Any, String?.some("s") as Any,
    [1, 2, 3], [Int](), ["a": 1, "b": 2], [[1], [2, 3]], [Double.nan], ["k": "caf\u{E9}"],
    ["k": [1, "x", 2.5, true, ["n": "m"]]] as [String: Any], [1, "x"] as [Any], ["x": -0.0] as [String: Any],
    ["n": NSNull()] as [String: Any], Set([1]), Point(x: 1), NSNumber(value: 3), nil,
    ]
  }

  @Test func everyValueReadsBackExactlyFromAnArgumentList() {
    let log = CallLog()
    let samples = Self.samples
    for sample in samples { log.record("m", arguments: [sample, "tail"]) }
    for (index, sample) in samples.enumerated() {
      let read = log._withKeptValue(call: index, position: 0) { Self.exact($0) }
      #expect(read == Self.exact(sample), "sample \(index)")
      #expect(log._withKeptValue(call: index, position: 1) { Self.exact($0) } == Self.exact("tail"))
    }
  }

  @Test func typedArgumentsReadBackExactly() {
    let log = CallLog()
    log.record("m", -5, Int8(-128), UInt64.max)
    log.record("m", -0.0, Double.nan, Float(2.5))
    log.record("m", "cafe\u{301}", Int?.none, Int??.some(nil))
    log.record("m", [1, 2], ["a": [true]], Set([1]))
    let expected: [[Any?]] = [
      [-5, Int8(-128), UInt64.max], [-0.0, Double.nan, Float(2.5)], ["cafe\u{301}", Int?.none as Any, Int??.some(nil) as Any],
      [[1, 2], ["a": [true]], Set([1])],
    ]
    for (call, values) in expected.enumerated() {
      for (position, value) in values.enumerated() {
        #expect(log._withKeptValue(call: call, position: position) { Self.exact($0) } == Self.exact(value))
      }
    }
  }

  @Test func plainCallsKeepNoValuesAndOthersKeepTheirArray() {
    let plain = CallLog()
    let structuresOnly = CallLog(keepsValues: false)
    for i in 0..<1_000 {
      plain.record("m", arguments: [i, "name-\(i)", Double(i), ["k": i] as [String: Any]])
      structuresOnly.record("m", arguments: [i, "name-\(i)", Double(i), ["k": i] as [String: Any]])
    }
    #expect(plain.memoryFootprint == structuresOnly.memoryFootprint)
    let kept = CallLog()
    for i in 0..<1_000 { kept.record("m", arguments: [i, -0.0]) }  // negative zero is not plain
    #expect(kept.memoryFootprint > structuresOnly.memoryFootprint / 2)
    #expect(kept._withKeptValue(call: 7, position: 1) { Self.exact($0) } == Self.exact(-0.0))
  }

  @Test func captorsGetTheRecordedValues() {
    let store = FakeStore()
    store.save(1, "caf\u{E9}")
    store.save(2, "cafe\u{301}")
    let names = ArgumentCaptor<String>()
    store.verifyCall(withIdentifier: "save", arguments: [any(), names], mode: .times(2))
    #expect(names.allValues.map { Array($0.utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
  }
}
