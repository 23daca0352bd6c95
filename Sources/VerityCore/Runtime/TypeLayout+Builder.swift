// Building a type's layout (see the header of TypeLayout.swift): its fields or cases, found by
// `_forEachField` and the enum readers, and how each field is written.

@_spi(Reflection) import Swift
internal import CVerityEngine

extension _TypeLayout {
  /// Builds (and caches) the layout of `type`; `building` holds the types whose layouts are being
  /// built around this one (a type met again inside itself is boxed, never walked directly).
  static func _build(_ type: Any.Type, building: inout _LayoutBuilding) -> _TypeLayout? {
    let key = ObjectIdentifier(type)
    if let known = building.cache.records.value(for: key) { return known }
    // The type is being built: met again inside itself, it is boxed (see `_FieldAccess.of`).
    building.types.insert(key)
    let layout = _make(type, building: &building)
    building.types.remove(key)
    let recorded = building.cache.records.update(key) { entry in
      entry = entry ?? layout
      return entry ?? layout
    }
    if let recorded { building.cache.fast.add(recorded, for: type) }
    return recorded
  }

  private static func _make(_ type: Any.Type, building: inout _LayoutBuilding) -> _TypeLayout? {
    if type is any CustomReflectable.Type { return nil }
    let tag: UInt8
    switch _kind(of: type) {
    case .struct: tag = UInt8(VRT_TAG_STRUCT)
    case .tuple: tag = UInt8(VRT_TAG_TUPLE)
    case .enum:
      guard _RuntimeSupport.enumCaseNameHolds, let payloadCases = _EnumCases.payloadCases(of: type) else { return nil }
      // An enum none of whose cases has a payload: a value is its case name. Not one with a case
      // whose payload is empty (`case a(())`), which the counts list with the empty cases:
      // `Mirror` shows that payload, as the cases of an enum with payloads do.
      guard payloadCases == 0, _EnumPayloads.recordsHavePayloads(type) == false else {
        return _makeEnum(type, building: &building)
      }
      return _TypeLayout(
        tag: UInt8(VRT_TAG_ENUM), typeName: _TypeNames.qualified(type), fields: [], isDirect: true, depth: 1,
        boxer: _boxer(type), caseNamer: _enumNamer(type))
    default: return nil
    }
    var raw: [(label: String, offset: Int, type: Any.Type)] = []
    var hidesReferences = false
    let enumerated = _forEachField(of: type) { name, offset, fieldType, _ in
      if _mayHoldWeakOrUnowned(fieldType) {
        hidesReferences = true
        return false
      }
      let label = String(cString: name)
      raw.append((label.hasPrefix(".") ? "" : label, offset, fieldType))
      return true
    }
    guard enumerated, !hidesReferences else { return nil }
    var fields: [_FieldLayout] = []
    fields.reserveCapacity(raw.count)
    var isDirect = true
    var depth = 1
    for field in raw {
      let access = _FieldAccess.of(field.type, building: &building)
      if access.kind == .boxed { isDirect = false }
      depth = max(depth, 1 + access.depth)
      fields.append(_FieldLayout(label: field.label, offset: field.offset, access: access, boxer: _boxer(field.type)))
    }
    return _TypeLayout(
      tag: tag, typeName: tag == UInt8(VRT_TAG_STRUCT) ? _TypeNames.qualified(type) : nil,
      fields: fields, isDirect: isDirect, depth: depth, boxer: _boxer(type))
  }

