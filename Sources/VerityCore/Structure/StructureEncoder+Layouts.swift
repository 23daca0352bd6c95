// Writing plain structs, tuples and enums from their learned layouts (`Runtime/TypeLayout.swift`)
// instead of `Mirror`: the same bytes, checked on the first value of each type (and of each case
// of an enum with payloads).
internal import CVerityEngine

extension StructureEncoder {
  /// Writes `value` by its type's layout when it has one that is checked (or checks it on this
  /// value, the first of its type), opening its container and pushing a frame for boxed fields as
  /// `Mirror`'s path would. Returns false, writing nothing, when the type goes to `Mirror`.
  mutating func _emitByLayout(_ value: Any, into frames: inout [_DynamicFrame]) -> Bool {
    guard let layout = _TypeLayout.of(type(of: value)) else { return false }
    return _emitByLayout(value, layout, into: &frames)
  }

  /// Writes `value` by `layout`, its type's learned layout, once the layout is checked against
  /// `Mirror` (checking it on this value when it is the type's first). Returns false, writing
  /// nothing, when the layout is not (yet) trusted: the caller then takes its other paths.
  mutating func _emitByLayout(_ value: Any, _ layout: _TypeLayout, into frames: inout [_DynamicFrame]) -> Bool {
    switch layout.state.load(ordering: .acquiring) {
    case _TypeLayout.checked: break
    case _TypeLayout.unchecked:
      // The first value: checked by the caller that claims the check; anyone else (another
      // thread, or a value inside the one being checked) writes by Mirror until the answer.
      guard layout.state.claimCheck(), _checkLayout(layout, on: value) else { return false }
    default: return false
    }
    var written = false
    func write<T>(_ value: T) {
      withUnsafePointer(to: value) { pointer in
        let pointer = UnsafeRawPointer(pointer)
        // An enum with payloads: the case of this value must be checked too.
        guard layout.cases == nil || _caseChecked(layout, at: pointer) else { return }
        _writeLayout(layout, at: pointer, frames: &frames)
        written = true
      }
    }
    _openExistential(_exactlyTyped(value), do: write)
    return written
  }

  /// For a checked layout of an enum with payloads: whether the case of the value at `pointer` is
  /// checked against `Mirror`, checking it on this value when it is the first of its case (by the
  /// caller that claims the check: anyone else writes by `Mirror` until the answer). A case that
  /// disagrees rejects its type for good.
  mutating func _caseChecked(_ layout: _TypeLayout, at pointer: UnsafeRawPointer) -> Bool {
    guard let cases = layout.cases, let enumAt = layout.enumAt else { return false }
    let tag = enumAt._tag(at: pointer)
    guard cases.indices.contains(tag) else { return false }
    let enumCase = cases[tag]
    var state = enumCase.state.load(ordering: .acquiring)
    if state == _TypeLayout.unchecked {
      guard enumCase.state.claimCheck() else { return false }
      state = _layoutAgreesWithMirror(layout, on: layout.boxer._box(at: pointer)) ? _TypeLayout.checked : _TypeLayout.rejected
      if state == _TypeLayout.rejected { layout.state.store(_TypeLayout.rejected, ordering: .releasing) }
      enumCase.state.store(state, ordering: .releasing)
    }
    return state == _TypeLayout.checked
  }

  /// Writes the value of `layout`'s type at `pointer`: directly when every field can be (and the
  /// nesting leaves room below the dynamic path's depth limit), else its container with a frame
  /// of its fields, each boxed from memory, for ``_drain(_:)`` (what `Mirror`'s path pushes, with
  /// no `Mirror`). The frame is the dynamic path's own `.fields`: a frame kind of its own made
  /// every frame bigger, and a debug build's JSON encoding 10% slower.
  mutating func _writeLayout(_ layout: _TypeLayout, at pointer: UnsafeRawPointer, frames: inout [_DynamicFrame]) {
    _begin(layout.tag, layout.typeName)
    if let namer = layout.caseNamer {
      encode(namer._caseName(at: pointer))
      _end()
      return
    }
    if let cases = layout.cases, let enumAt = layout.enumAt {
      _writeCase(cases, enumAt, at: pointer, frames: &frames)
      return
    }
    if layout.isDirect, frames.count + layout.depth < _maxDynamicDepth {
      _writeFields(layout, at: pointer)
      _end()
      return
    }
    var fields: [(label: String, value: Any)] = []
    fields.reserveCapacity(layout.fields.count)
    for field in layout.fields {
      fields.append((field.label, field.boxer._box(at: pointer + field.offset)))
    }
    frames.append(.fields(fields, 0))
  }

