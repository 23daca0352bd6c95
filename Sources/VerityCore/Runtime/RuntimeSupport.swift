// Verity's reads of Swift runtime internals, in one place. Each one is checked once, the first
// time it is needed, against the answer of public API on known values (`_RecentMethods`, whose
// read needs only a size, checks the size); when a check fails (a Swift release changed what it
// relies on), Verity uses the public-API fallback for the rest of the process: slower or less
// exact, never a wrong answer built on a broken assumption.
//
// | trick | what it assumes | checked on | fallback |
// |---|---|---|---|
// | ``_MetadataKind`` | the first word of non-class type metadata is the runtime's `MetadataKind` (0x300 opaque/builtin, 0x302 function, 0x304 and 0x306 metatypes) | `Int`, `(Int) -> Int`, `Int.Type`, a `Builtin` vector found by reflection | casts and type names |
// | ``_enumCaseName(_:)`` | the runtime entry point `swift_EnumCaseName` names a payload-less case | an enum whose description is not its case name | `String(describing:)` |
// | ``_EnumCases`` | enum metadata holds its type descriptor in its second word, and an enum descriptor holds its count of payload cases in the low 24 bits of its 32-bit word at byte 20 and its count of empty cases at byte 24 | enums of known cases (`_EnumCasesProbe...`), and whether each case's mirror has children | the enum is written by `Mirror` |
// | ``_EnumPayloads`` | an enum descriptor's field descriptor (relative pointer at byte 16) lists its cases as 12-byte records (flags, bit 0 indirect; relative pointers to the mangled payload type and the name), payload cases first, in the order the value witness `getEnumTag` numbers them; `_getTypeByMangledNameInContext` resolves a payload type with the enum's generic arguments; the enum value witnesses (`vrt_enum_*`, the C engine's enum_witness.c: `getEnumTag`, `destructiveProjectEnumData` on a bitwise copy) give a value's case and its payload in place | probe enums (`_EnumPayloadsProbe...`): single and multi payload, spare bits and extra tag bytes, generic, indirect; each value's case and payload against its mirror | the enum is written by `Mirror` |
// | `_TypeLayout` (TypeLayout.swift) | `_forEachField` reports every stored field of a struct or tuple; an enum's cases read as ``_EnumPayloads`` reads them | the first value of each type (and of each case of an enum with payloads), against `Mirror` | `Mirror`, for that type |
// | `_DecimalParts` (StructureEncoder+JSONNumbers.swift) | a `Decimal` is ten 16-bit words in one of two known layouts | its own startup check, `_DecimalParts.layout` | `Decimal`'s public `description` |
// | `_AnyLayout` (AnyLayout.swift) | an `Any?` is 32 bytes: a three-word inline buffer, then the type metadata pointer (null for `nil`), with an `Int`, `Double`, `Bool` or `String` stored inline at the buffer's start | its own startup check, `_AnyLayout.known`: -42, 2.5, `true`, a long and a short string and `nil`, read back in place | `CallLog.record(_:arguments:)` writes each argument by the general path (`_encodeCommonScalar`, then `encode(any:)`) |
// | `_RecentMethods` (CallLog+RecentMethods.swift) | a `String` is two words (`unsafeBitCast` to them), and equal words are an equal string while the log retains the name | only the size, `MemoryLayout<String>.size` (`_RecentMethods.applies`); equal words are the same value by construction | none kept: every method name is looked up in the engine's table (`vrt_log_intern`, `vrt_log_find_method`), as a name the kept four miss is |
//
// `RuntimeSupportTests` checks every assumption, and that each fallback answers as the trick does
// (the fallbacks are plain functions, tested directly: no switch changes what a running process
// does). `_RecentMethods`' fallback is the engine lookup every missed name takes, which
// `CallLogTests.methodNamesAreFoundHoweverTheyAreSpelled` forces name by name.

internal import CVerityEngine

