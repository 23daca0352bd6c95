extension Matcher {
  /// A matcher that accepts values both matchers accept.
  ///
  /// Short-circuits: when `lhs` mismatches, `rhs` is not checked and the mismatch is `lhs`'s.
  ///
  /// ```swift
  /// let matcher = greaterThan(0) && lessThan(10)
  /// matcher.description  // "(greaterThan(0) && lessThan(10))"
  /// matcher.matches(-1)  // .mismatch("-1 is not greater than 0")
  /// ```
  public static func && (lhs: Matcher<T>, rhs: Matcher<T>) -> Matcher<T> {
    let form: _MatcherEngineForm =
      switch (lhs.engineForm, rhs.engineForm) {
      case (.any, .any): .any
      default: .opaque
      }
    let (left, right) = (lhs._test, rhs._test)
    var combined = Matcher(
      "(\(lhs.description) && \(rhs.description))", engineForm: form, waiting: max(lhs.waiting, rhs.waiting),
      test: { left($0) && right($0) }
    ) { value in
      switch lhs.matches(value) {
      case .match: rhs.matches(value)
      case .mismatch(let why): .mismatch(why)
      }
    }
    if combined.waiting > .zero {
      // Only the part that rejected the value decides how long waiting may help.
      combined._waitingFor = { value in left(value) ? rhs._waiting(for: value) : lhs._waiting(for: value) }
      // Both parts accept the value: either may come to reject it (so `!(a && b)` waits as
      // `!a || !b` does).
      combined._waitingForMismatch = { value in
        max(lhs._waitingUntilMismatch(for: value), rhs._waitingUntilMismatch(for: value))
      }
    }
    return combined
  }

  /// A matcher that accepts values either matcher accepts.
  ///
  /// Short-circuits: when `lhs` matches, `rhs` is not checked. When both mismatch, the message
  /// joins both reasons with `and`.
  ///
  /// ```swift
  /// let matcher = lessThan(0) || greaterThan(10)
  /// matcher.description  // "(lessThan(0) || greaterThan(10))"
  /// matcher.matches(5)   // .mismatch("5 is not less than 0 and 5 is not greater than 10")
  /// ```
  public static func || (lhs: Matcher<T>, rhs: Matcher<T>) -> Matcher<T> {
    let (left, right) = (lhs._test, rhs._test)
    var combined = Matcher(
      "(\(lhs.description) || \(rhs.description))", engineForm: .opaque, waiting: max(lhs.waiting, rhs.waiting),
      test: { left($0) || right($0) }
    ) { value in
      guard case .mismatch(let first) = lhs.matches(value) else { return .match }
      guard case .mismatch(let second) = rhs.matches(value) else { return .match }
      return .mismatch("\(first) and \(second)")
    }
    if combined.waiting > .zero {
      // Both parts rejected the value: either may come to hold while waiting.
      combined._waitingFor = { value in max(lhs._waiting(for: value), rhs._waiting(for: value)) }
      // The part that accepted the value (the first, when both do: `||` short-circuits) must come
      // to reject it, so `!(a || b)` waits as `!a && !b` does.
      combined._waitingForMismatch = { value in
        left(value) ? lhs._waitingUntilMismatch(for: value) : rhs._waitingUntilMismatch(for: value)
      }
    }
    return combined
  }

  /// A matcher that accepts exactly the values `matcher` rejects.
  ///
  /// ```swift
  /// let matcher = !eq(3)
  /// matcher.description  // "!eq(3)"
  /// matcher.matches(3)   // .mismatch("3 matches eq(3)")
  /// ```
  public static prefix func ! (matcher: Matcher<T>) -> Matcher<T> {
    // A bare name reads better in parentheses: `!(exists)`, while `!contains("moon")` stays.
    @Sendable func name() -> String {
      let inner = matcher.description
      return inner.contains("(") ? inner : "(\(inner))"
    }
    let form: _MatcherEngineForm =
      switch matcher.engineForm {
      case .equal(let value): .notEqual(value)
      case .notEqual(let value): .equal(value)
      default: .opaque
      }
    let test = matcher._test
    var negated = Matcher("!\(name())", engineForm: form, waiting: matcher.waiting, test: { !test($0) }) { value in
      matcher.matches(value).isMatch
        ? .mismatch("\(_render(value)) matches \(matcher.description)") : .match
    }
    if matcher.waiting > .zero {
      // The negation accepts what the matcher rejects: it waits for the matcher to turn.
      negated._waitingFor = { value in matcher._waitingUntilMismatch(for: value) }
      negated._waitingForMismatch = { value in matcher._waiting(for: value) }
    }
    return negated
  }
}
