extension Assertion where Value: AnyObject {
  /// Passes when the value is not the instance `unexpected` (identity, `!==`), and passes it on.
  ///
  /// ```swift
  /// Assert(that: copy).isNotIdentical(to: original)
  /// // on failure: isNotIdentical failed - Document(title: "a") is the same instance as Document(title: "a")
  /// ```
  @discardableResult
  public func isNotIdentical(to unexpected: AnyObject, line: Int = #line) -> Assertion<Value> {
    evaluate(name: "isNotIdentical", lineNumber: line) { value in
      value !== unexpected
        ? .pass(value)
        : .fail(message: "\(_render(value)) is the same instance as \(_render(unexpected))")
    }
  }
}
