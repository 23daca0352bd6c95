// Verity's reads of Swift runtime internals, in one place. Each one is checked once, the first
// time it is needed, against the answer of public API on known values; when a check fails (a
// Swift release changed what it relies on), Verity uses the public-API fallback for the rest of
// the process: slower or less exact, never a wrong answer built on a broken assumption.
//
// | trick | what it assumes | checked on | fallback |
// |---|---|---|---|
// | ``_MetadataKind`` | the first word of non-class type metadata is the runtime's `MetadataKind` (0x300 opaque/builtin, 0x302 function, 0x304 and 0x306 metatypes) | `Int`, `(Int) -> Int`, `Int.Type`, a `Builtin` vector found by reflection | casts and type names |
// | ``_enumCaseName(_:)`` | the runtime entry point `swift_EnumCaseName` names a payload-less case | an enum whose description is not its case name | `String(describing:)` |
// | ``_EnumCases`` | enum metadata holds its type descriptor in its second word, and an enum descriptor holds its count of payload cases in the low 24 bits of its 32-bit word at byte 20 and its count of empty cases at byte 24 | enums of known cases (`_EnumCasesProbe...`), and whether each case's mirror has children | the enum is written by `Mirror` |
// | `_TypeLayout` (TypeLayout.swift) | `_forEachField` reports every stored field of a struct or tuple | the first value of each type, against `Mirror` | `Mirror`, for that type |
// | `_DecimalParts` (StructureEncoder+JSONNumbers.swift) | a `Decimal` is ten 16-bit words in one of two known layouts | its own startup check, `_DecimalParts.layout` | `Decimal`'s public `description` |
//
// `RuntimeSupportTests` checks every assumption, and that each fallback answers as the trick does
// (the fallbacks are plain functions, tested directly: no switch changes what a running process
// does).

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
