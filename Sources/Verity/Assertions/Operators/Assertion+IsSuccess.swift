extension Assertion {
  /// Passes when the `Result` is a success, and passes the success value on.
  ///
  /// ```swift
  /// Assert(that: parser.parse("1 + 2")).isSuccess().isEqualTo(.sum(1, 2))
  /// // on failure: isSuccess failed - result is failure(unexpectedEnd)
  /// ```
  @discardableResult
  public func isSuccess<Success, Failure>(
    line: Int = #line
  ) -> Assertion<Success> where Value == Result<Success, Failure> {
    evaluate(name: "isSuccess", lineNumber: line) { value in
      switch value {
      case .success(let success): .pass(success)
      case .failure(let error): .fail(message: "result is failure(\(_render(error)))")
      }
    }
  }
}
