/// The arguments a verification or a stub expects.
///
/// Write an array literal of values and matchers, one per argument:
///
/// ```swift
/// mock.verifyCall(withIdentifier: "beginAuthentication",
///                 arguments: ["Fixture Email", any(), ["type": "login"]])
/// mock.verifyCall(withIdentifier: "refresh", arguments: .none)   // recorded with no arguments
/// mock.verifyCall(withIdentifier: "log", arguments: .any)        // whatever the arguments
/// ```
///
/// A plain value matches an argument with the same structure (the same canonical bytes, see
/// ``Structure``): `5` matches an `Int`, `Int8` or `UInt` 5, `["type": "login"]` matches a
/// `[String: Any]` with that one entry. A matcher (``Matcher``) decides for itself;
/// ``any()->Matcher<Any?>`` and ``eq(_:)`` of a `StructurallyEncodable` value are answered by the
/// C engine without calling Swift per recorded call. An ``ArgumentCaptor`` matches anything and
/// captures the value.
public enum Arguments: ExpressibleByArrayLiteral {
  /// Any number of arguments with any values.
  case any
  /// A call recorded with no arguments.
  case none
  /// Exactly these arguments, one value or matcher each.
  case actual([Any?])

  /// An array literal of values and matchers: ``actual(_:)``.
  ///
  /// ```swift
  /// let arguments: Arguments = ["a", any(), greaterThan(3)]
  /// ```
  public init(arrayLiteral elements: Any?...) {
    self = .actual(elements)
  }
}
