extension Assertion {
  /// Passes when the optional value is `nil`.
  ///
  /// ```swift
  /// Assert(that: cache["missing"]).isNil()
  /// // on failure: isNil failed - 5 is not nil
  /// ```
  @discardableResult
  public func isNil<Wrapped>(line: Int = #line) -> Assertion<Void> where Value == Wrapped? {
    evaluate(name: "isNil", lineNumber: line) { value in
      guard let wrapped = value, !_isNil(wrapped) else { return .pass(()) }
      return .fail(message: "\(_render(wrapped)) is not nil")
    }
  }
}
