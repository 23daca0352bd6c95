extension Assertion where Value == Bool {
  /// Passes when the value is `true`.
  ///
  /// ```swift
  /// Assert(that: session.isValid).isTrue()
  /// // on failure: isTrue failed - value is false
  /// ```
  @discardableResult
  public func isTrue(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isTrue", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value ? .pass(()) : .fail(message: "value is false")
    }
  }
}
