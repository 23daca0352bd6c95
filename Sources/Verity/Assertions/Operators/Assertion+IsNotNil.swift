extension Assertion {
  /// Passes when the optional value is not `nil`, and passes the unwrapped value on.
  ///
  /// ```swift
  /// Assert(that: users.first).isNotNil().matches(having(\.name, eq("Ada")))
  /// // on failure: isNotNil failed - value is nil
  /// ```
  @discardableResult
  public func isNotNil<Wrapped>(line: Int = #line) -> Assertion<Wrapped> where Value == Wrapped? {
    evaluate(name: "isNotNil", lineNumber: line) { value in
      guard let wrapped = value, !_isNil(wrapped) else { return .fail(message: _isNilMessage(value as Any)) }
      return .pass(wrapped)
    }
  }
}
