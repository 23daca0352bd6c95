internal import CVerityEngine
import Foundation

// Plain data: argument values whose structure determines them, so a call log keeps only their
// bytes and rebuilds the value when a captor or a predicate asks for it.
//
// A value is plain when decoding its structure gives back a value of the same type that no code
// can tell from the original: integers of every width, Bool, String (when its UTF-8 is already in
// NFC, which the encoder checks), Double and Float (except NaN and negative zero, whose encoding is
// canonicalized), optionals, arrays and `[String: V]` dictionaries of plain values, and `[Any]` /
// `[String: Any]` trees holding only Int, Double, Bool, String and such trees (what a JSON literal
// in Swift builds). Everything else (your structs, enums and classes, Foundation objects) is kept
// as the value itself.

/// Reads values back from the bytes of one structure.
struct _PlainReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { offset == bytes.count }

  func peek() -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  mutating func take(_ tag: UInt8) -> Bool {
    guard peek() == tag else { return false }
    offset += 1
    return true
  }

  mutating func varint() -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 64 {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  /// An integer: (negative, magnitude) in the NINT convention (-(magnitude + 1) when negative).
  mutating func integer() -> (negative: Bool, magnitude: UInt64)? {
    guard let tag = peek(), tag == UInt8(VRT_TAG_UINT) || tag == UInt8(VRT_TAG_NINT) else { return nil }
    offset += 1
    guard let magnitude = varint() else { return nil }
    return (tag == UInt8(VRT_TAG_NINT), magnitude)
  }

  /// An `Int`, without generic code (the hot case of predicates over recorded calls).
  mutating func int() -> Int? {
    guard let (negative, magnitude) = integer() else { return nil }
    if negative { return magnitude <= UInt64(Int.max) ? ~Int(magnitude) : nil }
    return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
  }

  mutating func integer<I: FixedWidthInteger>(as type: I.Type) -> I? {
    guard let (negative, magnitude) = integer() else { return nil }
    if negative {
      guard I.isSigned, let m = I(exactly: magnitude) else { return nil }
      return ~m  // -(m + 1)
    }
    return I(exactly: magnitude)
  }

  mutating func double() -> Double? {
    guard take(UInt8(VRT_TAG_DOUBLE)), bytes.count - offset >= 8 else { return nil }
    var bits: UInt64 = 0
    for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
    offset += 8
    return Double(bitPattern: bits)
  }

  mutating func string() -> String? {
    guard take(UInt8(VRT_TAG_STRING)), let length = varint(), UInt64(bytes.count - offset) >= length else {
      return nil
    }
    let start = offset
    offset += Int(length)
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
  }

  /// Enters a container with this tag; returns the offset where it ends.
  mutating func container(_ tag: UInt8) -> Int? {
    guard take(tag), bytes.count - offset >= 4 else { return nil }
    var length = 0
    for i in 0..<4 { length |= Int(bytes[offset + i]) << (8 * i) }
    offset += 4
    guard bytes.count - offset >= length else { return nil }
    return offset + length
  }
}

/// A type whose values can be rebuilt from their structure (see the top of this file).
protocol _PlainDecodable: SendableMetatype {
  /// Whether every value of this type is plain (checked once per argument shape). A container is
  /// plain when its elements are.
  static var _isPlainType: Bool { get }
  /// Reads one value; nil when the bytes are not a value of this type.
  static func _decodePlain(_ reader: inout _PlainReader) -> Self?
}

/// A type whose every value is plain.
protocol _PlainScalar: _PlainDecodable {}

extension _PlainScalar {
  static var _isPlainType: Bool { true }
}

/// The integers but `Int` (which has a non-generic read), each read back by value.
protocol _PlainInteger: _PlainScalar, FixedWidthInteger {}

extension _PlainInteger {
  static func _decodePlain(_ reader: inout _PlainReader) -> Self? { reader.integer(as: Self.self) }
}

