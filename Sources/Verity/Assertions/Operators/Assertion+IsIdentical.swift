extension Assertion {
  /// Passes when the value is the very instance `expected` (identity, `===`), and passes it on.
  ///
  /// Works for class types, class-bound protocol existentials (`any Delegate`) and optionals of
  /// them. A value that is not a class instance, or is `nil`, fails.
  ///
  /// ```swift
  /// Assert(that: screen.delegate).isIdentical(to: coordinator)
  /// // on failure: isIdentical failed - Logger(id: 1) is not the same instance as Logger(id: 1)
  /// ```
  @discardableResult
  public func isIdentical(
    to expected: AnyObject,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "isIdentical", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      switch _objectIdentity(value) {
      case ObjectIdentifier(expected)?:
        .pass(value)
      case _?:
        .fail(message: "\(_render(value)) is not the same instance as \(_render(expected))")
      case nil:
        .fail(message: "\(_render(value)) is not a class instance")
      }
    }
  }
}
