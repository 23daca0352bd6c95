extension Assertion where Value: Equatable {
  /// Passes when the value differs from `unexpected`, and passes the value on.
  ///
  /// ```swift
  /// Assert(that: newToken).isNotEqualTo(oldToken)
  /// // on failure: isNotEqualTo failed - "abc" is equal to "abc"
  /// ```
  @discardableResult
  public func isNotEqualTo(_ unexpected: Value, line: Int = #line) -> Assertion<Value> {
    evaluate(name: "isNotEqualTo", lineNumber: line) { value in
      value != unexpected
        ? .pass(value) : .fail(message: "\(_render(value)) is equal to \(_render(unexpected))")
    }
  }
}