extension Bool: _PlainScalar {
  static func _decodePlain(_ reader: inout _PlainReader) -> Bool? {
    if reader.take(UInt8(VRT_TAG_TRUE)) { return true }
    if reader.take(UInt8(VRT_TAG_FALSE)) { return false }
    return nil
  }
}

extension Int: _PlainScalar {
  static func _decodePlain(_ reader: inout _PlainReader) -> Int? { reader.int() }
}

extension Int8: _PlainInteger {}
extension Int16: _PlainInteger {}
extension Int32: _PlainInteger {}
extension Int64: _PlainInteger {}
extension UInt: _PlainInteger {}
extension UInt8: _PlainInteger {}
extension UInt16: _PlainInteger {}
extension UInt32: _PlainInteger {}
extension UInt64: _PlainInteger {}

/// NaN and negative zero are not plain (their encoding is canonical): the encoder marks a call
/// holding one as lossy, so its values are kept.
extension Double: _PlainScalar {
  static func _decodePlain(_ reader: inout _PlainReader) -> Double? { reader.double() }
}

extension Float: _PlainScalar {
  static func _decodePlain(_ reader: inout _PlainReader) -> Float? {
    guard let wide = reader.double(), let narrow = Float(exactly: wide) else { return nil }
    return narrow
  }
}

/// Strings not already in NFC are not plain (the encoder normalizes them and marks the call lossy).
extension String: _PlainScalar {
  static func _decodePlain(_ reader: inout _PlainReader) -> String? { reader.string() }
}

extension Optional: _PlainDecodable {
  static var _isPlainType: Bool {
    (Wrapped.self as? any _PlainDecodable.Type)?._isPlainType ?? false
  }

  static func _decodePlain(_ reader: inout _PlainReader) -> Wrapped?? {
    if reader.take(UInt8(VRT_TAG_NIL)) { return .some(.none) }
    _ = reader.take(UInt8(VRT_TAG_SOME))
    guard let wrapped = Wrapped.self as? any _PlainDecodable.Type,
      let value = wrapped._decodePlain(&reader) as? Wrapped
    else { return nil }
    return .some(.some(value))
  }
}

extension Array: _PlainDecodable {
  static var _isPlainType: Bool {
    if Element.self == Any.self { return false }  // `[Any]`: its contents are checked per call
    if Element.self == UInt8.self { return false }  // written as BYTES
    return (Element.self as? any _PlainDecodable.Type)?._isPlainType ?? false
  }

  static func _decodePlain(_ reader: inout _PlainReader) -> [Element]? {
    guard let end = reader.container(_Tag.array) else { return nil }
    var elements: [Element] = []
    if Element.self == Any.self {
      while reader.offset < end {
        guard let element = _decodeJSONValue(&reader) else { return nil }
        elements.append(element as! Element)
      }
    } else {
      guard let element = Element.self as? any _PlainDecodable.Type else { return nil }
      while reader.offset < end {
        guard let value = element._decodePlain(&reader) as? Element else { return nil }
        elements.append(value)
      }
    }
    return reader.offset == end ? elements : nil
  }
}

extension Dictionary: _PlainDecodable {
  static var _isPlainType: Bool {
    guard Key.self == String.self, Value.self != Any.self else { return false }
    return (Value.self as? any _PlainDecodable.Type)?._isPlainType ?? false
  }

  static func _decodePlain(_ reader: inout _PlainReader) -> [Key: Value]? {
    guard Key.self == String.self, let end = reader.container(_Tag.dictionary) else { return nil }
    var result: [Key: Value] = [:]
    while reader.offset < end {
      guard let key = reader.string() as? Key else { return nil }
      let value: Value
      if Value.self == Any.self {
        guard let element = _decodeJSONValue(&reader) else { return nil }
        value = element as! Value
      } else {
        guard let element = Value.self as? any _PlainDecodable.Type,
          let decoded = element._decodePlain(&reader) as? Value
        else { return nil }
        value = decoded
      }
      result[key] = value
    }
    return reader.offset == end ? result : nil
  }
}

