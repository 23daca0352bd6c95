extension Assertion where Value == Bool {
  /// Passes when the value is `false`.
  ///
  /// ```swift
  /// Assert(that: button.isEnabled).isFalse()
  /// // on failure: isFalse failed - value is true
  /// ```
  @discardableResult
  public func isFalse(line: Int = #line) -> Assertion<Void> {
    evaluate(name: "isFalse", lineNumber: line) { value in
      value ? .fail(message: "value is true") : .pass(())
    }
  }
}