/// The switches and checks of the runtime tricks (see the table at the top of this file).
enum _RuntimeSupport {
  /// Whether metadata kind words read as ``_MetadataKind`` expects, on known types.
  static let metadataKindWordHolds: Bool = {
    guard let builtin = builtinSample() else { return false }
    return _MetadataKind.byKindWord(Int.self) == .other
      && _MetadataKind.byKindWord(String.self) == .other
      && _MetadataKind.byKindWord(((Int) -> Int).self) == .function
      && _MetadataKind.byKindWord(Int.Type.self) == .metatype
      && _MetadataKind.byKindWord(type(of: builtin)) == .builtin
  }()

  /// Whether `swift_EnumCaseName` names the case of a payload-less enum value.
  static let enumCaseNameHolds: Bool = {
    guard let name = _swiftEnumCaseName(_RuntimeSupportProbe.second) else { return false }
    return String(cString: name) == "second"
  }()

  /// A value of a `Builtin` type, found by reflection: the storage inside `SIMD2<Double>`.
  static func builtinSample() -> Any? {
    var value: Any = SIMD2<Double>(1, 2)
    for _ in 0..<4 {
      if String(describing: type(of: value)).hasPrefix("Builtin.") { return value }
      guard let child = Mirror(reflecting: value).children.first else { return nil }
      value = child.value
    }
    return nil
  }
}

/// An enum whose description is not its case name: what ``_RuntimeSupport/enumCaseNameHolds``
/// asks the runtime about.
enum _RuntimeSupportProbe: CustomStringConvertible {
  case first, second
  var description: String { "a probe" }
}

/// The kinds of type the dynamic path treats specially. Read from the type metadata's first word
/// (the Swift runtime's `MetadataKind`, stable ABI; class metadata, whose first word on Apple
/// platforms is an isa pointer, reads as `.other`) when that read is checked to hold, else found
/// with casts and type names.
enum _MetadataKind {
  /// `Builtin.*` types (`MetadataKind::Opaque`): storage reflection shows as `(Opaque Value)`.
  case builtin
  /// Function types.
  case function
  /// Metatypes and existential metatypes (`Int.self`, `(any P).Type`).
  case metatype
  case other

  /// The kind of `value`'s dynamic type.
  init(of value: Any) {
    let valueType = type(of: value)
    if _RuntimeSupport.metadataKindWordHolds {
      self = Self.byKindWord(valueType)
    } else {
      self = Self.byPublicAPI(value)
    }
  }

  /// The trick: the metadata's kind word.
  static func byKindWord(_ type: Any.Type) -> _MetadataKind {
    let word = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    switch word {
    case 0x300: return .builtin
    case 0x302: return .function
    case 0x304, 0x306: return .metatype
    default: return .other
    }
  }

  /// The fallback: a metatype by a cast, a function or a builtin by its type's name.
  static func byPublicAPI(_ value: Any) -> _MetadataKind {
    if value is Any.Type { return .metatype }
    let name = String(describing: type(of: value))
    if name.hasPrefix("Builtin.") { return .builtin }
    return isFunctionTypeName(name) ? .function : .other
  }

  /// Whether a type name is a function type's: `(Int) -> ()`, `@Sendable () async throws -> ()`
  /// (its parameter list, then effects and `->`), not a tuple holding one (`(Int, (Int) -> ())`).
  static func isFunctionTypeName(_ name: String) -> Bool {
    var rest = Substring(name)
    while rest.hasPrefix("@") {
      guard let space = rest.firstIndex(of: " ") else { return false }
      rest = rest[rest.index(after: space)...]
    }
    guard rest.first == "(" else { return false }
    var depth = 0
    var index = rest.startIndex
    while index < rest.endIndex {
      switch rest[index] {
      case "(", "<", "[": depth += 1
      case ")", ">", "]":
        depth -= 1
        if depth == 0 {
          let after = rest[rest.index(after: index)...]
          for effect in [" async", " throws", " rethrows"] where after.hasPrefix(effect) {
            return after.contains(" -> ")
          }
          return after.hasPrefix(" -> ")
        }
      default: break
      }
      index = rest.index(after: index)
    }
    return false
  }
}

