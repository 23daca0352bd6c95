extension Assertion where Value == Bool {
  /// Passes when the value is `false`.
  ///
  /// ```swift
  /// Assert(that: button.isEnabled).isFalse()
  /// // on failure: isFalse failed - value is true
  /// ```
  @discardableResult
  public func isFalse(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isFalse", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value ? .fail(message: "value is true") : .pass(())
    }
  }
}
