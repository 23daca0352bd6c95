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
import Synchronization

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
    if let layout = _LayoutCache.shared.fast.value(for: type) { return layout }
    var building = _LayoutBuilding()
    return _build(type, building: &building)
  }

  /// The layout of `type` if one was learned already (nothing is built): the dynamic path asks
  /// before its casts, so that values of a learned type skip them.
  package static func learned(_ type: Any.Type) -> _TypeLayout? {
    if let layout = _LayoutCache.shared.fast.value(for: type) { return layout }
    return _LayoutCache.shared.records.value(for: ObjectIdentifier(type)) ?? nil
  }

  /// The layout of `type` if one was learned and is in the lock-free map (nearly every learned
  /// layout is), else nil at the cost of a few loads: what the per-value paths ask first, so that
  /// a type with no layout (a conformance, a class) pays no lock for the question.
  @inline(__always)
  package static func learnedFast(_ type: Any.Type) -> _TypeLayout? {
    _LayoutCache.shared.fast.value(for: type)
  }
}

/// The learned layouts, by type: ``shared`` is the process's (tests build into small ones).
struct _LayoutCache: Sendable {
  static let shared = _LayoutCache(records: 8192, fast: 4096)
  /// Each type's layout (nil: the type is written by `Mirror`), bounded as ``_TypeMap`` says.
  let records: _BoundedCache<ObjectIdentifier, _TypeLayout?>
  /// The layouts again, read with no lock (see ``_TypeMap``): the dynamic path asks for every
  /// value it writes. ``records`` stays the record (it also holds the types with no layout).
  let fast: _TypeMap<_TypeLayout>

  init(records: Int, fast: Int) {
    self.records = _BoundedCache(capacity: records)
    self.fast = _TypeMap(capacity: fast)
  }
}

/// What building a layout carries: the types whose layouts are being built around the current
/// one, and the cache it fills.
struct _LayoutBuilding {
  var types: Set<ObjectIdentifier> = []
  var cache = _LayoutCache.shared
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

  /// The payload at `pointer` as the fields `Mirror` writes, each boxed.
  func boxedFields(at pointer: UnsafeRawPointer) -> [(label: String, value: Any)] {
    if let tuple {
      return tuple.fields.map { ($0.label, $0.boxer._box(at: pointer + $0.offset)) }
    }
    guard let boxer else { return [] }
    return [("", boxer._box(at: pointer))]
  }
}

extension Atomic where Value == UInt8 {
  /// Claims the check of the layout or enum case whose ``_TypeLayout/state`` this is: true for the
  /// one caller that moves it from `unchecked` to `checking`, which must then check a value
  /// (`_checkLayout`).
  func claimCheck() -> Bool {
    compareExchange(expected: _TypeLayout.unchecked, desired: _TypeLayout.checking, ordering: .acquiringAndReleasing)
      .exchanged
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

  init(
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