/// How many cases of an enum type carry a payload, read from its type descriptor when that read
/// is checked to hold (``descriptorReadHolds``), else unknown (nil): the enum is then written by
/// `Mirror`. Only an enum with no payload case is written from its layout (its case name alone).
enum _EnumCases {
  /// Whether the descriptor read gives the known counts of the probe enums, and agrees with each
  /// probe case's mirror (children exactly for the cases with a payload).
  static let descriptorReadHolds: Bool = {
    #if _ptrauth(_arm64e)
      // There the metadata's descriptor pointer is signed: never read it raw.
      return false
    #else
      return checkRead()
    #endif
  }()

  /// The check behind ``descriptorReadHolds``.
  static func checkRead() -> Bool {
    guard read(_EnumCasesProbeEmpty.self) == (0, 3), read(_EnumCasesProbeMixed.self) == (2, 1),
      read(_EnumCasesProbeSingle.self) == (1, 0), read(_EnumCasesProbeGeneric<String>.self) == (1, 2)
    else { return false }
    let empty: [Any] = [_EnumCasesProbeEmpty.a, _EnumCasesProbeEmpty.b, _EnumCasesProbeEmpty.c]
    let mixed: [Any] = [_EnumCasesProbeMixed.a(1), _EnumCasesProbeMixed.b, _EnumCasesProbeMixed.c("c")]
    return empty.allSatisfy { Mirror(reflecting: $0).children.isEmpty }
      && mixed.map { !Mirror(reflecting: $0).children.isEmpty } == [true, false, true]
  }

  /// The number of payload cases of `type`, an enum (not an `Optional`), or nil when the read is
  /// not known to hold. Call only for a type whose kind is `.enum`.
  static func payloadCases(of type: Any.Type) -> Int? {
    guard descriptorReadHolds else { return nil }
    return read(type).payload
  }

  /// The trick: the counts in the enum's type descriptor.
  static func read(_ type: Any.Type) -> (payload: Int, empty: Int) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer?.self) else {
      return (-1, -1)
    }
    let payload = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    let empty = descriptor.load(fromByteOffset: 24, as: UInt32.self)
    return (Int(payload), Int(empty))
  }
}

enum _EnumCasesProbeEmpty { case a, b, c }
enum _EnumCasesProbeMixed { case a(Int), b, c(String) }
enum _EnumCasesProbeSingle { case only(Int, String) }
enum _EnumCasesProbeGeneric<T> { case a, b, value(T) }

/// The cases of an enum, read from its type descriptor's field records, and the case and payload
/// of its values, read with its value witnesses, when both are checked to hold (``holds``); else
/// unknown (nil): the enum is then written by `Mirror`. What lets an enum with payloads have a
/// learned layout (`_TypeLayout`), whose values are then written with no `Mirror`.
///
/// The reads are the ones `Mirror` itself makes (the runtime's `EnumImpl`: the case index from
/// `getEnumTag`, the case's field record at that index, its payload type resolved from its
/// mangled name with the enum's generic arguments, the payload projected in place), so where they
/// hold they give `Mirror`'s answer; the probe enums and the first value of each case of each
/// type (`_checkLayout`) check that they do.
enum _EnumPayloads {
  /// One case: its name, its payload's static type (nil for a case with none), and whether it is
  /// `indirect` (its payload boxed: such an enum keeps `Mirror`).
  struct Case: Equatable {
    let name: String
    let payload: Any.Type?
    let indirect: Bool

    static func == (lhs: Case, rhs: Case) -> Bool {
      lhs.name == rhs.name && lhs.indirect == rhs.indirect
        && lhs.payload.map(ObjectIdentifier.init) == rhs.payload.map(ObjectIdentifier.init)
    }
  }

