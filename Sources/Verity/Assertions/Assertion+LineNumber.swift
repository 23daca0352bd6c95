extension Assertion {
  /// Runs one operator's check, located by its line alone: the short form of
  /// ``evaluate(name:fileID:filePath:line:column:evaluator:)``, as Gauntlet's operators call it.
  ///
  /// The failure is reported at `lineNumber` in the file of the `Assert(that:)` that started the
  /// chain (an operator that takes only `line: Int = #line` cannot know its caller's file), with
  /// no column. Everything else is as in the full form: after an earlier failure `evaluator` is
  /// not called, and a failure, or an error thrown by `evaluator`, is reported as
  /// `"<name> failed - <reason>"`.
  ///
  /// - Parameters:
  ///   - name: The operator's name as it appears in failure messages.
  ///   - lineNumber: The caller's line, which the operator captures with `line: Int = #line`
  ///     (a negative line is taken as 0; an operator that captures `line: UInt = #line` passes it
  ///     as it is, to the `UInt` overload).
  ///   - evaluator: Checks the value and returns the outcome.
  ///
  /// ```swift
  /// extension Assertion {
  ///   @discardableResult
  ///   func isType<T>(_ expectedType: T.Type, line: Int = #line) -> Assertion<T> {
  ///     evaluate(name: "isType", lineNumber: line) { value in
  ///       if let castValue = value as? T { return .pass(castValue) }
  ///       return .fail(message: "Value of type \(type(of: value)) is not \(expectedType)")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Prefer the full form for new operators: it reports at the caller's file and column too.
  @discardableResult
  public func evaluate<NewValue>(
    name: String,
    lineNumber: Int,
    evaluator: (Value) throws -> AssertionResult<NewValue>
  ) -> Assertion<NewValue> {
    evaluate(name: name, lineNumber: UInt(clamping: lineNumber), evaluator: evaluator)
  }

  /// ``evaluate(name:lineNumber:evaluator:)-(_,Int,_)`` for an operator that captures its line as
  /// Verity's own do, `line: UInt = #line`.
  ///
  /// ```swift
  /// func isEven(line: UInt = #line) -> Assertion<Int> {
  ///   evaluate(name: "isEven", lineNumber: line) { $0 % 2 == 0 ? .pass($0) : .fail(message: "odd") }
  /// }
  /// ```
  @discardableResult
  public func evaluate<NewValue>(
    name: String,
    lineNumber: UInt,
    evaluator: (Value) throws -> AssertionResult<NewValue>
  ) -> Assertion<NewValue> {
    evaluate(
      name: name, fileID: chain.fileID, filePath: chain.filePath, line: lineNumber, column: 0,
      evaluator: evaluator)
  }

  /// Runs one operator's asynchronous check, located by its line alone: the short form of
  /// ``asyncEvaluate(name:fileID:filePath:line:column:evaluator:)``, as Gauntlet's operators call
  /// it.
  ///
  /// Reports as ``evaluate(name:lineNumber:evaluator:)-(_,Int,_)`` does: at `lineNumber` in the
  /// file of the chain's `Assert(that:)`.
  ///
  /// ```swift
  /// extension Assertion where Value == URL {
  ///   func isReachable(line: Int = #line) async -> Assertion<Void> {
  ///     await asyncEvaluate(name: "isReachable", lineNumber: line) { url in
  ///       try await ping(url) ? .pass(()) : .fail(message: "\(url) did not answer")
  ///     }
  ///   }
  /// }
  /// ```
  @discardableResult
  public nonisolated(nonsending) func asyncEvaluate<NewValue>(
    name: String,
    lineNumber: Int,
    evaluator: nonisolated(nonsending) (Value) async throws -> AssertionResult<NewValue>
  ) async -> Assertion<NewValue> {
    await asyncEvaluate(
      name: name, fileID: chain.fileID, filePath: chain.filePath, line: UInt(clamping: lineNumber),
      column: 0, evaluator: evaluator)
  }
}
