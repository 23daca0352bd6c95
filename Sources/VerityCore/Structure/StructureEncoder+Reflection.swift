// The dynamic path's last resort: values with no conformance and no known type, written by
// Mirror, and the names it writes them with.
import Foundation
internal import CVerityEngine

extension StructureEncoder {
  /// The reflection fallback, after the values reflection cannot describe (see
  /// ``_emitUnreflectable(_:)``): a plain struct or tuple by its learned field layout (see
  /// `Runtime/TypeLayout.swift`), anything else by `Mirror`.
  mutating func _emitReflecting(_ value: Any, into frames: inout [_DynamicFrame]) {
    if _emitUnreflectable(value) { return }
    if _emitByLayout(value, into: &frames) { return }
    _emitMirror(value, into: &frames)
  }

  /// Writes `value` by `Mirror` (its children take the dynamic path).
  mutating func _emitMirror(_ value: Any, into frames: inout [_DynamicFrame]) {
    let mirror = Mirror(reflecting: value)
    let typeName = _TypeNames.qualified(type(of: value))
    switch mirror.displayStyle {
    case .struct:
      _begin(UInt8(VRT_TAG_STRUCT), typeName)
      frames.append(.fields(_fields(of: mirror), 0))
    case .class:
      var fields: [(label: String, value: Any)] = []
      var chain: [Mirror] = [mirror]
      while let superclass = chain[chain.count - 1].superclassMirror { chain.append(superclass) }
      for level in chain.reversed() { fields.append(contentsOf: _fields(of: level)) }
      if fields.isEmpty {
        encodeOpaque(typeName: typeName, description: String(describing: value))
      } else if type(of: value) is AnyObject.Type {
        let identity = ObjectIdentifier(value as AnyObject)
        if vrt_writer_object_seen(_writer, UInt(bitPattern: identity)) { return }
        _begin(UInt8(VRT_TAG_OBJECT), typeName)
        frames.append(.fields(fields, 0))
      } else {
        // A value type with a custom mirror that claims to be a class: no identity to use.
        _begin(UInt8(VRT_TAG_STRUCT), typeName)
        frames.append(.fields(fields, 0))
      }
    case .enum:
      _begin(UInt8(VRT_TAG_ENUM), typeName)
      if let payload = mirror.children.first {
        encode(payload.label ?? "")
        let payloadMirror = Mirror(reflecting: payload.value)
        if payloadMirror.displayStyle == .tuple {
          frames.append(.fields(_fields(of: payloadMirror), 0))
        } else {
          frames.append(.fields([("", payload.value)], 0))
        }
      } else {
        encode(_enumCaseName(value))
        _end()
      }
    case .tuple:
      _begin(UInt8(VRT_TAG_TUPLE), nil)
      frames.append(.fields(_fields(of: mirror), 0))
    case .optional:
      if let wrapped = mirror.children.first {
        _emit(wrapped.value, into: &frames)
      } else {
        encodeNil()
      }
    case .collection, .set:
      _begin(UInt8(mirror.displayStyle == .set ? VRT_TAG_SET : VRT_TAG_ARRAY), nil)
      frames.append(.values(mirror.children.map(\.value), 0))
    case .dictionary:
      var flat: [Any] = []
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        if pair.count == 2 {
          flat.append(pair[0].value)
          flat.append(pair[1].value)
        }
      }
      _begin(UInt8(VRT_TAG_DICT), nil)
      frames.append(.values(flat, 0))
    default:
      if mirror.children.isEmpty {
        encodeOpaque(typeName: typeName, description: String(describing: value))
      } else {
        _begin(UInt8(VRT_TAG_STRUCT), typeName)
        frames.append(.fields(_fields(of: mirror), 0))
      }
    }
  }

  /// Values whose type reflection cannot see into, told apart by their kind of type metadata.
  /// Returns false, writing nothing, for every other value.
  ///
  /// - A function: OPAQUE (its type, `<function (Int) -> ()>`). Functions cannot be compared by
  ///   value, so the encoder records that it wrote one (``incomparableContent``): comparisons of
  ///   such a structure report it instead of answering.
  /// - A metatype: OPAQUE (its fully qualified type, `Int.self`).
  /// - A builtin value (the storage of `SIMD2<Double>`, `Float16`, pointers, ..., which a mirror
  ///   shows as `(Opaque Value)`): OPAQUE (its type, its bits in hexadecimal, in memory order).
  ///   Different bits give different structures, so no two such values are equal by accident; a
  ///   pointer compares by address (its identity).
  mutating func _emitUnreflectable(_ value: Any) -> Bool {
    let valueType = type(of: value)
    switch _MetadataKind(of: value) {
    case .function:
      let name = _TypeNames.qualified(valueType)
      encodeOpaque(typeName: name, description: "<function \(_displayTypeName(name))>")
      _noteIncomparable(.function)
      return true
    case .metatype:
      let described = _TypeNames.qualified(value as! Any.Type)
      encodeOpaque(typeName: _TypeNames.qualified(valueType), description: "\(_displayTypeName(described)).self")
      return true
    case .builtin:
      encodeOpaque(typeName: _TypeNames.qualified(valueType), description: "<bits " + _bitsHex(value) + ">")
      return true
    case .other:
      return false
    }
  }

  /// A mirror's children as labeled fields; positional tuple labels (".0") become "".
  func _fields(of mirror: Mirror) -> [(label: String, value: Any)] {
    mirror.children.map { child in
      guard let label = child.label, !label.hasPrefix(".") else { return ("", child.value) }
      return (label, child.value)
    }
  }
}

