internal import CVerityEngine

// MARK: Generic helpers, made once per type and called through their metatype

/// Copies a value out of memory into an `Any`.
package protocol _BoxAt: SendableMetatype {
  static func _box(at pointer: UnsafeRawPointer) -> Any
  /// Whether the boxed type conforms to `StructurallyEncodable`.
  static var _conformsToStructurallyEncodable: Bool { get }
}

enum _Boxed<T>: _BoxAt {
  static func _box(at pointer: UnsafeRawPointer) -> Any {
    pointer.load(as: T.self)
  }
  static var _conformsToStructurallyEncodable: Bool { T.self is any StructurallyEncodable.Type }
}

/// `value` as an `Any` made from its dynamic type, for code that opens it and reads its memory.
///
/// `_openExistential` opens an `Any` to the type it was made from. An `Any` made from a generic
/// value whose type is an existential (a field of type `any P`, boxed by `_Boxed<any P>`) was made
/// from `any P`, though `type(of:)` names the value's own type: opened, it is the existential's
/// container, and a pointer to it points at the container's words (the inline buffer, the
/// metadata, the witness table), not at the bytes a layout of the value's type describes. A value
/// too big for the inline buffer then crashed the layout's check (`ExistentialFieldTests`; every
/// swift-log `Logger` holds one). Such a value is cast to its own type; any other is returned as
/// it is.
@inline(__always)
func _exactlyTyped(_ value: Any) -> Any {
  func madeFrom<T>(_: T) -> ObjectIdentifier { ObjectIdentifier(T.self) }
  let valueType = type(of: value)
  if _openExistential(value, do: madeFrom) == ObjectIdentifier(valueType) { return value }
  func cast<U>(_: U.Type) -> Any { value as! U }
  return _openExistential(valueType, do: cast)
}

func _boxer(_ type: Any.Type) -> any _BoxAt.Type {
  func make<T>(_: T.Type) -> any _BoxAt.Type { _Boxed<T>.self }
  return make(type)
}

/// Names the case of an enum value in memory (``_enumCaseName(inPlace:)``).
package protocol _EnumNameAt: SendableMetatype {
  static func _caseName(at pointer: UnsafeRawPointer) -> String
}

enum _EnumNamed<T>: _EnumNameAt {
  static func _caseName(at pointer: UnsafeRawPointer) -> String {
    _enumCaseName(inPlace: pointer.load(as: T.self))
  }
}

func _enumNamer(_ type: Any.Type) -> any _EnumNameAt.Type {
  func make<T>(_: T.Type) -> any _EnumNameAt.Type { _EnumNamed<T>.self }
  return make(type)
}

/// Reads the case and payload of an enum value in memory through its value witnesses (the C
/// engine's `vrt_enum_*`; see `_EnumPayloads`, which checks them, and the header of
/// TypeLayout.swift).
protocol _EnumAt: SendableMetatype {
  /// The case index of the value at `pointer` (payload cases first, as the field records).
  static func _tag(at pointer: UnsafeRawPointer) -> Int
  /// Calls `body` with the address of the payload of the value at `pointer` (a case with a
  /// payload): a copy of the value's bytes with its tag stripped, valid during `body` only.
  static func _withPayload(
    at pointer: UnsafeRawPointer, _ encoder: inout StructureEncoder,
    _ body: (inout StructureEncoder, UnsafeRawPointer) -> Void)
}

enum _EnumOf<E>: _EnumAt {
  static func _tag(at pointer: UnsafeRawPointer) -> Int {
    Int(vrt_enum_tag(pointer, unsafeBitCast(E.self, to: UnsafeRawPointer.self)))
  }

