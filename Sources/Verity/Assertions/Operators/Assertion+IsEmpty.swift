extension Assertion where Value: Collection {
  /// Passes when the collection (or string) is empty.
  ///
  /// ```swift
  /// Assert(that: validator.errors).isEmpty()
  /// // on failure: isEmpty failed - ["name is required"] is not empty
  /// ```
  @discardableResult
  public func isEmpty(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isEmpty", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value.isEmpty ? .pass(()) : .fail(message: "\(_render(value)) is not empty")
    }
  }
}
