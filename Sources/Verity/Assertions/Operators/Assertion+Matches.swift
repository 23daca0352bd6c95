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
  public func matches(
    _ matcher: Matcher<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "matches", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      switch matcher.matches(value) {
      case .match: .pass(value)
      case .mismatch(let why): .fail(message: "\(why) (expected \(matcher.description))")
      }
    }
  }
}