  /// The largest enum whose values are copied to the stack to project their payload.
  static let maxSize = 4096

  /// Whether the field records read as the probe enums' known cases.
  static let recordsReadHolds: Bool = {
    #if _ptrauth(_arm64e)
      // There the descriptor pointers are signed: never read them raw.
      return false
    #else
      return _EnumCases.descriptorReadHolds && checkRecords()
    #endif
  }()

  /// Whether the field records and the value witnesses give the probe enums' known cases and
  /// payloads, in agreement with their mirrors.
  static let holds: Bool = recordsReadHolds && _RuntimeSupport.enumCaseNameHolds && checkRead()

  /// The cases of `type`, an enum (not an `Optional`) whose values can be read with its value
  /// witnesses, or nil when the reads are not known to hold or `type` is not such an enum.
  static func cases(of type: Any.Type) -> [Case]? {
    guard holds, witnessesAvailable(type) else { return nil }
    return read(type)
  }

  /// Whether a case of `type`, an enum, has a payload type in its field record, or nil when the
  /// records are not known to read right. A case whose payload is empty (`case a(())`) is one
  /// with no payload for the descriptor's counts, but `Mirror` shows its payload.
  static func recordsHavePayloads(_ type: Any.Type) -> Bool? {
    guard recordsReadHolds, let cases = read(type) else { return nil }
    return cases.contains { $0.payload != nil }
  }

  /// Whether `type`'s value witness table has the enum witnesses, its values are bitwise takable
  /// (a copy of their bytes can be read) and at most ``maxSize`` bytes.
  static func witnessesAvailable(_ type: Any.Type) -> Bool {
    vrt_enum_witnesses_available(unsafeBitCast(type, to: UnsafeRawPointer.self), maxSize)
  }

  private typealias Multi = _EnumPayloadsProbeMulti
  private typealias Single = _EnumPayloadsProbeSingle
  private typealias Packed = _EnumPayloadsProbePacked
  private typealias Generic = _EnumPayloadsProbeGeneric<Double>

  /// The check behind ``recordsReadHolds``.
  static func checkRecords() -> Bool {
    let probes: [(type: Any.Type, cases: [Case])] = [
      (Multi.self, [
        Case(name: "text", payload: String.self, indirect: false),
        Case(name: "pair", payload: (Int, label: String).self, indirect: false),
        Case(name: "list", payload: [Int].self, indirect: false),
        Case(name: "number", payload: Double.self, indirect: false),
        Case(name: "empty", payload: nil, indirect: false),
      ]),
      (Single.self, [
        Case(name: "value", payload: String.self, indirect: false),
        Case(name: "none", payload: nil, indirect: false), Case(name: "other", payload: nil, indirect: false),
      ]),
      (Packed.self, [
        Case(name: "small", payload: Int8.self, indirect: false), Case(name: "flag", payload: Bool.self, indirect: false),
        Case(name: "wide", payload: Int.self, indirect: false),
      ]),
      (Generic.self, [
        Case(name: "value", payload: Double.self, indirect: false), Case(name: "nothing", payload: nil, indirect: false),
      ]),
      (_EnumPayloadsProbeIndirect.self, [
        Case(name: "leaf", payload: Int.self, indirect: true),
        Case(name: "node", payload: (_EnumPayloadsProbeIndirect, _EnumPayloadsProbeIndirect).self, indirect: true),
      ]),
      (_EnumPayloadsProbeEmptyPayload.self, [
        Case(name: "empty", payload: Void.self, indirect: false), Case(name: "none", payload: nil, indirect: false),
      ]),
    ]
    return probes.allSatisfy { read($0.type) == $0.cases }
  }

