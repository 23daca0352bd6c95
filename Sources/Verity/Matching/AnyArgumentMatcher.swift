/// A matcher whose value type has been erased, so matchers of different types can sit side by side
/// in one argument list such as `[eq("x"), any(), 5]`.
///
/// Every ``Matcher`` conforms. A value that is not of the matcher's type mismatches with a
/// description naming both types; `nil` is accepted when the matcher's type is an `Optional`.
///
/// ```swift
/// let matchers: [any AnyArgumentMatcher] = [eq("x"), greaterThan(2)]
/// matchers[0].matches(any: "x")  // .match
/// matchers[1].matches(any: "3")
/// // .mismatch("value of type String does not conform to expected type Int")
/// ```
public protocol AnyArgumentMatcher: Sendable, CustomStringConvertible {
  /// How the matcher reads in messages.
  var description: String { get }

  /// Checks a value of any type.
  ///
  /// ```swift
  /// isNil().matches(any: nil)  // .match
  /// ```
  func matches(any value: Any?) -> MatchResult
}
