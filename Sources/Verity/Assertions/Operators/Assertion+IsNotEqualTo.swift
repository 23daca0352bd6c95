extension Assertion where Value: Equatable {
  /// Passes when the value differs from `unexpected`, and passes the value on.
  ///
  /// ```swift
  /// Assert(that: newToken).isNotEqualTo(oldToken)
  /// // on failure: isNotEqualTo failed - "abc" is equal to "abc"
  /// ```
  @discardableResult
  public func isNotEqualTo(
    _ unexpected: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "isNotEqualTo", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value != unexpected
        ? .pass(value) : .fail(message: "\(_render(value)) is equal to \(_render(unexpected))")
    }
  }
}
