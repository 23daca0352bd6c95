extension Assertion {
  /// For testing operators: passes when the assertion under test passed, and its last operator
  /// has the expected name and line; passes that operator's value on.
  ///
  /// ```swift
  /// let assertion = TestAnAssertion(on: 8 as Any).isType(Int.self, line: 12)
  ///
  /// Assert(that: assertion)
  ///   .didPass(expectedName: "isType", expectedLine: 12)
  ///   .isEqualTo(8)
  /// ```
  ///
  /// Failure messages:
  /// - `didPass failed - expected a pass, but isType failed at line 12: <reason>`
  /// - `didPass failed - expected isType at line 12, got isOfType at line 12`
  @discardableResult
  public func didPass<Inner>(
    expectedName: String,
    expectedLine: UInt,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Inner> where Value == Assertion<Inner> {
    evaluate(
      name: "didPass", fileID: fileID, filePath: filePath, line: line, column: column
    ) { assertion in
      switch assertion.result {
      case .fail(let reason):
        return .fail(
          message:
            "expected a pass, but \(assertion.name) failed at line \(assertion.line): "
            + "\(reason)")
      case .pass(let value):
        if let mismatch = _operatorMismatch(assertion, expectedName, expectedLine) {
          return .fail(message: mismatch)
        }
        return .pass(value)
      }
    }
  }
}

/// `"expected isType at line 12, got isOfType at line 12"`, or `nil` when name and line agree.
package func _operatorMismatch<Inner>(
  _ assertion: Assertion<Inner>,
  _ expectedName: String,
  _ expectedLine: UInt
) -> String? {
  guard assertion.name != expectedName || assertion.line != expectedLine else { return nil }
  return "expected \(expectedName) at line \(expectedLine), "
    + "got \(assertion.name) at line \(assertion.line)"
}
