extension Assertion {
  /// Re-evaluates the asynchronous expression and runs `check` on each result until `check`
  /// passes or `timeout` has elapsed on `clock`; passes the checked value on.
  ///
  /// Each attempt evaluates the expression, then applies the operators in `check` to a silent
  /// assertion on the result: failed attempts report nothing. An error thrown by the expression
  /// counts as a failed attempt. Between attempts the check waits `pollInterval` (never past the
  /// deadline), and one last attempt is made at the deadline. If no attempt passes, the failure
  /// is reported once, at this line, with the last attempt's failure:
  ///
  /// ```
  /// eventually failed - still failing after 1.0 seconds (5 attempts): isEqualTo failed - 2 is not equal to 3
  /// ```
  ///
  /// If the task is cancelled while waiting, the failure says `cancelled after N attempts`. The
  /// expression and `check` run in the caller's isolation.
  ///
  /// ```swift
  /// await Assert(asyncThrowingExpression: { await uploads.pendingCount })
  ///   .eventually(timeout: .seconds(2)) { $0.isEqualTo(0) }
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to keep trying, measured on `clock`.
  ///   - pollInterval: How long to wait between attempts.
  ///   - clock: The clock that measures the timeout and the waits. Tests of code that uses
  ///     `eventually` can pass a manual clock so nothing really sleeps.
  ///   - fileID: The file a failure is reported in (`#fileID`); leave the default.
  ///   - filePath: The same file's path (`#filePath`); leave the default.
  ///   - line: The line a failure is reported at; leave the default.
  ///   - column: The column a failure is reported at; leave the default.
  ///   - check: Operators to apply to each attempt's value, such as `{ $0.isEqualTo(3) }`.
  @discardableResult
  public nonisolated(nonsending) func eventually<T, NewValue>(
    timeout: Duration = .seconds(1),
    pollInterval: Duration = .milliseconds(10),
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ check: nonisolated(nonsending) (Assertion<T>) async -> Assertion<NewValue>
  ) async -> Assertion<NewValue> where Value == () async throws -> T {
    await asyncEvaluate(
      name: "eventually", fileID: fileID, filePath: filePath, line: line, column: column
    ) { expression in
      await _poll(
        timeout: timeout, pollInterval: pollInterval, clock: clock,
        at: _Location(fileID: fileID, filePath: filePath, line: line, column: column),
        attempt: { try await expression() }, check: check)
    }
  }

  /// Re-evaluates the expression and runs `check` on each result until `check` passes or
  /// `timeout` has elapsed on `clock`; passes the checked value on.
  ///
  /// The same as the asynchronous form, for an expression started with
  /// ``Assert(throwingExpression:fileID:filePath:line:column:)``:
  ///
  /// ```swift
  /// await Assert(throwingExpression: try store.load().count)
  ///   .eventually(timeout: .milliseconds(500)) { $0.isEqualTo(3) }
  /// ```
  @discardableResult
  public nonisolated(nonsending) func eventually<T, NewValue>(
    timeout: Duration = .seconds(1),
    pollInterval: Duration = .milliseconds(10),
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ check: nonisolated(nonsending) (Assertion<T>) async -> Assertion<NewValue>
  ) async -> Assertion<NewValue> where Value == () throws -> T {
    await asyncEvaluate(
      name: "eventually", fileID: fileID, filePath: filePath, line: line, column: column
    ) { expression in
      await _poll(
        timeout: timeout, pollInterval: pollInterval, clock: clock,
        at: _Location(fileID: fileID, filePath: filePath, line: line, column: column),
        attempt: { try expression() }, check: check)
    }
  }
}

/// Runs `attempt` and `check` until the check passes or `timeout` has elapsed on `clock`.
private nonisolated(nonsending) func _poll<C: Clock<Duration>, T, NewValue>(
  timeout: Duration,
  pollInterval: Duration,
  clock: C,
  at location: _Location,
  attempt: nonisolated(nonsending) () async throws -> T,
  check: nonisolated(nonsending) (Assertion<T>) async -> Assertion<NewValue>
) async -> AssertionResult<NewValue> {
  let deadline = clock.now.advanced(by: timeout)
  var attempts = 0
  while true {
    attempts += 1
    // Each attempt's value (or thrown error) starts a silent chain, so failed attempts report nothing.
    let value: AssertionResult<T>
    do {
      value = .pass(try await attempt())
    } catch {
      value = .fail(thrownError: error)
    }
    let checked = await check(
      Assertion(
        result: value, name: "eventually", fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column, chain: .silent(rootName: "eventually")))
    let lastFailure: String
    switch checked.result {
    case .pass(let value):
      return .pass(value)
    case .fail(let reason):
      // `"isEqualTo failed - 2 is not equal to 3"`, or the bare reason for a thrown error.
      lastFailure = checked.name == "eventually" ? "\(reason)" : "\(checked.name) failed - \(reason)"
    }
    let now = clock.now
    if now >= deadline {
      return .fail(
        message: "still failing after \(timeout) (\(_attempts(attempts))): \(lastFailure)")
    }
    do {
      try await clock.sleep(until: min(now.advanced(by: pollInterval), deadline), tolerance: nil)
    } catch {
      return .fail(message: "cancelled after \(_attempts(attempts)): \(lastFailure)")
    }
  }
}

private func _attempts(_ count: Int) -> String {
  count == 1 ? "1 attempt" : "\(count) attempts"
}
