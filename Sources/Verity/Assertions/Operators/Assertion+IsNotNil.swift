extension Assertion {
  /// Passes when the optional value is not `nil`, and passes the unwrapped value on.
  ///
  /// ```swift
  /// Assert(that: users.first).isNotNil().matches(having(\.name, eq("Ada")))
  /// // on failure: isNotNil failed - value is nil
  /// ```
  @discardableResult
  public func isNotNil<Wrapped>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Wrapped> where Value == Wrapped? {
    evaluate(
      name: "isNotNil", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      guard let wrapped = value, !_isNil(wrapped) else { return .fail(message: _isNilMessage(value as Any)) }
      return .pass(wrapped)
    }
  }
}