/// The memory of a value, in hexadecimal, in memory order.
func _bitsHex(_ value: Any) -> String {
  func bytes<T>(_ value: T) -> String {
    withUnsafeBytes(of: value) { raw in
      var text = ""
      text.reserveCapacity(raw.count * 2)
      for byte in raw {
        text += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
      }
      return text
    }
  }
  return _openExistential(value, do: bytes)
}

/// Fully qualified type names (`Swift.Array<MyApp.Geo>`), cached (bounded as `_TypeMap` says):
/// demangling a name costs more than writing most values.
enum _TypeNames {
  static let cache = _BoundedCache<ObjectIdentifier, String>(capacity: 4096)

  static func qualified(_ type: Any.Type, cache: _BoundedCache<ObjectIdentifier, String> = cache) -> String {
    let key = ObjectIdentifier(type)
    if let name = cache.value(for: key) { return name }
    let name = _typeName(type, qualified: true)
    cache.update(key) { $0 = name }
    return name
  }
}

/// A type name as people write it: module qualifiers and the compiler's private and local
/// contexts removed, at every level (`Swift.Dictionary<Swift.String, App.(Geo in _8F3A)>` becomes
/// `Dictionary<String, Geo>`). Structures keep the qualified name (so same-named types of two
/// modules differ); renderings show this one.
func _displayTypeName(_ name: String) -> String {
  guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
  let scalars = Array(name.unicodeScalars)
  var output = String.UnicodeScalarView()
  var component = String.UnicodeScalarView()
  func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      || (scalar.value >= 0x30 && scalar.value <= 0x39)
  }
  var index = 0
  while index < scalars.count {
    let scalar = scalars[index]
    if scalar == ".", index + 1 < scalars.count, scalars[index + 1] != "." {
      // `Int.Type` / `P.Protocol` keep their owner.
      var end = index + 1
      while end < scalars.count, isIdentifier(scalars[end]) { end += 1 }
      let next = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
      if next == "Type" || next == "Protocol" {
        component.append(contentsOf: scalars[index..<end])
        index = end
        continue
      }
      component = String.UnicodeScalarView()
      index += 1
      // A context in parentheses: `(unknown context at $1f0)` or `(Geo in _8F3A)`.
      if index < scalars.count, scalars[index] == "(" {
        var depth = 0
        var close = index
        while close < scalars.count {
          if scalars[close] == "(" { depth += 1 }
          if scalars[close] == ")" { depth -= 1; if depth == 0 { break } }
          close += 1
        }
        let inner = String(String.UnicodeScalarView(scalars[(index + 1)..<min(close, scalars.count)]))
        if let range = inner.range(of: " in _") {
          component = String(inner[..<range.lowerBound]).unicodeScalars
        }
        index = close + 1
      }
      continue
    }
    if isIdentifier(scalar) {
      component.append(scalar)
    } else {
      output.append(contentsOf: component)
      component = String.UnicodeScalarView()
      output.append(scalar)
    }
    index += 1
  }
  output.append(contentsOf: component)
  return String(output)
}
