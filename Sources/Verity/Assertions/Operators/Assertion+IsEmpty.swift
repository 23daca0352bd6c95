extension Assertion where Value: Collection {
  /// Passes when the collection (or string) is empty.
  ///
  /// ```swift
  /// Assert(that: validator.errors).isEmpty()
  /// // on failure: isEmpty failed - ["name is required"] is not empty
  /// ```
  @discardableResult
  public func isEmpty(line: Int = #line) -> Assertion<Void> {
    evaluate(name: "isEmpty", lineNumber: line) { value in
      value.isEmpty ? .pass(()) : .fail(message: "\(_render(value)) is not empty")
    }
  }
}
