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

  /// Whether every value of this type writes exactly one well-formed value and no class instance,
  /// so that ``Structure`` can skip validation and a call log its per-argument check. An
  /// implementation detail of Verity's own conformances: leave the default (`false`).
  static var _verityTrustedEncoding: Bool { get }

  /// The value a call log keeps for this argument. An implementation detail of the argument
  /// wrapper generated mocks use for types without a conformance: leave the default (`self`).
  var _verityArgumentValue: Any? { get }

  /// The type a call log records for this argument, clearing `contentsArePlain` when the value's
  /// contents cannot be rebuilt from its bytes. An implementation detail like
  /// ``_verityArgumentValue``: leave the default (`Self`).
  func _verityArgumentType(contentsArePlain: inout Bool) -> Any.Type?

  /// Whether, for an `Equatable` type, equal structures mean `==` (and different ones `!=`), so
  /// that `eq(x)` and plain values may compare bytes instead of calling `==`. The default, `true`,
  /// is the promise a hand-written conformance makes. `@Matchable` conformances say `false`: the
  /// macro cannot see a type's own `==` (one comparing only an `id`, say), so `==` decides.
  /// Containers answer for their elements.
  static var _verityStructureIsEquality: Bool { get }
}

extension StructurallyEncodable {
  /// The default: not trusted, so a call log checks each argument.
  @inlinable
  public static var _verityTrustedEncoding: Bool { false }

  /// The default: the argument itself.
  @inlinable
  public var _verityArgumentValue: Any? { self }

  /// The default: the argument's static type.
  @inlinable
  public func _verityArgumentType(contentsArePlain: inout Bool) -> Any.Type? { Self.self }

  /// The default: a conformance promises that equal structures mean `==`.
  @inlinable
  public static var _verityStructureIsEquality: Bool { true }
}
