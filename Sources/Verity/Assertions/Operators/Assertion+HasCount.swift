extension Assertion where Value: Collection {
  /// Passes when the collection (or string) has exactly `count` elements, and passes it on.
  ///
  /// ```swift
  /// Assert(that: cart.items).hasCount(2)
  /// // on failure: hasCount failed - count of [1, 2, 3] is 3, not 2
  /// ```
  @discardableResult
  public func hasCount(_ count: Int, line: Int = #line) -> Assertion<Value> {
    evaluate(name: "hasCount", lineNumber: line) { value in
      let actual = value.count
      return actual == count
        ? .pass(value) : .fail(message: "count of \(_render(value)) is \(actual), not \(count)")
    }
  }
}
