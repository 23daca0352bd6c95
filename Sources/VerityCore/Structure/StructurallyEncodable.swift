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
}

extension StructurallyEncodable {
  /// The default: a conformance promises that equal structures mean `==`.
  @inlinable
  public static var structureDecidesEquality: Bool { true }
}

/// A conformance Verity ships whose every value writes exactly one well-formed value and no
/// class instance, so that ``Structure`` can skip validating it and a call log its per-argument
/// check. Containers conform when their elements do. Not public: a promise only Verity's own
/// conformances can keep.
@usableFromInline
package protocol _TrustedEncoding: StructurallyEncodable {}

/// Whether `T` is one of Verity's trusted conformances. Specialized for a standard type, the
/// compiler answers this when it builds the caller.
@inlinable
func _isTrustedEncoding<T: StructurallyEncodable>(_: T.Type) -> Bool {
  T.self is any _TrustedEncoding.Type
}

/// A value that stands for another as a call argument (the argument wrapper of generated mocks):
/// it writes the other value, calls ``StructureEncoder/noteWrappedArgument(type:contentsArePlain:)``,
/// and the log keeps ``wrappedArgument`` rather than the wrapper.
package protocol _ArgumentWrapper {
  var wrappedArgument: Any? { get }
}
