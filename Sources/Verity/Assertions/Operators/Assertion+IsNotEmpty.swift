extension Assertion where Value: Collection {
  /// Passes when the collection (or string) has at least one element, and passes it on.
  ///
  /// ```swift
  /// Assert(that: search.results).isNotEmpty().hasCount(3)
  /// // on failure: isNotEmpty failed - [] is empty
  /// ```
  @discardableResult
  public func isNotEmpty(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "isNotEmpty", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value.isEmpty ? .fail(message: "\(_render(value)) is empty") : .pass(value)
    }
  }
}