/// One element of an `[Any]` / `[String: Any]` tree: Int, Double, Bool, String or such a tree.
func _decodeJSONValue(_ reader: inout _PlainReader) -> Any? {
  guard let tag = reader.peek() else { return nil }
  switch Int(tag) {
  case VRT_TAG_UINT, VRT_TAG_NINT: return reader.integer(as: Int.self)
  case VRT_TAG_DOUBLE: return reader.double()
  case VRT_TAG_TRUE, VRT_TAG_FALSE: return Bool._decodePlain(&reader)
  case VRT_TAG_STRING: return reader.string()
  case VRT_TAG_ARRAY: return [Any]._decodePlain(&reader)
  case VRT_TAG_DICT: return [String: Any]._decodePlain(&reader)
  default: return nil
  }
}

/// Whether an `[Any]` / `[String: Any]` argument holds only what ``_decodeJSONValue(_:)`` gives
/// back exactly.
package func _isPlainJSONTree(_ value: Any) -> Bool {
  let type = ObjectIdentifier(Swift.type(of: value))
  if type == ObjectIdentifier(Int.self) || type == ObjectIdentifier(Bool.self) { return true }
  if type == ObjectIdentifier(String.self) { return _isNFCQuick(_exactCast(value, to: String.self)) }
  if type == ObjectIdentifier(Double.self) { return _isPlainDouble(_exactCast(value, to: Double.self)) }
  if type == ObjectIdentifier([Any].self) { return (value as! [Any]).allSatisfy(_isPlainJSONTree) }
  if type == ObjectIdentifier([String: Any].self) {
    return (value as! [String: Any]).allSatisfy { _isNFCQuick($0.key) && _isPlainJSONTree($0.value) }
  }
  return false
}

/// Whether decoding a double's encoding gives back the same bits (not NaN, not negative zero).
@inlinable
func _isPlainDouble(_ value: Double) -> Bool {
  !value.isNaN && !(value == 0 && value.sign == .minus)
}

/// Whether the encoder writes `string`'s own UTF-8 bytes (no normalization needed).
func _isNFCQuick(_ string: String) -> Bool {
  var string = string
  return string.withUTF8 { vrt_utf8_is_nfc_quick($0.baseAddress, $0.count) }
}

/// The two argument types whose values are plain only when their contents are (checked per call).
package let _jsonTreeTypes = (ObjectIdentifier([Any].self), ObjectIdentifier([String: Any].self))

/// `value` read back from its structure as a `T`, when `T` is a plain type (the top of this file)
/// and the structure is one of its values: an `Int8(5)`, a `UInt(5)` or an `NSNumber` holding 5
/// read as an `Int`, a `Float(0.5)` as a `Double`, a `Substring` or a `Character` as a `String`,
/// an `[Int8]` as an `[Int]`. Nil for any other `T` or value. What a matcher of `T` makes of a
/// recorded value of another type (see `_recordedValue(_:as:)` in the Verity module).
///
/// Only values whose structure can be a plain value are encoded: those with a conformance
/// (numbers, text, collections) and Foundation objects. A struct, enum or class with none is
/// written as a struct, enum or class, which no plain type reads back.
package func _readingStructure<T>(of value: Any, as _: T.Type) -> T? {
  // (Values whose structure may read back as a plain value: conformances, Foundation objects, and
  // arrays and dictionaries of anything, such as `[NSNumber]`, whose elements may.)
  guard let plain = T.self as? any _PlainDecodable.Type,
    value is any StructurallyEncodable || type(of: value) is NSObject.Type || value is [Any] || value is [String: Any]
  else { return nil }
  let structure = Structure(encoding: value)
  return structure.withUnsafeBytes { bytes -> T? in
    var reader = _PlainReader(bytes)
    guard let decoded = plain._decodePlain(&reader), reader.isAtEnd else { return nil }
    return decoded as? T
  }
}
