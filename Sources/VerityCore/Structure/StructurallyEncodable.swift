/// A type that writes itself as a canonical structure, without reflection.
///
/// Conforming is the fast way into Verity: generic code calls ``encode(to:)`` directly, with no
/// existential boxing and no `Mirror`. Standard-library and Foundation types ship conformances;
/// `@Matchable` synthesizes one for your types; or write it by hand with the
/// ``StructureEncoder`` container helpers.
///
/// A conformance must write **exactly one value** (a scalar or one container).
///
/// ```swift
/// struct User: StructurallyEncodable {
///   var name: String
///   var age: Int
///
///   func encode(to encoder: inout StructureEncoder) {
///     encoder.encodeStruct("User") {
///       $0.field("name", name)
///       $0.field("age", age)
///     }
///   }
/// }
///
/// Structure(User(name: "Ada", age: 36)).description  // User(name: "Ada", age: 36)
/// ```
public protocol StructurallyEncodable {
  /// Writes this value, as exactly one structure value, into `encoder`.
  ///
  /// ```swift
  /// func encode(to encoder: inout StructureEncoder) {
  ///   encoder.encode(rawValue)  // an enum that compares by its raw value
  /// }
  /// ```
  func encode(to encoder: inout StructureEncoder)

  /// Whether, for an `Equatable` type, equal structures mean `==` (and different ones `!=`), so
  /// that `eq(x)` and plain values may compare bytes instead of calling `==`. The default, `true`,
  /// is the promise a hand-written conformance makes. `@Matchable` conformances say `false`: the
  /// macro cannot see a type's own `==` (one comparing only an `id`, say), so `==` decides.
  /// Containers answer for their elements.
  static var structureDecidesEquality: Bool { get }

  /// Whether every value of this type writes exactly one well-formed value and no class instance,
  /// so that ``Structure`` can skip validating it and a call log its per-argument check. Verity's
  /// own conformances answer true (containers when their elements do); leave the default
  /// (`false`) in yours.
  ///
  /// The one underscored requirement left: the typed recording paths are inlined into the
  /// caller's module, where only a public requirement lets the compiler decide this per type
  /// at build time (an SPI requirement cannot be read from inlinable code, and a package marker
  /// protocol is invisible to the optimizer of another package: the check then runs every call,
  /// 67.7 → 93 ns per three-argument call measured).
  static var _verityTrustedEncoding: Bool { get }
}

extension StructurallyEncodable {
  /// The default: a conformance promises that equal structures mean `==`.
  @inlinable
  public static var structureDecidesEquality: Bool { true }

  /// The default: not trusted, so a call log checks each argument.
  @inlinable
  public static var _verityTrustedEncoding: Bool { false }
}

/// Whether `T` is one of Verity's trusted conformances (see
/// ``StructurallyEncodable/_verityTrustedEncoding``).
@inlinable
func _isTrustedEncoding<T: StructurallyEncodable>(_: T.Type) -> Bool {
  T._verityTrustedEncoding
}

/// A value that stands for another as a call argument (the argument wrapper of generated mocks):
/// it writes the other value, calls ``StructureEncoder/noteWrappedArgument(type:contentsArePlain:)``,
/// and the log keeps ``wrappedArgument`` rather than the wrapper.
package protocol _ArgumentWrapper {
  var wrappedArgument: Any? { get }
}
