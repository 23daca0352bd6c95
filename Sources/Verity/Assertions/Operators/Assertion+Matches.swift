extension Assertion {
  /// Passes when the value matches `matcher`, and passes the value on. A failure gives the
  /// matcher's mismatch description, then the matcher.
  ///
  /// ```swift
  /// Assert(that: response.status).matches(isIn(200..<300))
  /// Assert(that: greeting).matches(hasPrefix("Hello") && contains("world"))
  /// // on failure: matches failed - "Hello, moon" does not contain "world"
  /// //   (expected (hasPrefix("Hello") && contains("world")))
  /// ```
  @discardableResult
  public func matches(_ matcher: Matcher<Value>, line: Int = #line) -> Assertion<Value> {
    evaluate(name: "matches", lineNumber: line) { value in
      switch matcher.matches(value) {
      case .match: .pass(value)
      case .mismatch(let why): .fail(message: "\(why) (expected \(matcher.description))")
      }
    }
  }
}
