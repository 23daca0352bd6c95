extension Assertion {
  /// For testing operators: passes when the assertion under test failed in the operator with the
  /// expected name and line; passes the ``FailureReason`` on.
  ///
  /// ```swift
  /// let assertion = TestAnAssertion(on: 8).isType(String.self, line: 321)
  ///
  /// Assert(that: assertion)
  ///   .didFail(expectedName: "isType", expectedLine: 321)
  ///   .isEqualTo(.message("Value of type Int does not conform to expected type String"))
  /// ```
  ///
  /// Failure messages:
  /// - `didFail failed - expected a failure, but isType at line 321 passed with "8"`
  /// - `didFail failed - expected isType at line 321, got isEqualTo at line 322`
  @discardableResult
  public func didFail<Inner>(
    expectedName: String,
    expectedLine: UInt,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<FailureReason> where Value == Assertion<Inner> {
    evaluate(
      name: "didFail", fileID: fileID, filePath: filePath, line: line, column: column
    ) { assertion in
      switch assertion.result {
      case .pass(let value):
        return .fail(
          message:
            "expected a failure, but \(assertion.name) at line \(assertion.line) "
            + "passed with \(_render(value))")
      case .fail(let reason):
        if let mismatch = _operatorMismatch(assertion, expectedName, expectedLine) {
          return .fail(message: mismatch)
        }
        return .pass(reason)
      }
    }
  }
}
