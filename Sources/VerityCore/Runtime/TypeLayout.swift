// Field layouts learned once per type: the stored fields of a plain struct or tuple (names,
// offsets, types), read with the standard library's field enumeration `_forEachField(of:body:)`,
// and the cases of a plain enum (names, payload types), read from its descriptor by
// `_EnumCases` and `_EnumPayloads` (RuntimeSupport.swift), so that later values of the type are
// written from memory with no `Mirror` and no demangling per field. One of the runtime tricks of
// `RuntimeSupport.swift`, with the same contract:
//
// | trick | what it assumes | checked on | fallback |
// |---|---|---|---|
// | `_TypeLayout` | `_forEachField` reports every stored field of a struct or tuple, in declaration order, with its offset and static type, and a field of a type with no class or existential in it holds a plain value of that type; an enum's case, names and payloads read as `_EnumPayloads` reads them | the first value of each type, and for an enum with payloads the first value of each of its cases: its bytes by layout must equal its bytes by `Mirror` | `Mirror`, for that type, for the rest of the process |
//
// What decides the path of a type (`_TypeLayout.of(_:)`), in order:
// 1. only structs and tuples whose fields `_forEachField` enumerates, and enums: one none of whose
//    cases has a payload (a value is its case name), or one with payloads whose cases
//    `_EnumPayloads` reads (a value is its case name and its payload's fields, as `Mirror` writes
//    it), with no `indirect` case; without a custom mirror (`CustomReflectable`), nor a payload
//    with one (its mirror could be a tuple's);
// 2. no field or payload of class or existential type, nor an optional of one (`Optional<C>` at
//    any depth): such a field may be `weak` or `unowned` storage, which the enumeration reports as
//    the plain type, and reading it as one would be wrong (a payload cannot be `weak`, but an enum
//    follows the structs' rule); a tuple payload follows the tuples' rules;
// 3. the first value written by layout and by `Mirror` gives the same bytes; otherwise the type
//    goes to `Mirror` for good. While that value is checked (by one thread), every other value of
//    the type, the ones inside it included, is written by `Mirror`. For an enum with payloads the
//    same holds for the first value of each case: a case that disagrees sends the type to
//    `Mirror`, and a value of a case whose check is under way is written by `Mirror`.
//
// A type whose every field is a scalar (`Int`, `String`, `Double`, `Bool`), has a
// `StructurallyEncodable` conformance, is itself such a type (an enum included), an optional or an
// `Array` of one, is written *directly*: one recursive walk over memory, no value boxed. A type
// with any other field (a dictionary of plain values, a type inside itself) keeps its layout, but
// each field is boxed from memory and written by the dynamic path, as `Mirror`'s children would
// be; an enum case's payload likewise.
//
// An enum value is read through its value witnesses (`_EnumOf`): its case by `getEnumTag`, and its
// payload from a copy of its bytes whose tag `destructiveProjectEnumData` strips (the copy is never
// destroyed: the value it copies keeps its references alive, and only types whose witnesses say
// they are bitwise takable are copied so).
@_spi(Reflection) import Swift
import Foundation
import Synchronization
internal import CVerityEngine

