// Verity's reads of Swift runtime internals, in one place. Each one is checked once, the first
// time it is needed, against the answer of public API on known values; when a check fails (a
// Swift release changed what it relies on), Verity uses the public-API fallback for the rest of
// the process: slower or less exact, never a wrong answer built on a broken assumption.
//
// | trick | what it assumes | checked on | fallback |
// |---|---|---|---|
// | ``_MetadataKind`` | the first word of non-class type metadata is the runtime's `MetadataKind` (0x300 opaque/builtin, 0x302 function, 0x304 and 0x306 metatypes) | `Int`, `(Int) -> Int`, `Int.Type`, a `Builtin` vector found by reflection | casts and type names |
// | ``_enumCaseName(_:)`` | the runtime entry point `swift_EnumCaseName` names a payload-less case | an enum whose description is not its case name | `String(describing:)` |
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
