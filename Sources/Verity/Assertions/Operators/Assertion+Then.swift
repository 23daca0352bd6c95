extension Assertion {
  /// Ends the chain by running `body` with the value, if every operator before passed.
  ///
  /// Use it for checks no operator covers. An error thrown by `body` is reported as
  /// `then failed - threw <ErrorType>: <error>` at this line.
  ///
  /// ```swift
  /// Assert(that: response).isNotNil().then { response in
  ///   #expect(response.headers["Content-Type"] == "application/json")
  /// }
  /// ```
  public func then(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (Value) throws -> Void
  ) {
    evaluate(
      name: "then", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      try body(value)
      return .pass(())
    }
  }

  /// Ends the chain by running the asynchronous `body` with the value, if every operator before
  /// passed.
  ///
  /// `body` runs in the caller's isolation, so it can use values that are not `Sendable`.
  ///
  /// ```swift
  /// await Assert(that: session).isNotNil().asyncThen { session in
  ///   await session.close()
  /// }
  /// ```
  public nonisolated(nonsending) func asyncThen(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: nonisolated(nonsending) (Value) async throws -> Void
  ) async {
    await asyncEvaluate(
      name: "asyncThen", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      try await body(value)
      return .pass(())
    }
  }
}
