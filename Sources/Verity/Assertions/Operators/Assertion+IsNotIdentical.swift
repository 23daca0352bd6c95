extension Assertion {
  /// Passes when the value is not the instance `unexpected` (identity, `!==`), and passes it on.
  ///
  /// Works for class types, class-bound protocol existentials and optionals of them; a value
  /// that is not a class instance, or is `nil`, is never identical and passes.
  ///
  /// ```swift
  /// Assert(that: copy).isNotIdentical(to: original)
  /// // on failure: isNotIdentical failed - Document("a") is the same instance as Document("a")
  /// ```
  @discardableResult
  public func isNotIdentical(
    to unexpected: AnyObject,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "isNotIdentical", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      _objectIdentity(value) == ObjectIdentifier(unexpected)
        ? .fail(message: "\(_render(value)) is the same instance as \(_render(unexpected))")
        : .pass(value)
    }
  }
}
