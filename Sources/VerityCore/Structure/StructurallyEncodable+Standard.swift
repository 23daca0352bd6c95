// Conformances of standard-library types. Each writes exactly one value, generically: no
// existential boxing and no reflection.

/// The standard integers: each is written as a canonical number, by `_encodeInteger(_:)`.
@usableFromInline
protocol _StandardInteger: _TrustedEncodable, BinaryInteger {}

extension _StandardInteger {
  /// Writes this integer as a canonical number (see ``StructureEncoder/encode(_:)-(BinaryInteger)``).
  public func encode(to encoder: inout StructureEncoder) {
    encoder._encodeInteger(self)
  }
}

/// Written as `true` / `false`.
///
/// ```swift
/// Structure(true).description  // true
/// ```
extension Bool: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(self)
  }
}

/// Written as a canonical number: `Int(-3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(Int(-3)).description  // -3
/// ```
extension Int: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `Int8(-3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(Int8(-3)).description  // -3
/// ```
extension Int8: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `Int16(-3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(Int16(-3)).description  // -3
/// ```
extension Int16: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `Int32(-3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(Int32(-3)).description  // -3
/// ```
extension Int32: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `Int64(-3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(Int64(-3)).description  // -3
/// ```
extension Int64: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `UInt(3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(UInt(3)).description  // 3
/// ```
extension UInt: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `UInt8(3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(UInt8(3)).description  // 3
/// ```
extension UInt8: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `UInt16(3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(UInt16(3)).description  // 3
/// ```
extension UInt16: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `UInt32(3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(UInt32(3)).description  // 3
/// ```
extension UInt32: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number: `UInt64(3)` is the same structure as every other integer of that value.
///
/// ```swift
/// Structure(UInt64(3)).description  // 3
/// ```
extension UInt64: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number when the value fits in `Int64`, otherwise as an opaque value
/// with type name `"Integer"` and the decimal digits (see ``StructureEncoder/encode(_:)-(BinaryInteger)``).
///
/// ```swift
/// Structure(Int128(5)) == Structure(5)  // true
/// ```
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension Int128: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical number when the value fits in `UInt64`, otherwise as an opaque value
/// with type name `"Integer"` and the decimal digits.
///
/// ```swift
/// Structure(UInt128(5)) == Structure(5)  // true
/// ```
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension UInt128: StructurallyEncodable, _StandardInteger {}

/// Written as a canonical double (every NaN is one NaN; `-0.0` is `+0.0`).
///
/// ```swift
/// Structure(1.5).description  // 1.5
/// ```
extension Double: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(self)
  }
}

/// Widened exactly to `Double`: `Float(0.5)` and `0.5` are the same structure.
///
/// ```swift
/// Structure(Float(0.5)) == Structure(0.5)  // true
/// ```
extension Float: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(self)
  }
}

/// Written as its UTF-8 bytes, with no Unicode normalization.
///
/// ```swift
/// Structure("hi").description  // "hi"
/// ```
extension String: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(self)
  }
}

/// Written as a string: a substring equals the string with the same characters.
///
/// ```swift
/// Structure("xhi".dropFirst()) == Structure("hi")  // true
/// ```
extension Substring: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(self)
  }
}

/// Written as a one-character string.
///
/// ```swift
/// Structure(Character("a")) == Structure("a")  // true
/// ```
extension Character: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(String(self))
  }
}

/// `nil` is written as nil and `.some(x)` as `x`. Verity has one nil: `Int??.none` and
/// `Int??.some(nil)` are both written as nil, as the dynamic path writes them whatever `Any?`
/// conversions did to their layers.
///
/// ```swift
/// Structure(Int?.some(1)) == Structure(1)  // true
/// ```
extension Optional: StructurallyEncodable where Wrapped: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    switch self {
    case .none:
      encoder.encodeNil()
    case .some(let wrapped):
      wrapped.encode(to: &encoder)
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Wrapped.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Wrapped.structureDecidesEquality }
}

/// Written as an array of its elements; `[UInt8]` is written as bytes (the same structure as
/// `Data` with those bytes).
///
/// ```swift
/// Structure([1, 2]).description  // [1, 2]
/// ```
extension Array: StructurallyEncodable where Element: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    if Element.self == UInt8.self {
      withUnsafeBytes { encoder.encode(bytes: $0) }
    } else {
      encoder.encodeArray(contentsOf: self)
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Element.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Element.structureDecidesEquality }
}

/// Written like `Array` (so `ContiguousArray([1, 2]) == [1, 2]` structurally).
///
/// ```swift
/// Structure(ContiguousArray([1, 2])) == Structure([1, 2])  // true
/// ```
extension ContiguousArray: StructurallyEncodable where Element: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    if Element.self == UInt8.self {
      withUnsafeBytes { encoder.encode(bytes: $0) }
    } else {
      encoder.encodeArray(contentsOf: self)
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Element.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Element.structureDecidesEquality }
}