  /// Writes the case of the enum value at `pointer` (its `ENUM` container is open), as `Mirror`'s
  /// path does: the case name, then its payload's fields (a tuple's elements, or the payload as one
  /// field labeled `""`), directly when they can be, else boxed in a frame.
  mutating func _writeCase(
    _ cases: [_EnumCaseLayout], _ enumAt: any _EnumAt.Type, at pointer: UnsafeRawPointer,
    frames: inout [_DynamicFrame]
  ) {
    let tag = enumAt._tag(at: pointer)
    guard cases.indices.contains(tag) else {
      // Never for a checked case (its tag was in range); a check then fails on these bytes.
      _end()
      return
    }
    let enumCase = cases[tag]
    if enumCase.isDirect, frames.count + enumCase.depth < _maxDynamicDepth {
      _writeCaseDirectly(enumCase, enumAt, at: pointer)
      _end()
      return
    }
    encode(enumCase.name)
    var fields: [(label: String, value: Any)] = []
    enumAt._withPayload(at: pointer, &self) { _, payload in
      fields = enumCase.boxedFields(at: payload)
    }
    frames.append(.fields(fields, 0))
  }

  /// Writes a directly written case of the enum value at `pointer`: its name and its payload's
  /// fields (its enum's container is open, and left open).
  mutating func _writeCaseDirectly(_ enumCase: _EnumCaseLayout, _ enumAt: any _EnumAt.Type, at pointer: UnsafeRawPointer) {
    encode(enumCase.name)
    guard enumCase.hasPayload else { return }
    enumAt._withPayload(at: pointer, &self) { encoder, payload in
      if let tuple = enumCase.tuple {
        encoder._writeFields(tuple, at: payload)
      } else if let single = enumCase.single {
        encoder._encodeLabel("")
        encoder._writeDirect(single, at: payload)
      }
    }
  }

  /// Writes the fields of a directly written value (its container is open).
  mutating func _writeFields(_ layout: _TypeLayout, at pointer: UnsafeRawPointer) {
    for field in layout.fields {
      _encodeLabel(field.label)
      _writeDirect(field.access, at: pointer + field.offset)
    }
  }

  /// Writes one value of a direct access (never `.boxed`) from memory.
  mutating func _writeDirect(_ access: _FieldAccess, at pointer: UnsafeRawPointer) {
    switch access.kind {
    case .int:
      _writeSigned(Int64(pointer.load(as: Int.self)))
    case .string:
      encode(pointer.load(as: String.self))
    case .double:
      encode(pointer.load(as: Double.self))
    case .bool:
      encode(pointer.load(as: Bool.self))
    case .encodable:
      access.encodable!._encode(at: pointer, into: &self)
    case .layout:
      _writeNested(access.layout!, at: pointer)
    case .optional:
      let wrapped = access.inner!
      access.optional!._withWrapped(at: pointer, &self) { encoder, value in
        if let value {
          encoder._writeDirect(wrapped, at: value)
        } else {
          encoder.encodeNil()
        }
      }
    case .array:
      let element = access.inner!
      _begin(UInt8(VRT_TAG_ARRAY), nil)
      access.array!._forEachElement(at: pointer, &self) { encoder, value in
        encoder._writeDirect(element, at: value)
      }
      _end()
    case .boxed:
      // A layout with a boxed field is never written directly (`_TypeLayout.isDirect`), and an
      // optional or array of a boxed access is boxed itself.
      preconditionFailure("a boxed field is never written directly")
    }
  }

