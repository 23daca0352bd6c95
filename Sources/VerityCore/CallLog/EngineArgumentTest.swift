internal import CVerityEngine

/// A built-in matcher in a form the C engine evaluates on an argument's bytes: a range of integers
/// or doubles, or an ASCII string prefix, suffix or substring.
///
/// The engine uses it only for calls whose recorded argument has exactly the matcher's type (a
/// call log knows the types of plain arguments), so its answer is the Swift matcher's answer: the
/// integer and double comparisons are exact, and the string kinds decide by bytes only for ASCII
/// strings with no carriage return, handing every other string back to Swift.
package enum _EnginePredicate: Sendable {
  /// An integer bound in the engine's NINT convention: `magnitude`, or `-(magnitude + 1)` when
  /// negative; `inclusive` says whether the bound itself is accepted.
  package struct IntegerBound: Sendable {
    let negative: Bool
    let magnitude: UInt64
    let inclusive: Bool
  }

  package struct DoubleBound: Sendable {
    let value: Double
    let inclusive: Bool
  }

  package enum StringKind: Sendable {
    case prefix, suffix, contains
  }

  /// Any value (of the plain argument form's type): what a typed `any()` compiles to.
  case anyValue
  case integers(low: IntegerBound?, high: IntegerBound?)
  case doubles(low: DoubleBound?, high: DoubleBound?)
  case string(StringKind, needle: [UInt8], ignoringASCIICase: Bool)

  /// The engine test for a comparison with `bound` (`lower`: the bound is a minimum), when `T` is
  /// a standard integer or floating-point type.
  package static func comparison<T>(_ bound: T, lower: Bool, inclusive: Bool) -> _EnginePredicate? {
    if let double = _doubleValue(bound) {
      let bound = DoubleBound(value: double, inclusive: inclusive)
      return lower ? .doubles(low: bound, high: nil) : .doubles(low: nil, high: bound)
    }
    guard let integer = _integerValue(bound) else { return nil }
    let bound = IntegerBound(negative: integer.negative, magnitude: integer.magnitude, inclusive: inclusive)
    return lower ? .integers(low: bound, high: nil) : .integers(low: nil, high: bound)
  }

  /// The engine test for a range (`a..<b`, `a...b`, `a...`, `..<b`, `...b`) of a standard number type.
  package static func range<R: RangeExpression>(_ range: R) -> _EnginePredicate? {
    func bounds(_ low: R.Bound?, _ lowInclusive: Bool, _ high: R.Bound?, _ highInclusive: Bool) -> _EnginePredicate? {
      let sample = low ?? high
      guard let sample else { return nil }
      if _doubleValue(sample) != nil {
        return .doubles(
          low: low.flatMap(_doubleValue).map { DoubleBound(value: $0, inclusive: lowInclusive) },
          high: high.flatMap(_doubleValue).map { DoubleBound(value: $0, inclusive: highInclusive) })
      }
      guard _integerValue(sample) != nil else { return nil }
      return .integers(
        low: low.flatMap(_integerValue).map { IntegerBound(negative: $0.negative, magnitude: $0.magnitude, inclusive: lowInclusive) },
        high: high.flatMap(_integerValue).map { IntegerBound(negative: $0.negative, magnitude: $0.magnitude, inclusive: highInclusive) })
    }
    switch range {
    case let range as Range<R.Bound>: return bounds(range.lowerBound, true, range.upperBound, false)
    case let range as ClosedRange<R.Bound>: return bounds(range.lowerBound, true, range.upperBound, true)
    case let range as PartialRangeFrom<R.Bound>: return bounds(range.lowerBound, true, nil, false)
    case let range as PartialRangeUpTo<R.Bound>: return bounds(nil, false, range.upperBound, false)
    case let range as PartialRangeThrough<R.Bound>: return bounds(nil, false, range.upperBound, true)
    default: return nil
    }
  }

  /// The engine test for a string matcher, when the needle is ASCII.
  package static func string(_ kind: StringKind, _ needle: String, ignoringCase: Bool) -> _EnginePredicate? {
    let bytes = Array(needle.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    return .string(kind, needle: bytes, ignoringASCIICase: ignoringCase)
  }

  /// Fills an engine argument pattern (the needle's bytes must stay alive while it is used).
  func fill(_ pattern: inout vrt_arg_pattern, needle: UnsafePointer<UInt8>?) {
    func bound(_ b: IntegerBound) -> vrt_bound { vrt_bound(negative: b.negative, magnitude: b.magnitude, value: 0) }
    switch self {
    case .anyValue:
      pattern.kind = VRT_ARG_TYPED_ANY
    case .integers(let low, let high):
      pattern.kind = VRT_ARG_INT_RANGE
      if let low {
        pattern.low = bound(low)
        pattern.flags |= UInt32(VRT_ARG_LOW) | (low.inclusive ? UInt32(VRT_ARG_LOW_INCLUSIVE) : 0)
      }
      if let high {
        pattern.high = bound(high)
        pattern.flags |= UInt32(VRT_ARG_HIGH) | (high.inclusive ? UInt32(VRT_ARG_HIGH_INCLUSIVE) : 0)
      }
    case .doubles(let low, let high):
      pattern.kind = VRT_ARG_DOUBLE_RANGE
      if let low {
        pattern.low.value = low.value
        pattern.flags |= UInt32(VRT_ARG_LOW) | (low.inclusive ? UInt32(VRT_ARG_LOW_INCLUSIVE) : 0)
      }
      if let high {
        pattern.high.value = high.value
        pattern.flags |= UInt32(VRT_ARG_HIGH) | (high.inclusive ? UInt32(VRT_ARG_HIGH_INCLUSIVE) : 0)
      }
    case .string(let kind, let needleBytes, let fold):
      switch kind {
      case .prefix: pattern.kind = VRT_ARG_STRING_PREFIX
      case .suffix: pattern.kind = VRT_ARG_STRING_SUFFIX
      case .contains: pattern.kind = VRT_ARG_STRING_CONTAINS
      }
      pattern.bytes = needle
      pattern.length = needleBytes.count
      if fold { pattern.flags |= UInt32(VRT_ARG_ASCII_CASE_FOLD) }
    }
  }

  /// The engine's evaluation of this predicate on a value of `T`: the C functions a query's scan
  /// runs on a recorded argument's bytes (`vrt_arg_test_integer`, `_double`, `_string`), so Swift's
  /// matchers and the engine share one implementation of each built-in. Nil when the engine reads
  /// no `T` (or for `anyValue`); the test answers nil when the engine cannot decide by bytes (a
  /// string that is not ASCII or holds a carriage return), and Swift then decides.
  package func test<T>(on _: T.Type) -> (@Sendable (T) -> Bool?)? {
    let predicate = self
    switch self {
    case .anyValue:
      return nil
    case .integers:
      guard let parts = _integerParts(T.self) else { return nil }
      return { value in
        let (negative, magnitude) = parts(value)
        return predicate.ask { vrt_arg_test_integer($0, negative, magnitude) }
      }
    case .doubles:
      if T.self == Double.self {
        return { value in predicate.ask { vrt_arg_test_double($0, unsafeBitCast(value, to: Double.self)) } }
      }
      if T.self == Float.self {
        return { value in predicate.ask { vrt_arg_test_double($0, Double(unsafeBitCast(value, to: Float.self))) } }
      }
      return nil
    case .string:
      guard T.self == String.self else { return nil }
      return { value in
        var text = unsafeBitCast(value, to: String.self)
        return text.withUTF8 { utf8 in predicate.ask { vrt_arg_test_string($0, utf8.baseAddress, utf8.count) } }
      }
    }
  }

  /// `body`'s answer on this predicate as an engine argument pattern: nil when it is unsure.
  private func ask(_ body: (UnsafePointer<vrt_arg_pattern>) -> vrt_answer) -> Bool? {
    var pattern = vrt_arg_pattern()
    let answer = needle.withUnsafeBufferPointer { needle in
      fill(&pattern, needle: needle.baseAddress)
      return body(&pattern)
    }
    return answer == VRT_ANSWER_UNSURE ? nil : answer == VRT_ANSWER_YES
  }

  var needle: [UInt8] {
    if case .string(_, let needle, _) = self { return needle }
    return []
  }
}

/// A standard floating-point value as a `Double` (exact for `Float` and `Double`).
private func _doubleValue<T>(_ value: T) -> Double? {
  switch value {
  case let double as Double: return double
  case let float as Float: return Double(float)
  default: return nil
  }
}

/// A standard fixed-width integer in the NINT convention.
private func _integerValue<T>(_ value: T) -> (negative: Bool, magnitude: UInt64)? {
  _integerParts(T.self)?(value)
}

/// For a standard fixed-width integer type (`Int`, `Int8` ... `UInt64`), a function giving a
/// value's NINT form: `magnitude`, or `-(magnitude + 1)` when negative.
private func _integerParts<T>(_: T.Type) -> (@Sendable (T) -> (negative: Bool, magnitude: UInt64))? {
  let standard: [Any.Type] = [
    Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
  ]
  guard standard.contains(where: { $0 == T.self }), let integer = T.self as? any (FixedWidthInteger & _PlainDecodable).Type else { return nil }
  func parts<I: FixedWidthInteger & _PlainDecodable>(_: I.Type) -> @Sendable (T) -> (negative: Bool, magnitude: UInt64) {
    { value in
      let v = unsafeBitCast(value, to: I.self)
      return v < 0 ? (true, UInt64(~v)) : (false, UInt64(v))  // ~v == -(v + 1)
    }
  }
  return parts(integer)
}

/// What a matcher gives a query over recorded calls: its type, its engine test if any, and a test
/// on an argument's bytes that decodes a `T` without boxing it (for plain `T`).
@usableFromInline
package struct _PlainArgumentForm: Sendable {
  /// The matcher's `T`: the fast paths apply only to calls whose argument has exactly this type.
  let type: ObjectIdentifier
  let engine: _EnginePredicate?
  /// Decodes the bytes as a `T` and runs the matcher's test; nil when they don't decode.
  let bytesTest: @Sendable (UnsafeRawBufferPointer) -> Bool?

  /// The plain argument form of a matcher of `T` with this engine form and test; nil when `T` is not a
  /// plain type (see PlainValues.swift): such values are never decoded.
  package init?<T>(matching _: T.Type, engine: _EnginePredicate?, test: @escaping @Sendable (T) -> Bool) {
    guard let plain = _PlainTypes.plain(T.self) else { return nil }
    self.init(type: ObjectIdentifier(T.self), engine: engine, bytesTest: _bytesTest(plain, test))
  }

  /// Whether a matcher of `T` can have a plain argument form (`T` is a plain type): asked before the
  /// matcher's test is made.
  package static func applies(to type: Any.Type) -> Bool {
    _PlainTypes.plain(type) != nil
  }

  init(type: ObjectIdentifier, engine: _EnginePredicate?, bytesTest: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool?) {
    self.type = type
    self.engine = engine
    self.bytesTest = bytesTest
  }
}

/// The plain types (see PlainValues.swift) among those asked about, by a conformance lookup made
/// once per type.
final class _PlainTypes: Sendable {
  let plain: (any _PlainDecodable.Type)?
  private init(_ plain: (any _PlainDecodable.Type)?) { self.plain = plain }
  private static let known = _TypeMap<_PlainTypes>(capacity: 1024)

  /// `type` as a plain type, or nil.
  static func plain(_ type: Any.Type) -> (any _PlainDecodable.Type)? {
    if let known = known.value(for: type) { return known.plain }
    var plain: (any _PlainDecodable.Type)? = nil
    if let decodable = type as? any _PlainDecodable.Type, decodable._isPlainType { plain = decodable }
    known.add(_PlainTypes(plain), for: type)
    return plain
  }
}

/// A test on bytes: decode a `D` (which is `T`) and run `test` on it. The common types decode
/// without generic code (a generic `D` would look metadata up for every value). They are told
/// apart by comparing `T` with each type, not by casting `test` to a concrete function type:
/// casts between function types are slow, and this runs for every predicate matcher of a
/// verification.
private func _bytesTest<D: _PlainDecodable, T>(
  _: D.Type, _ test: @escaping @Sendable (T) -> Bool
) -> @Sendable (UnsafeRawBufferPointer) -> Bool? {
  precondition(D.self == T.self)
  // Int and Double are read by one engine call (cheap in debug builds too). `unsafeBitCast`
  // between a type and itself: `T` is that type here.
  if T.self == Int.self {
    return { bytes in
      var value: Int64 = 0
      guard vrt_read_int64(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &value) else { return nil }
      return test(unsafeBitCast(Int(value), to: T.self))
    }
  }
  if T.self == String.self {
    return { bytes in
      var reader = _PlainReader(bytes)
      guard let value = reader.string(), reader.isAtEnd else { return nil }
      return test(unsafeBitCast(value, to: T.self))
    }
  }
  if T.self == Double.self {
    return { bytes in
      var value = 0.0
      guard vrt_read_double(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &value) else { return nil }
      return test(unsafeBitCast(value, to: T.self))
    }
  }
  return { bytes in
    var reader = _PlainReader(bytes)
    guard let value = D._decodePlain(&reader), reader.isAtEnd else { return nil }
    return withUnsafePointer(to: value) { $0.withMemoryRebound(to: T.self, capacity: 1) { test($0.pointee) } }
  }
}