  /// The check behind ``holds``, after ``recordsReadHolds``.
  static func checkRead() -> Bool {
    let long = "a string longer than fifteen bytes"
    let types: [Any.Type] = [
      Multi.self, Single.self, Packed.self, Generic.self, _EnumPayloadsProbeIndirect.self,
      _EnumPayloadsProbeEmptyPayload.self,
    ]
    guard types.allSatisfy(witnessesAvailable) else { return false }
    // Each value: its case by `getEnumTag`, named as its mirror names it, and its payload, read
    // in place, the value it was made with.
    return observe(Multi.text(long), 0, long) && observe(Multi.pair(-7, label: long), 1, (-7, label: long))
      && observe(Multi.list([1, 2]), 2, [1, 2]) && observe(Multi.number(2.5), 3, 2.5)
      && observe(Multi.empty, 4, ()) && observe(Single.value(long), 0, long) && observe(Single.value(""), 0, "")
      && observe(Single.none, 1, ()) && observe(Single.other, 2, ())
      && observe(Packed.small(-3), 0, Int8(-3)) && observe(Packed.flag(true), 1, true)
      && observe(Packed.wide(.min), 2, Int.min) && observe(Generic.value(-1.5), 0, -1.5)
      && observe(Generic.nothing, 1, ()) && observe(_EnumPayloadsProbeEmptyPayload.empty(()), 0, ())
      && observe(_EnumPayloadsProbeEmptyPayload.none, 1, ())
  }

  /// Whether `value`'s case is the one at `tag` (named as its mirror names it) and, for a case with
  /// a payload, the payload read in place is `payload` (compared by description).
  static func observe<E, P>(_ value: E, _ tag: Int, _ payload: P) -> Bool {
    guard let cases = read(E.self), tag < cases.count else { return false }
    return withUnsafePointer(to: value) { pointer in
      let raw = UnsafeRawPointer(pointer)
      guard _EnumOf<E>._tag(at: raw) == tag else { return false }
      let mirror = Mirror(reflecting: value)
      guard cases[tag].payload != nil else {
        return mirror.children.isEmpty && _enumCaseName(inPlace: value) == cases[tag].name
      }
      guard mirror.children.first?.label == cases[tag].name, cases[tag].payload == P.self else { return false }
      var observed = false
      var encoder = StructureEncoder()
      _EnumOf<E>._withPayload(at: raw, &encoder) { _, payloadPointer in
        observed = String(reflecting: payloadPointer.load(as: P.self)) == String(reflecting: payload)
      }
      return observed
    }
  }

  /// The trick: the enum's field records, with their payload types resolved. Nil when the
  /// descriptor does not read as an enum's with as many records as cases, payload cases first.
  static func read(_ type: Any.Type) -> [Case]? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer?.self) else {
      return nil
    }
    let flags = descriptor.load(as: UInt32.self)
    let counts = _EnumCases.read(type)
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    // Context descriptor kind 18: an enum.
    guard flags & 0x1F == 18, fieldsOffset != 0 else { return nil }
    let fields = descriptor + 16 + Int(fieldsOffset)
    let kind = fields.load(fromByteOffset: 8, as: UInt16.self)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    // Field descriptor kinds 2 and 3: an enum, a multi-payload enum.
    guard kind == 2 || kind == 3, recordSize == 12, count == counts.payload + counts.empty else { return nil }
    // A generic enum's generic arguments follow its descriptor pointer in its metadata.
    let genericArguments = flags & 0x80 != 0 ? metadata + 2 * MemoryLayout<UInt>.size : nil
    var cases: [Case] = []
    cases.reserveCapacity(count)
    for index in 0..<count {
      let record = fields + 16 + index * recordSize
      let recordFlags = record.load(as: UInt32.self)
      let typeOffset = record.load(fromByteOffset: 4, as: Int32.self)
      let nameOffset = record.load(fromByteOffset: 8, as: Int32.self)
      guard nameOffset != 0 else { return nil }
      let name = String(cString: (record + 8 + Int(nameOffset)).assumingMemoryBound(to: CChar.self))
      var payload: Any.Type?
      if typeOffset != 0 {
        let mangled = (record + 4 + Int(typeOffset)).assumingMemoryBound(to: UInt8.self)
        payload = _getTypeByMangledNameInContext(
          mangled, UInt(mangledNameLength(mangled)), genericContext: descriptor, genericArguments: genericArguments)
        guard payload != nil else { return nil }
      }
      // Payload cases first; a case counted as one with no payload may still have an empty one.
      if index < counts.payload {
        guard payload != nil else { return nil }
      } else if let payload {
        guard _sizeOf(payload) == 0 else { return nil }
      }
      cases.append(Case(name: name, payload: payload, indirect: recordFlags & 1 != 0))
    }
    return cases
  }

  /// The length of a mangled name that may hold symbolic references (a byte 1...0x17 and a 32-bit
  /// relative reference, or 0x18...0x1F and a pointer), as the runtime measures it.
  static func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
    var length = 0
    while name[length] != 0 {
      switch name[length] {
      case 0x01...0x17: length += 1 + 4
      case 0x18...0x1F: length += 1 + MemoryLayout<UInt>.size
      default: length += 1
      }
    }
    return length
  }
}

