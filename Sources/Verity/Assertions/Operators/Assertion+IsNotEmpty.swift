extension Assertion where Value: Collection {
  /// Passes when the collection (or string) has at least one element, and passes it on.
  ///
  /// ```swift
  /// Assert(that: search.results).isNotEmpty().hasCount(3)
  /// // on failure: isNotEmpty failed - [] is empty
  /// ```
  @discardableResult
  public func isNotEmpty(line: Int = #line) -> Assertion<Value> {
    evaluate(name: "isNotEmpty", lineNumber: line) { value in
      value.isEmpty ? .fail(message: "\(_render(value)) is empty") : .pass(value)
    }
  }
}