  /// The layout of an enum with payloads (see the header of TypeLayout.swift), or nil when `Mirror`
  /// writes it.
  private static func _makeEnum(_ type: Any.Type, building: inout _LayoutBuilding) -> _TypeLayout? {
    guard let read = _EnumPayloads.cases(of: type), !read.contains(where: \.indirect) else { return nil }
    var cases: [_EnumCaseLayout] = []
    cases.reserveCapacity(read.count)
    var isDirect = true
    var depth = 1
    for enumCase in read {
      guard let payload = enumCase.payload else {
        cases.append(_EnumCaseLayout(name: enumCase.name))
        continue
      }
      // A payload whose mirror may not be its type's own (a custom mirror may claim to be a
      // tuple's, which `Mirror` writes as the case's fields), or that may hide a reference.
      if (payload is any CustomReflectable.Type && !(payload is any _MirrorIsNeverATuple.Type))
        || _mayHoldWeakOrUnowned(payload)
      {
        return nil
      }
      let caseLayout: _EnumCaseLayout
      if _kind(of: payload) == .tuple {
        // A tuple payload: its elements are the case's fields, as `Mirror` writes them.
        guard let tuple = _build(payload, building: &building) else { return nil }
        caseLayout = _EnumCaseLayout(name: enumCase.name, tuple: tuple)
      } else {
        // Any other payload: one field labeled "".
        caseLayout = _EnumCaseLayout(
          name: enumCase.name, single: _FieldAccess.of(payload, building: &building), boxer: _boxer(payload))
      }
      isDirect = isDirect && caseLayout.isDirect
      depth = max(depth, caseLayout.depth)
      cases.append(caseLayout)
    }
    return _TypeLayout(
      tag: UInt8(VRT_TAG_ENUM), typeName: _TypeNames.qualified(type), fields: [], isDirect: isDirect, depth: depth,
      boxer: _boxer(type), cases: cases, enumAt: _enumAt(type))
  }

  /// Whether a field of static type `type` may be `weak` or `unowned` storage: a class or an
  /// existential (a class-bound protocol), or an optional of one at any depth.
  static func _mayHoldWeakOrUnowned(_ type: Any.Type) -> Bool {
    var current = type
    while true {
      switch _kind(of: current) {
      case .class, .foreignClass, .objcClassWrapper, .existential: return true
      case .optional:
        guard let wrapped = (current as? any _OptionalType.Type)?._wrappedType else { return true }
        current = wrapped
      default: return false
      }
    }
  }

  /// The runtime's kind of `type`'s metadata, as the field enumeration reports it for a field of
  /// that type (no metadata is read here).
  static func _kind(of type: Any.Type) -> Swift._MetadataKind {
    func probe<T>(_: T.Type) -> Swift._MetadataKind {
      var kind = Swift._MetadataKind.unknown
      _forEachField(of: _KindProbe<T>.self) { _, _, _, fieldKind in
        kind = fieldKind
        return false
      }
      return kind
    }
    return probe(type)
  }
}

/// A struct of one field of type `T`, whose enumeration tells `T`'s kind.
private struct _KindProbe<T> {
  var value: T
}

extension _FieldAccess {
  /// How a value of static type `type` is written; the order follows the dynamic path's
  /// (`StructureEncoder._emit`), so both write the same bytes.
  static func of(_ type: Any.Type, building: inout _LayoutBuilding) -> _FieldAccess {
    if type == Int.self { return .int }
    if type == String.self { return .string }
    if type == Double.self { return .double }
    if type == Bool.self { return .bool }
    // An optional or array of a type written directly from memory (a scalar, a struct, tuple or
    // enum by its layout) is written from memory too: the bytes of Verity's own conformances of
    // `Optional` and `Array` (nil or the value; an ARRAY of the elements), and of the dynamic
    // path's optional and `[Any]` casts when there is no conformance. An element with a
    // conformance of its own keeps the container's conformance (`[UInt8]` is written as bytes).
    if let optional = type as? any _OptionalType.Type {
      let wrapped = of(optional._wrappedType, building: &building)
      if wrapped.isWrittenFromMemory { return _FieldAccess(.optional, optional: optional._optionalAt, inner: wrapped) }
    } else if let array = type as? any _ArrayType.Type {
      let element = of(array._elementType, building: &building)
      if element.isWrittenFromMemory { return _FieldAccess(.array, array: array._arrayAt, inner: element) }
    }
    if let encodable = type as? any StructurallyEncodable.Type {
      return _FieldAccess(.encodable, encodable: _encodableAt(encodable))
    }
    if type is any _OptionalType.Type || type is any _ArrayType.Type { return .boxed }
    if building.types.contains(ObjectIdentifier(type)) { return .boxed }
    guard let layout = _TypeLayout._build(type, building: &building), layout.isDirect else { return .boxed }
    return _FieldAccess(.layout, layout: layout)
  }
}
