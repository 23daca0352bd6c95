/// The outcome of checking a value against a ``Matcher``: a match, or a mismatch that says why.
///
/// A mismatch carries a sentence about the value that was checked, so a failure can explain itself
/// instead of reporting a bare `false`:
///
/// ```swift
/// greaterThan(10).matches(5)  // .mismatch("5 is not greater than 10")
/// greaterThan(10).matches(11) // .match
/// ```
public enum MatchResult: Sendable, Hashable {
  /// The value satisfies the matcher.
  case match
  /// The value does not satisfy the matcher; the string describes why, for example
  /// `"\"hello\" does not contain \"world\""`.
  case mismatch(String)

  /// Whether this result is ``match``.
  ///
  /// ```swift
  /// if eq(3).matches(x).isMatch { ... }
  /// ```
  public var isMatch: Bool {
    if case .match = self { return true }
    return false
  }

  /// The mismatch description, or `nil` for a match.
  ///
  /// ```swift
  /// isNil().matches(Optional(1)).mismatchDescription  // "1 is not nil"
  /// ```
  public var mismatchDescription: String? {
    if case .mismatch(let description) = self { return description }
    return nil
  }
}