/// Written like `Array`, with only the slice's elements.
///
/// ```swift
/// Structure([1, 2, 3][1...]) == Structure([2, 3])  // true
/// ```
extension ArraySlice: StructurallyEncodable where Element: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    if Element.self == UInt8.self {
      withUnsafeBytes { encoder.encode(bytes: $0) }
    } else {
      encoder.encodeArray(contentsOf: self)
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Element.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Element.structureDecidesEquality }
}

/// Written as a set, in canonical order (equal sets give equal structures).
///
/// ```swift
/// Structure(Set([2, 1])).description  // Set([1, 2])
/// ```
extension Set: StructurallyEncodable where Element: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeSet(contentsOf: self)
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Element.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Element.structureDecidesEquality }
}

/// Written as a dictionary, entries sorted by encoded key (insertion order doesn't matter).
///
/// ```swift
/// Structure(["b": 2, "a": 1]).description  // ["a": 1, "b": 2]
/// ```
extension Dictionary: StructurallyEncodable
where Key: StructurallyEncodable, Value: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeDictionary {
      for (key, value) in self { $0.entry(key, value) }
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Key.encodingCheck.combined(with: Value.encodingCheck) }

  @inlinable
  public static var structureDecidesEquality: Bool { Key.structureDecidesEquality && Value.structureDecidesEquality }
}

/// Written as `STRUCT "Range" { lowerBound, upperBound }`.
///
/// ```swift
/// Structure(1..<3).description  // Range(lowerBound: 1, upperBound: 3)
/// ```
extension Range: StructurallyEncodable where Bound: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Range") {
      $0.field("lowerBound", lowerBound)
      $0.field("upperBound", upperBound)
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Bound.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Bound.structureDecidesEquality }
}

/// Written as `STRUCT "ClosedRange" { lowerBound, upperBound }`.
///
/// ```swift
/// Structure(1...3).description  // ClosedRange(lowerBound: 1, upperBound: 3)
/// ```
extension ClosedRange: StructurallyEncodable where Bound: StructurallyEncodable {
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("ClosedRange") {
      $0.field("lowerBound", lowerBound)
      $0.field("upperBound", upperBound)
    }
  }

  @inlinable
  public static var encodingCheck: EncodingCheck { Bound.encodingCheck }

  @inlinable
  public static var structureDecidesEquality: Bool { Bound.structureDecidesEquality }
}

/// Written as its base value, through the dynamic path (see ``StructureEncoder/encode(any:)``).
///
/// ```swift
/// Structure(AnyHashable(5)) == Structure(5)  // true
/// ```
extension AnyHashable: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(any: base)
  }
}

// MARK: Types reflection cannot read (their storage is builtin)

#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
  /// Widened exactly to `Double`, like `Float`: `Float16(1.5)` and `1.5` are the same structure.
  ///
  /// ```swift
  /// Structure(Float16(1.5)) == Structure(1.5)  // true
  /// ```
  extension Float16: StructurallyEncodable, _TrustedEncodable {
    public func encode(to encoder: inout StructureEncoder) {
      encoder.encode(Double(self))
    }
  }
#endif

/// Written as a one-scalar string: `Unicode.Scalar("a")` is the same structure as `"a"`.
///
/// ```swift
/// Structure(Unicode.Scalar("a")) == Structure("a")  // true
/// ```
extension Unicode.Scalar: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(String(self))
  }
}

/// Written as the string it holds.
///
/// ```swift
/// Structure("abc" as StaticString) == Structure("abc")  // true
/// ```
extension StaticString: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encode(description)
  }
}

/// Written as `STRUCT "Swift.ObjectIdentifier" { address }`: identifiers compare by identity.
///
/// ```swift
/// Structure(ObjectIdentifier(Int.self)) == Structure(ObjectIdentifier(Int.self))  // true
/// ```
extension ObjectIdentifier: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Swift.ObjectIdentifier") { $0.field("address", UInt(bitPattern: self)) }
  }
}

/// Written as `STRUCT "Swift.OpaquePointer" { address }`: pointers compare by address.
///
/// ```swift
/// Structure(OpaquePointer(bitPattern: 16)!).description  // OpaquePointer(address: 16)
/// ```
extension OpaquePointer: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Swift.OpaquePointer") { $0.field("address", UInt(bitPattern: Int(bitPattern: self))) }
  }
}

/// Written as `STRUCT "Swift.Duration" { seconds, attoseconds }` (its `components`).
///
/// ```swift
/// Structure(Duration.milliseconds(1500)).description
/// // Duration(seconds: 1, attoseconds: 500000000000000000)
/// ```
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Duration: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    let (seconds, attoseconds) = components
    encoder.encodeStruct("Swift.Duration") {
      $0.field("seconds", seconds)
      $0.field("attoseconds", attoseconds)
    }
  }
}

/// Written as an opaque value of its type and its description (`\Geo.lat`): key paths are
/// classes whose components reflection cannot see, and the description names them.
///
/// ```swift
/// Structure(\Geo.lat) != Structure(\Geo.lon)  // true
/// ```
extension AnyKeyPath: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeOpaque(typeName: StructureEncoder.typeName(of: type(of: self)), description: String(describing: self))
  }
}
