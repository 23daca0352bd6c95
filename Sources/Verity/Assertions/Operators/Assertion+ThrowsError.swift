extension Assertion {
  /// Passes when the expression throws, and passes the thrown error on.
  ///
  /// ```swift
  /// Assert(throwingExpression: try Version("1.x"))
  ///   .throwsError()
  ///   .isType(VersionError.self)
  ///   .isEqualTo(.invalidComponent("x"))
  /// // on failure: throwsError failed - expression returned 1.0.0 without throwing
  /// ```
  @discardableResult
  public func throwsError<T>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<any Error>
  where Value == () throws -> T {
    evaluate(
      name: "throwsError", fileID: fileID, filePath: filePath, line: line, column: column
    ) { expression in
      do {
        let value = try expression()
        return .fail(message: "expression returned \(_render(value)) without throwing")
      } catch {
        return .pass(error)
      }
    }
  }

  /// Passes when the asynchronous expression throws, and passes the thrown error on.
  ///
  /// The expression runs in the caller's isolation.
  ///
  /// ```swift
  /// await Assert(asyncThrowingExpression: { try await api.fetchUser(id: -1) })
  ///   .throwsError()
  /// ```
  @discardableResult
  public nonisolated(nonsending) func throwsError<T>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Assertion<
    any Error
  >
  where Value == () async throws -> T {
    await asyncEvaluate(
      name: "throwsError", fileID: fileID, filePath: filePath, line: line, column: column
    ) { expression in
      do {
        let value = try await expression()
        return .fail(message: "expression returned \(_render(value)) without throwing")
      } catch {
        return .pass(error)
      }
    }
  }
}
