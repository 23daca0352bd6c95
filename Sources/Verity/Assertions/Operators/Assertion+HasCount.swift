extension Assertion where Value: Collection {
  /// Passes when the collection (or string) has exactly `count` elements, and passes it on.
  ///
  /// ```swift
  /// Assert(that: cart.items).hasCount(2)
  /// // on failure: hasCount failed - count of [1, 2, 3] is 3, not 2
  /// ```
  @discardableResult
  public func hasCount(
    _ count: Int,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "hasCount", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      let actual = value.count
      return actual == count
        ? .pass(value) : .fail(message: "count of \(_render(value)) is \(actual), not \(count)")
    }
  }
}
