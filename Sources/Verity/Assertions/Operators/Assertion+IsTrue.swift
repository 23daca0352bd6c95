extension Assertion where Value == Bool {
  /// Passes when the value is `true`.
  ///
  /// ```swift
  /// Assert(that: session.isValid).isTrue()
  /// // on failure: isTrue failed - value is false
  /// ```
  @discardableResult
  public func isTrue(line: Int = #line) -> Assertion<Void> {
    evaluate(name: "isTrue", lineNumber: line) { value in
      value ? .pass(()) : .fail(message: "value is false")
    }
  }
}
