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

private nonisolated(nonsending) func _poll<T, NewValue>(
  timeout: Duration,
  pollInterval: Duration,
  clock: any Clock<Duration>,
  at location: _Location,
  attempt: nonisolated(nonsending) () async throws -> T,
  check: nonisolated(nonsending) (Assertion<T>) async -> Assertion<NewValue>
) async -> AssertionResult<NewValue> {
  await _poll(
    timeout: timeout, pollInterval: pollInterval, on: clock, at: location, attempt: attempt,
    check: check)
}

private nonisolated(nonsending) func _poll<C: Clock<Duration>, T, NewValue>(
  timeout: Duration,
  pollInterval: Duration,
  on clock: C,
  at location: _Location,
  attempt: nonisolated(nonsending) () async throws -> T,
  check: nonisolated(nonsending) (Assertion<T>) async -> Assertion<NewValue>
) async -> AssertionResult<NewValue> {
  let deadline = clock.now.advanced(by: timeout)
  var attempts = 0
  while true {
    attempts += 1
    let value: Result<T, any Error>
    do {
      value = .success(try await attempt())
    } catch {
      value = .failure(error)
    }
    let lastFailure: String
    switch _describeAttempt(await check(_attemptRoot(value, at: location))) {
    case .passed(let checked):
      return .pass(checked)
    case .failed(let description):
      lastFailure = description
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

/// What one attempt of `eventually` concluded.
private enum _Attempt<NewValue> {
  case passed(NewValue)
  case failed(String)
}

/// Applies `check` to a silent assertion on one attempt's value (or thrown error).
private func _attemptRoot<T>(_ outcome: Result<T, any Error>, at location: _Location) -> Assertion<T> {
  let chain = _AssertionChain.silent(rootName: "eventually")
  switch outcome {
  case .success(let value):
    return Assertion(
      result: .pass(value), name: "eventually", fileID: location.fileID, filePath: location.filePath,
      line: location.line, column: location.column, chain: chain)
  case .failure(let error):
    return Assertion(
      result: .fail(thrownError: error), name: "eventually", fileID: location.fileID,
      filePath: location.filePath, line: location.line, column: location.column, chain: chain)
  }
}

/// `"isEqualTo failed - 2 is not equal to 3"`, or the bare reason for a thrown error.
private func _describeAttempt<NewValue>(_ outcome: Assertion<NewValue>) -> _Attempt<NewValue> {
  switch outcome.result {
  case .pass(let value):
    .passed(value)
  case .fail(let reason):
    .failed(outcome.name == "eventually" ? "\(reason)" : "\(outcome.name) failed - \(reason)")
  }
}

private func _attempts(_ count: Int) -> String {
  count == 1 ? "1 attempt" : "\(count) attempts"
}