enum _EnumPayloadsProbeMulti { case text(String), pair(Int, label: String), empty, list([Int]), number(Double) }
enum _EnumPayloadsProbeSingle { case none, value(String), other }
enum _EnumPayloadsProbePacked { case small(Int8), flag(Bool), wide(Int) }
enum _EnumPayloadsProbeGeneric<T> { case nothing, value(T) }
enum _EnumPayloadsProbeEmptyPayload { case empty(()), none }
indirect enum _EnumPayloadsProbeIndirect { case leaf(Int), node(_EnumPayloadsProbeIndirect, _EnumPayloadsProbeIndirect) }

/// The size of a value of `type`.
func _sizeOf(_ type: Any.Type) -> Int {
  func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
  return size(type)
}

/// The runtime's name of the case of an enum value of static type `T` (no existential), or
/// `String(describing:)` when the runtime's name is not checked to hold (as ``_enumCaseName(_:)``).
func _enumCaseName<T>(inPlace value: T) -> String {
  if _RuntimeSupport.enumCaseNameHolds, let name = _swiftEnumCaseName(value) { return String(cString: name) }
  return String(describing: value)
}

/// The case name of a payload-less enum value: the runtime's name when that is checked to hold,
/// else `String(describing:)` (which is the case name unless the enum describes itself otherwise).
func _enumCaseName(_ value: Any) -> String {
  if _RuntimeSupport.enumCaseNameHolds, let name = _runtimeEnumCaseName(value) { return name }
  return String(describing: value)
}

/// The trick behind ``_enumCaseName(_:)``: the runtime's name, or nil for a value that is not an
/// enum.
func _runtimeEnumCaseName(_ value: Any) -> String? {
  _swiftEnumCaseName(value).map { String(cString: $0) }
}

/// The Swift runtime's name of an enum value's case (what `print` shows for a payload-less case
/// of an enum without a custom description). Returns nil for non-enums. A runtime entry point,
/// not another package's symbol; used only through ``_enumCaseName(_:)``, after its check.
@_silgen_name("swift_EnumCaseName")
private func _swiftEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// `value` as a `T`, for a value whose dynamic type the caller has checked is exactly `T`
/// (`type(of: value) == T.self`): the existential is opened and, when it holds a `T` directly, its
/// contents are read as one. A dynamic cast (`as! T`) gives the same value after asking the
/// runtime's general cast machinery (a few hundred instructions, which a small test's every
/// argument and matcher paid). An `Any` boxed inside the `Any` (which `type(of:)` looks through,
/// and opening does not) takes the cast.
@inlinable @inline(__always)
package func _exactCast<T>(_ value: Any, to _: T.Type) -> T {
  func read<U>(_ opened: U) -> T {
    if U.self == T.self { return unsafeBitCast(opened, to: T.self) }
    return opened as! T
  }
  return read(value)
}
