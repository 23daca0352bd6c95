extension Assertion {
  /// Passes when the `Result` is a failure, and passes the error on.
  ///
  /// ```swift
  /// Assert(that: parser.parse("1 +")).isFailure().isEqualTo(.unexpectedEnd)
  /// // on failure: isFailure failed - result is success(3)
  /// ```
  @discardableResult
  public func isFailure<Success, Failure>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Failure> where Value == Result<Success, Failure> {
    evaluate(
      name: "isFailure", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      switch value {
      case .success(let success): .fail(message: "result is success(\(_render(success)))")
      case .failure(let error): .pass(error)
      }
    }
  }
}
