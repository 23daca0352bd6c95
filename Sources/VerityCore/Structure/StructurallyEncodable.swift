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

  /// How Verity checks what this conformance writes. Leave the default, ``EncodingCheck/always``:
  /// a call log and ``Structure`` check that each value is exactly one well-formed value, and
  /// report a conformance that breaks the contract. Only Verity's own conformances (standard
  /// library and Foundation types, and containers of them) skip the check, with a value no
  /// other module can make.
  static var encodingCheck: EncodingCheck { get }
}

extension StructurallyEncodable {
  /// The default: a conformance promises that equal structures mean `==`.
  @inlinable
  public static var structureDecidesEquality: Bool { true }

  /// The default: every value is checked.
  @inlinable
  public static var encodingCheck: EncodingCheck { .always }
}

/// How Verity checks the values a ``StructurallyEncodable`` conformance writes (see
/// ``StructurallyEncodable/encodingCheck``).
///
/// There is one public value, ``always``; the other belongs to Verity's own conformances, whose
/// output is well formed by construction. (Reading it from one of them and returning it from
/// yours breaks the contract: a malformed value then goes unreported, and compares and renders as
/// malformed.)
///
/// ```swift
/// Int.encodingCheck == .always   // false: Verity's own conformance
/// User.encodingCheck == .always  // true
/// ```
public struct EncodingCheck: Sendable, Hashable {
  @usableFromInline
  package let isSkipped: Bool

  @inlinable
  package init(isSkipped: Bool) { self.isSkipped = isSkipped }

  /// Every value is checked: the default of every conformance outside Verity.
  @inlinable
  public static var always: EncodingCheck { EncodingCheck(isSkipped: false) }

  /// Not checked: Verity's own conformances.
  @inlinable
  package static var skipped: EncodingCheck { EncodingCheck(isSkipped: true) }

  /// Skipped only when both are (a dictionary's keys and values).
  @inlinable
  package func combined(with other: EncodingCheck) -> EncodingCheck {
    EncodingCheck(isSkipped: isSkipped && other.isSkipped)
  }
}

/// Verity's own conformances of standard-library and Foundation types: their values are well
/// formed by construction, so each one's ``StructurallyEncodable/encodingCheck`` is skipped.
/// Internal, so no other module can adopt it; usable from inlinable code, so that a caller
/// specialized for one of these types still folds the answer.
@usableFromInline
protocol _TrustedEncodable: StructurallyEncodable {}

extension _TrustedEncodable {
  /// Not checked: one of Verity's own conformances.
  @inlinable
  public static var encodingCheck: EncodingCheck { .skipped }
}

/// Whether `T` is one of Verity's own conformances, whose values need no check. Specialized for
/// a concrete type, the compiler answers it when it builds the caller.
@inlinable
func _isTrustedEncoding<T: StructurallyEncodable>(_: T.Type) -> Bool {
  T.encodingCheck.isSkipped
}

/// Whether this code runs unoptimized (a debug build, as `swift test` builds it). A function, not
/// the stdlib's check written in place: an optimized build folds it when it inlines this, and
/// the compiler does not warn of the branch it removes.
@inlinable
func _isUnoptimizedBuild() -> Bool {
  _isDebugAssertConfiguration()
}

/// Argument `position` of a call as a call log keeps it: the value, or, when the argument was a
/// wrapper, the value the wrapper stands for (each value is boxed once). Verity's
/// own conformances are never wrappers: for them the compiler drops the question.
@inlinable
@inline(__always)
func _keptArgument<T: StructurallyEncodable>(_ value: T, _ position: Int, _ wrapped: _WrappedArguments) -> Any? {
  if _slowPath(wrapped.hasWrappers), !_isTrustedEncoding(T.self), wrapped.mayBeWrapper(at: position) {
    // An optimized build answers the cast below when it specializes the caller for `T`
    // (`DynamicArgument`'s conformance is public). An unoptimized one would look the conformance
    // up at run time (about 1,500 instructions an argument in callgrind), so it first asks the
    // wrapper type noted while the call was written, which answers when it is `T` (the same
    // answer: the same wrapper type's `keptArgument`).
    if _isUnoptimizedBuild(), let wrapper = wrapped.wrapperType(ifItIs: T.self) {
      return _keptArgument(of: value, asWrapper: wrapper)
    }
    if let wrapper = value as? any _ArgumentWrapper { return wrapper.keptArgument }
  }
  return value
}

/// The type a call log records for an argument of the `[Any?]` form (or the value an argument
/// wrapper stands for): none for nil, else the value's dynamic type. `[Any]` and `[String: Any]`
/// values clear `contentsArePlain` unless their contents are plain.
package func _argumentType(ofDynamic value: Any?, contentsArePlain: inout Bool) -> Any.Type? {
  guard let value else { return nil }
  let type = Swift.type(of: value)
  let id = ObjectIdentifier(type)
  if contentsArePlain, id == _jsonTreeTypes.0 || id == _jsonTreeTypes.1 {
    contentsArePlain = _isPlainJSONTree(value)
  }
  return type
}
