extension Assertion {
  /// Passes when the optional value is `nil`.
  ///
  /// ```swift
  /// Assert(that: cache["missing"]).isNil()
  /// // on failure: isNil failed - 5 is not nil
  /// ```
  @discardableResult
  public func isNil<Wrapped>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> where Value == Wrapped? {
    evaluate(
      name: "isNil", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      guard let wrapped = value, !_isNil(wrapped) else { return .pass(()) }
      return .fail(message: "\(_render(wrapped)) is not nil")
    }
  }
}