  /// A nested struct, tuple or enum of a directly written value: by its layout once checked (this
  /// value is the check when it is the first of its type, or of its case), else by `Mirror`.
  mutating func _writeNested(_ layout: _TypeLayout, at pointer: UnsafeRawPointer) {
    var state = layout.state.load(ordering: .acquiring)
    if state == _TypeLayout.unchecked {
      state =
        !layout.state.claimCheck() ? layout.state.load(ordering: .acquiring)
        : _checkLayout(layout, on: layout.boxer._box(at: pointer)) ? _TypeLayout.checked : _TypeLayout.rejected
    }
    guard state == _TypeLayout.checked, layout.cases == nil || _caseChecked(layout, at: pointer) else {
      _writeDynamically(layout.boxer, at: pointer)
      return
    }
    _begin(layout.tag, layout.typeName)
    if let namer = layout.caseNamer {
      encode(namer._caseName(at: pointer))
    } else if let cases = layout.cases, let enumAt = layout.enumAt {
      // A directly written enum's every case is direct (its tag was in range: its case is checked).
      _writeCaseDirectly(cases[enumAt._tag(at: pointer)], enumAt, at: pointer)
    } else {
      _writeFields(layout, at: pointer)
    }
    _end()
  }

  /// Writes the value at `pointer` by the dynamic path (for a type whose layout was rejected or is
  /// being checked), draining the frames it opens before returning. Only for the fields of a
  /// directly written type, which never holds itself: the recursion is bounded by the nesting of
  /// types, not of values.
  mutating func _writeDynamically(_ boxer: any _BoxAt.Type, at pointer: UnsafeRawPointer) {
    var frames: [_DynamicFrame] = []
    _emit(boxer._box(at: pointer), into: &frames)
    _drain(&frames)
  }

  /// The check of a layout on the first value of its type (see `Runtime/TypeLayout.swift`), by
  /// the caller that claimed it (`claimCheck()`): the value's bytes by layout must
  /// equal its bytes by `Mirror`. Values of the type inside this one are written by `Mirror` in
  /// both (the state is ``_TypeLayout/checking``), so the check compares the layout's own level.
  /// Records the answer in the layout's state (a rejected type goes to `Mirror` for good) and
  /// returns it.
  mutating func _checkLayout(_ layout: _TypeLayout, on value: Any) -> Bool {
    let agree = _layoutAgreesWithMirror(layout, on: value)
    if agree, let cases = layout.cases, let enumAt = layout.enumAt {
      // The value's case is checked with it (no other value of the type was written by layout
      // meanwhile: the type's state was `checking`).
      func caseOf<T>(_ value: T) -> Int { withUnsafePointer(to: value) { enumAt._tag(at: UnsafeRawPointer($0)) } }
      let tag = _openExistential(_exactlyTyped(value), do: caseOf)
      if cases.indices.contains(tag) {
        _ = cases[tag].state.compareExchange(
          expected: _TypeLayout.unchecked, desired: _TypeLayout.checked, ordering: .acquiringAndReleasing)
      }
    }
    layout.state.store(agree ? _TypeLayout.checked : _TypeLayout.rejected, ordering: .releasing)
    return agree
  }

  /// Whether `value`'s bytes by `layout` (its own level: no check of its case, or of its type's)
  /// equal its bytes by `Mirror`.
  mutating func _layoutAgreesWithMirror(_ layout: _TypeLayout, on value: Any) -> Bool {
    var byLayout = StructureEncoder()
    do {
      var frames: [_DynamicFrame] = []
      func write<T>(_ value: T) {
        withUnsafePointer(to: value) { pointer in
          byLayout._writeLayout(layout, at: UnsafeRawPointer(pointer), frames: &frames)
        }
      }
      _openExistential(_exactlyTyped(value), do: write)
      byLayout._drain(&frames)
    }
    var byMirror = StructureEncoder()
    do {
      var frames: [_DynamicFrame] = []
      byMirror._emitMirror(value, into: &frames)
      byMirror._drain(&frames)
    }
    return byLayout.failure == nil && byMirror.failure == nil
      && byLayout.withWrittenBytes { first in byMirror.withWrittenBytes { first.elementsEqual($0) } }
  }
}
