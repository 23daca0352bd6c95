extension Assertion {
  /// Passes when the `Result` is a success, and passes the success value on.
  ///
  /// ```swift
  /// Assert(that: parser.parse("1 + 2")).isSuccess().isEqualTo(.sum(1, 2))
  /// // on failure: isSuccess failed - result is failure(unexpectedEnd)
  /// ```
  @discardableResult
  public func isSuccess<Success, Failure>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Success> where Value == Result<Success, Failure> {
    evaluate(
      name: "isSuccess", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      switch value {
      case .success(let success): .pass(success)
      case .failure(let error): .fail(message: "result is failure(\(_render(error)))")
      }
    }
  }
}
