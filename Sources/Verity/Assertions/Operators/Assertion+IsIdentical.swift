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
  public func isIdentical(to expected: AnyObject, line: Int = #line) -> Assertion<Value> {
    evaluate(name: "isIdentical", lineNumber: line) { value in
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