  static func _withPayload(
    at pointer: UnsafeRawPointer, _ encoder: inout StructureEncoder,
    _ body: (inout StructureEncoder, UnsafeRawPointer) -> Void
  ) {
    let size = MemoryLayout<E>.size
    withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: MemoryLayout<E>.alignment) { buffer in
      let copy = buffer.baseAddress!
      copy.copyMemory(from: pointer, byteCount: size)
      vrt_enum_project(copy, unsafeBitCast(E.self, to: UnsafeRawPointer.self))
      body(&encoder, UnsafeRawPointer(copy))
    }
  }
}

func _enumAt(_ type: Any.Type) -> any _EnumAt.Type {
  func make<T>(_: T.Type) -> any _EnumAt.Type { _EnumOf<T>.self }
  return make(type)
}

/// Writes a value in memory through its `StructurallyEncodable` conformance.
protocol _EncodableAt: SendableMetatype {
  static func _encode(at pointer: UnsafeRawPointer, into encoder: inout StructureEncoder)
}

enum _EncodableField<T: StructurallyEncodable>: _EncodableAt {
  static func _encode(at pointer: UnsafeRawPointer, into encoder: inout StructureEncoder) {
    // As the dynamic path does: output of a conformance Verity does not ship is validated.
    if !T.encodingCheck.isSkipped { encoder._untrustedContent = true }
    pointer.load(as: T.self).encode(to: &encoder)
  }
}

func _encodableAt(_ type: any StructurallyEncodable.Type) -> any _EncodableAt.Type {
  func make<T: StructurallyEncodable>(_: T.Type) -> any _EncodableAt.Type { _EncodableField<T>.self }
  return make(type)
}

/// Calls `body` with the address of an optional's wrapped value, or nil for `.none`.
protocol _OptionalAt: SendableMetatype {
  static func _withWrapped(
    at pointer: UnsafeRawPointer, _ encoder: inout StructureEncoder,
    _ body: (inout StructureEncoder, UnsafeRawPointer?) -> Void)
}

enum _OptionalOf<Wrapped>: _OptionalAt {
  static func _withWrapped(
    at pointer: UnsafeRawPointer, _ encoder: inout StructureEncoder,
    _ body: (inout StructureEncoder, UnsafeRawPointer?) -> Void
  ) {
    guard let wrapped = pointer.load(as: Wrapped?.self) else {
      body(&encoder, nil)
      return
    }
    withUnsafePointer(to: wrapped) { body(&encoder, UnsafeRawPointer($0)) }
  }
}

/// Calls `body` with the address of each element of an array in memory.
protocol _ArrayAt: SendableMetatype {
  static func _forEachElement(
    at pointer: UnsafeRawPointer, _ encoder: inout StructureEncoder,
    _ body: (inout StructureEncoder, UnsafeRawPointer) -> Void)
}

enum _ArrayOf<Element>: _ArrayAt {
  static func _forEachElement(
    at pointer: UnsafeRawPointer, _ encoder: inout StructureEncoder,
    _ body: (inout StructureEncoder, UnsafeRawPointer) -> Void
  ) {
    let array = pointer.load(as: [Element].self)
    array.withUnsafeBufferPointer { elements in
      guard let base = elements.baseAddress else { return }
      for index in 0..<elements.count {
        body(&encoder, UnsafeRawPointer(base + index))
      }
    }
  }
}

/// `Optional`, seen through its metatype: its wrapped type.
protocol _OptionalType {
  static var _wrappedType: Any.Type { get }
  static var _optionalAt: any _OptionalAt.Type { get }
}

extension Optional: _OptionalType {
  static var _wrappedType: Any.Type { Wrapped.self }
  static var _optionalAt: any _OptionalAt.Type { _OptionalOf<Wrapped>.self }
}

/// `Array`, seen through its metatype: its element type.
protocol _ArrayType {
  static var _elementType: Any.Type { get }
  static var _arrayAt: any _ArrayAt.Type { get }
}

extension Array: _ArrayType {
  static var _elementType: Any.Type { Element.self }
  static var _arrayAt: any _ArrayAt.Type { _ArrayOf<Element>.self }
}
