extension Assertion {
  /// Passes when the `Result` is a failure, and passes the error on.
  ///
  /// ```swift
  /// Assert(that: parser.parse("1 +")).isFailure().isEqualTo(.unexpectedEnd)
  /// // on failure: isFailure failed - result is success(3)
  /// ```
  @discardableResult
  public func isFailure<Success, Failure>(
    line: Int = #line
  ) -> Assertion<Failure> where Value == Result<Success, Failure> {
    evaluate(name: "isFailure", lineNumber: line) { value in
      switch value {
      case .success(let success): .fail(message: "result is success(\(_render(success)))")
      case .failure(let error): .pass(error)
      }
    }
  }
}
