extension Assertion where Value: AnyObject {
  /// Passes when the value is the very instance `expected` (identity, `===`), and passes it on.
  ///
  /// ```swift
  /// Assert(that: container.resolve(Logger.self)).isIdentical(to: sharedLogger)
  /// // on failure: isIdentical failed - Logger(id: 1) is not the same instance as Logger(id: 1)
  /// ```
  @discardableResult
  public func isIdentical(to expected: AnyObject, line: Int = #line) -> Assertion<Value> {
    evaluate(name: "isIdentical", lineNumber: line) { value in
      value === expected
        ? .pass(value)
        : .fail(message: "\(_render(value)) is not the same instance as \(_render(expected))")
    }
  }
}