/// The stored fields of one struct or tuple type (or the case names of an enum with no payload
/// case, or the cases of an enum with payloads), and how to write each from memory.
///
/// Immutable once built, except ``state`` (whether the first value was checked against `Mirror`).
package final class _TypeLayout: Sendable {
  /// The container tag (`VRT_TAG_STRUCT`, `VRT_TAG_TUPLE`, or `VRT_TAG_ENUM`).
  let tag: UInt8
  /// The fully qualified type name a struct or enum is written with; nil for a tuple.
  let typeName: String?
  /// For an enum with no payload case: names the case of a value in memory (an enum has no
  /// ``fields``).
  let caseNamer: (any _EnumNameAt.Type)?
  /// For an enum with payloads: its cases, indexed by the value witnesses' case index (an enum
  /// has no ``fields``).
  let cases: [_EnumCaseLayout]?
  /// For an enum with payloads: reads a value's case index and payload (``cases``).
  let enumAt: (any _EnumAt.Type)?
  /// The fields, in declaration order.
  let fields: [_FieldLayout]
  /// Whether every field is written from memory with no box (see the file's header).
  let isDirect: Bool
  /// The longest chain of directly written types below this one, this one included (a bound on
  /// the recursion writing a value of it).
  let depth: Int
  /// Copies a value of the type out of memory into an `Any`.
  let boxer: any _BoxAt.Type
  /// Whether the type has a `StructurallyEncodable` conformance: the dynamic path then writes its
  /// values through it, and uses the layout only to write by reflection on request.
  package let conforms: Bool
  /// Whether a value of the type is a pure value: written directly, with no conformance of its
  /// own, every field (and payload) a scalar, a string, or an optional, array or such type of
  /// them, nothing reached through a reference whose state could change after a call. A call log
  /// may then keep such an argument and write it only when a query needs its bytes (see
  /// `StructureEncoder._deferArgument`): writing it later gives the bytes writing it now would.
  let isPureValue: Bool
  /// ``unchecked``, ``checking``, ``checked`` or ``rejected``: where the check of the type's
  /// first value against `Mirror` stands.
  let state = Atomic<UInt8>(_TypeLayout.unchecked)

  /// No value of the type was checked yet: the next one is (the thread that moves the state to
  /// ``checking`` checks it).
  static let unchecked: UInt8 = 0
  /// The layout wrote the same bytes as `Mirror`: values are written by it.
  static let checked: UInt8 = 1
  /// The layout disagreed with `Mirror`: values are written by `Mirror`, for good.
  static let rejected: UInt8 = 2
  /// A value is being checked: until the answer, values of the type are written by `Mirror`,
  /// so that a value of the type inside the one being checked (a type inside itself) never
  /// starts a check of its own, and the checks never nest deeper than the number of types.
  static let checking: UInt8 = 3

  /// Claims the check of this layout: true for the one caller that moves the state from
  /// ``unchecked`` to ``checking``, which must then check a value (`_checkLayout`).
  func claimCheck() -> Bool {
    state.compareExchange(
      expected: _TypeLayout.unchecked, desired: _TypeLayout.checking, ordering: .acquiringAndReleasing
    ).exchanged
  }

  init(
    tag: UInt8, typeName: String?, fields: [_FieldLayout], isDirect: Bool, depth: Int, boxer: any _BoxAt.Type,
    caseNamer: (any _EnumNameAt.Type)? = nil, cases: [_EnumCaseLayout]? = nil, enumAt: (any _EnumAt.Type)? = nil
  ) {
    self.tag = tag
    self.typeName = typeName
    self.caseNamer = caseNamer
    self.cases = cases
    self.enumAt = enumAt
    self.conforms = boxer._conformsToStructurallyEncodable
    self.fields = fields
    self.isDirect = isDirect
    self.depth = depth
    self.boxer = boxer
    self.isPureValue =
      isDirect && !conforms && fields.allSatisfy { $0.access.isPureValue }
      && (cases?.allSatisfy { $0.isPureValue } ?? true)
  }

  /// The layout of `type`, learned on first use; nil for a type that `Mirror` writes (see the
  /// file's header). A rejected layout is still returned: its ``state`` says so.
  package static func of(_ type: Any.Type) -> _TypeLayout? {
    if let layout = _LayoutCache.fast.value(for: type) { return layout }
    let key = ObjectIdentifier(type)
    if let known = _LayoutCache.shared._withLock({ $0[key] }) { return known.layout }
    var building: Set<ObjectIdentifier> = []
    return _build(type, building: &building)
  }

  /// The layout of `type` if one was learned already (nothing is built): the dynamic path asks
  /// before its casts, so that values of a learned type skip them.
  package static func learned(_ type: Any.Type) -> _TypeLayout? {
    if let layout = _LayoutCache.fast.value(for: type) { return layout }
    let key = ObjectIdentifier(type)
    return _LayoutCache.shared._withLock { $0[key]?.layout }
  }

  /// The layout of `type` if one was learned and is in the lock-free map (nearly every learned
  /// layout is), else nil at the cost of a few loads: what the per-value paths ask first, so that
  /// a type with no layout (a conformance, a class) pays no lock for the question.
  @inline(__always)
  package static func learnedFast(_ type: Any.Type) -> _TypeLayout? {
    _LayoutCache.fast.value(for: type)
  }

  /// For tests: writes `value` until its type's layout is learned and checked against `Mirror`
  /// (the check of a type's first value may be running on another thread), and returns whether
  /// the layout is trusted (false for a type `Mirror` writes, or a layout the check rejected).
  package static func _learnForTesting(_ value: Any) -> Bool {
    for _ in 0..<10_000 {
      _ = Structure(encoding: value)
      guard let layout = learned(type(of: value)) else { continue }
      switch layout.state.load(ordering: .acquiring) {
      case checked: return true
      case rejected: return false
      default: continue
      }
    }
    return false
  }

  /// Builds (and caches) the layout of `type`; `building` holds the types whose layouts are being
  /// built around this one (a type met again inside itself is boxed, never walked directly).
  static func _build(_ type: Any.Type, building: inout Set<ObjectIdentifier>) -> _TypeLayout? {
    let key = ObjectIdentifier(type)
    if let known = _LayoutCache.shared._withLock({ $0[key] }) { return known.layout }
    let layout = _make(type, building: &building)
    let recorded = _LayoutCache.shared._withLock { cache in
      if let raced = cache[key] { return raced.layout }
      cache[key] = _LayoutCache.Entry(layout: layout)
      return layout
    }
    if let recorded { _LayoutCache.fast.add(recorded, for: type) }
    return recorded
  }

  private static func _make(_ type: Any.Type, building: inout Set<ObjectIdentifier>) -> _TypeLayout? {
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
    let key = ObjectIdentifier(type)
    building.insert(key)
    defer { building.remove(key) }
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

  /// The layout of an enum with payloads (see the file's header), or nil when `Mirror` writes it.
  private static func _makeEnum(_ type: Any.Type, building: inout Set<ObjectIdentifier>) -> _TypeLayout? {
    guard let read = _EnumPayloads.cases(of: type), !read.contains(where: \.indirect) else { return nil }
    let key = ObjectIdentifier(type)
    building.insert(key)
    defer { building.remove(key) }
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

/// One stored field: its label (`""` for a positional tuple element), its offset in the value,
/// how it is written, and how it is copied into an `Any`.
struct _FieldLayout: Sendable {
  let label: String
  let offset: Int
  let access: _FieldAccess
  let boxer: any _BoxAt.Type
}

/// One case of an enum with payloads: its name, and how its payload is written (none, the fields
/// of a tuple, or one field labeled `""`), with the state of the check of its first value.
final class _EnumCaseLayout: Sendable {
  let name: String
  /// A tuple payload's layout: its elements are the case's fields.
  let tuple: _TypeLayout?
  /// Any other payload: the case's one field, labeled `""`.
  let single: _FieldAccess?
  /// Copies a ``single`` payload out of memory into an `Any`.
  let boxer: (any _BoxAt.Type)?
  /// Whether the payload is written from memory with no box.
  let isDirect: Bool
  /// The longest chain of directly written types in a value of this case, the enum included.
  let depth: Int
  /// Where the check of the case's first value against `Mirror` stands (``_TypeLayout/state``'s
  /// values; a rejected case rejects its type).
  let state = Atomic<UInt8>(_TypeLayout.unchecked)

  init(name: String, tuple: _TypeLayout? = nil, single: _FieldAccess? = nil, boxer: (any _BoxAt.Type)? = nil) {
    self.name = name
    self.tuple = tuple
    self.single = single
    self.boxer = boxer
    if let tuple {
      isDirect = tuple.isDirect
      depth = tuple.depth
    } else if let single {
      isDirect = single.kind != .boxed
      depth = 1 + single.depth
    } else {
      isDirect = true
      depth = 1
    }
  }

  /// Whether the case has a payload.
  var hasPayload: Bool { tuple != nil || single != nil }

  /// Whether the payload is a pure value (see ``_TypeLayout/isPureValue``).
  var isPureValue: Bool { (tuple?.isPureValue ?? true) && (single?.isPureValue ?? true) }

  /// Claims the check of this case (as ``_TypeLayout/claimCheck()``).
  func claimCheck() -> Bool {
    state.compareExchange(
      expected: _TypeLayout.unchecked, desired: _TypeLayout.checking, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// The payload at `pointer` as the fields `Mirror` writes, each boxed.
  func boxedFields(at pointer: UnsafeRawPointer) -> [(label: String, value: Any)] {
    if let tuple {
      return tuple.fields.map { ($0.label, $0.boxer._box(at: pointer + $0.offset)) }
    }
    guard let boxer else { return [] }
    return [("", boxer._box(at: pointer))]
  }
}

/// How one field (or array element, or optional's wrapped value) is written from memory.
///
/// A class with a kind, not an enum with payloads: layouts live for the whole process, and an
/// indirect enum keeps its case in the spare bits of its box pointer, where LeakSanitizer cannot
/// see the pointer and reports every box as leaked.
final class _FieldAccess: Sendable {
  enum Kind: UInt8, Sendable {
    case int, string, double, bool
    /// A type with a `StructurallyEncodable` conformance: its `encode(to:)` (``encodable``).
    case encodable
    /// A struct, tuple or enum written directly, by its layout (``layout``).
    case layout
    /// An `Optional` of a directly written type (``optional``, ``inner``).
    case optional
    /// An `Array` of a directly written type, what the dynamic path's `[Any]` cast would write
    /// (``array``, ``inner``).
    case array
    /// Anything else: boxed and written by the dynamic path.
    case boxed
  }

  let kind: Kind
  let encodable: (any _EncodableAt.Type)?
  let layout: _TypeLayout?
  let optional: (any _OptionalAt.Type)?
  let array: (any _ArrayAt.Type)?
  /// The access of an optional's wrapped value or an array's elements.
  let inner: _FieldAccess?

  private init(
    _ kind: Kind, encodable: (any _EncodableAt.Type)? = nil, layout: _TypeLayout? = nil,
    optional: (any _OptionalAt.Type)? = nil, array: (any _ArrayAt.Type)? = nil, inner: _FieldAccess? = nil
  ) {
    self.kind = kind
    self.encodable = encodable
    self.layout = layout
    self.optional = optional
    self.array = array
    self.inner = inner
  }

  static let int = _FieldAccess(.int)
  static let string = _FieldAccess(.string)
  static let double = _FieldAccess(.double)
  static let bool = _FieldAccess(.bool)
  static let boxed = _FieldAccess(.boxed)

  static func encodable(_ encodable: any _EncodableAt.Type) -> _FieldAccess {
    _FieldAccess(.encodable, encodable: encodable)
  }

  static func layout(_ layout: _TypeLayout) -> _FieldAccess {
    _FieldAccess(.layout, layout: layout)
  }

  static func optional(_ optional: any _OptionalAt.Type, _ wrapped: _FieldAccess) -> _FieldAccess {
    _FieldAccess(.optional, optional: optional, inner: wrapped)
  }

  static func array(_ array: any _ArrayAt.Type, _ element: _FieldAccess) -> _FieldAccess {
    _FieldAccess(.array, array: array, inner: element)
  }

  /// How a value of static type `type` is written; the order follows the dynamic path's
  /// (`StructureEncoder._emit`), so both write the same bytes.
  static func of(_ type: Any.Type, building: inout Set<ObjectIdentifier>) -> _FieldAccess {
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
      if wrapped.isWrittenFromMemory { return .optional(optional._optionalAt, wrapped) }
    } else if let array = type as? any _ArrayType.Type {
      let element = of(array._elementType, building: &building)
      if element.isWrittenFromMemory { return .array(array._arrayAt, element) }
    }
    if let encodable = type as? any StructurallyEncodable.Type {
      return .encodable(_encodableAt(encodable))
    }
    if type is any _OptionalType.Type || type is any _ArrayType.Type { return .boxed }
    if building.contains(ObjectIdentifier(type)) { return .boxed }
    guard let layout = _TypeLayout._build(type, building: &building), layout.isDirect else { return .boxed }
    return .layout(layout)
  }

  /// Whether values of this access are pure values (see ``_TypeLayout/isPureValue``).
  var isPureValue: Bool {
    switch kind {
    case .int, .string, .double, .bool: true
    case .layout: layout?.isPureValue ?? false
    case .optional, .array: inner?.isPureValue ?? false
    case .encodable, .boxed: false
    }
  }

  /// Whether values of this access are written from memory by Verity itself (not boxed, not
  /// through a conformance).
  var isWrittenFromMemory: Bool {
    kind != .boxed && kind != .encodable
  }

  /// The longest chain of directly written types inside a value of this access.
  var depth: Int {
    layout?.depth ?? inner?.depth ?? 0
  }
}

/// The process-wide layouts, by type (nil: the type is written by `Mirror`).
enum _LayoutCache {
  struct Entry: Sendable {
    let layout: _TypeLayout?
  }
  static let shared = _Lock<[ObjectIdentifier: Entry]>([:])
  /// The learned layouts again, read with no lock (see ``_TypeMap``): the dynamic path asks for
  /// every value it writes. The dictionary above stays the record (it also holds the types that
  /// have no layout, and any layout this map has no room for).
  static let fast = _TypeMap<_TypeLayout>(capacity: 4096)
}

/// A process-lifetime map from types to immutable objects, read with no lock (the engine's
/// `vrt_ptr_map`: atomic loads, no allocation, no hashing of Swift values). Values are never
/// removed, so each one added is retained for the life of the process. A miss (a type not added
/// yet, or added while the map was full) is answered by the caller's own, slower record.
///
/// `@unchecked Sendable`: the only state is the engine map, which synchronizes its readers and
/// adders itself (acquire/release atomics); `Value` is `Sendable`.
package final class _TypeMap<Value: AnyObject & Sendable>: @unchecked Sendable {
  private let map: OpaquePointer?

  package init(capacity: Int) {
    var created: OpaquePointer? = nil
    map = vrt_ptr_map_create(capacity, &created) == VRT_OK ? created : nil
  }

  deinit { vrt_ptr_map_free(map) }

  /// The value added for `type`, if any.
  @inline(__always)
  package func value(for type: Any.Type) -> Value? {
    value(forKey: Self.key(type))
  }

  /// The value added for a key other than a type (a nonzero word), if any.
  @inline(__always)
  package func value(forKey key: UnsafeRawPointer?) -> Value? {
    guard let raw = vrt_ptr_map_get(map, key) else { return nil }
    return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
  }

  /// A type's key: its metadata's address.
  @inline(__always)
  private static func key(_ type: Any.Type) -> UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(type)))
  }

  /// Adds `value` for `type` (kept for good) unless the type has one; a full map adds nothing.
  package func add(_ value: Value, for type: Any.Type) {
    add(value, forKey: Self.key(type))
  }

  /// The value for `key` (a nonzero word), made by `make` and added when there is none. When
  /// threads race, every one gets the value added first; a full map keeps nothing, and `make`'s
  /// value is returned unkept.
  package func value(forKey key: UnsafeRawPointer?, addingIfAbsent make: () -> Value) -> Value {
    if let known = value(forKey: key) { return known }
    let made = make()
    add(made, forKey: key)
    return value(forKey: key) ?? made
  }

  /// ``value(forKey:addingIfAbsent:)`` for a type.
  package func value(for type: Any.Type, addingIfAbsent make: () -> Value) -> Value {
    value(forKey: Self.key(type), addingIfAbsent: make)
  }

  /// Adds `value` for a key other than a type (a nonzero word), as ``add(_:for:)``.
  package func add(_ value: Value, forKey key: UnsafeRawPointer?) {
    let retained = Unmanaged.passRetained(value)
    let now = vrt_ptr_map_add(map, key, retained.toOpaque())
    if now != UnsafeRawPointer(retained.toOpaque()) { retained.release() }
  }
}

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
/// engine's `vrt_enum_*`; see `_EnumPayloads`, which checks them, and the file's header).
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

/// The standard library's and Foundation's types with a custom mirror (`CustomReflectable`) that
/// is never a tuple's: an enum payload of such a type is one field, as `Mirror` writes it. (A
/// payload of any other type with a custom mirror sends its enum to `Mirror`.)
protocol _MirrorIsNeverATuple {}
extension Bool: _MirrorIsNeverATuple {}
extension Int: _MirrorIsNeverATuple {}
extension Int8: _MirrorIsNeverATuple {}
extension Int16: _MirrorIsNeverATuple {}
extension Int32: _MirrorIsNeverATuple {}
extension Int64: _MirrorIsNeverATuple {}
extension UInt: _MirrorIsNeverATuple {}
extension UInt8: _MirrorIsNeverATuple {}
extension UInt16: _MirrorIsNeverATuple {}
extension UInt32: _MirrorIsNeverATuple {}
extension UInt64: _MirrorIsNeverATuple {}
extension Float: _MirrorIsNeverATuple {}
extension Double: _MirrorIsNeverATuple {}
extension String: _MirrorIsNeverATuple {}
extension Substring: _MirrorIsNeverATuple {}
extension Character: _MirrorIsNeverATuple {}
extension Unicode.Scalar: _MirrorIsNeverATuple {}
extension Optional: _MirrorIsNeverATuple {}
extension Array: _MirrorIsNeverATuple {}
extension ContiguousArray: _MirrorIsNeverATuple {}
extension ArraySlice: _MirrorIsNeverATuple {}
extension Set: _MirrorIsNeverATuple {}
extension Dictionary: _MirrorIsNeverATuple {}
extension Range: _MirrorIsNeverATuple {}
extension ClosedRange: _MirrorIsNeverATuple {}
extension Date: _MirrorIsNeverATuple {}
extension Data: _MirrorIsNeverATuple {}
extension UUID: _MirrorIsNeverATuple {}
extension URL: _MirrorIsNeverATuple {}
extension Decimal: _MirrorIsNeverATuple {}

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
