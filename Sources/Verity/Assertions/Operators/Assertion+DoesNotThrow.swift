extension Assertion {
  /// Passes when the expression returns without throwing, and passes the returned value on.
  ///
  /// ```swift
  /// Assert(throwingExpression: try JSONDecoder().decode(User.self, from: data))
  ///   .doesNotThrow()
  ///   .matches(having(\.name, eq("Ada")))
  /// // on failure: doesNotThrow failed - threw DecodingError: ...
  /// ```
  @discardableResult
  public func doesNotThrow<T>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<T> where Value == () throws -> T {
    evaluate(
      name: "doesNotThrow", fileID: fileID, filePath: filePath, line: line, column: column
    ) { expression in
      .pass(try expression())
    }
  }

  /// Passes when the asynchronous expression returns without throwing, and passes the returned
  /// value on.
  ///
  /// The expression runs in the caller's isolation.
  ///
  /// ```swift
  /// await Assert(asyncThrowingExpression: { try await api.fetchUser(id: 1) })
  ///   .doesNotThrow()
  ///   .isNotNil()
  /// ```
  @discardableResult
  public nonisolated(nonsending) func doesNotThrow<T>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Assertion<T>
  where Value == () async throws -> T {
    await asyncEvaluate(
      name: "doesNotThrow", fileID: fileID, filePath: filePath, line: line, column: column
    ) { expression in
      .pass(try await expression())
    }
  }
}
