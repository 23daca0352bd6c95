extension Mock {
  /// Verifies a call that may still be on its way: suspends until `mode` is satisfied or
  /// `timeout` elapses on the continuous clock, then reports a failure if it is not satisfied.
  ///
  /// ```swift
  /// viewModel.refresh()   // starts a Task that eventually calls the service
  /// await service.verifyCall(withIdentifier: "fetch", arguments: .any, within: .seconds(1))
  /// ```
  ///
  /// See ``verifyCall(withIdentifier:arguments:mode:within:clock:fileID:filePath:line:column:)``.
  public func verifyCall(
    withIdentifier identifier: String,
    arguments: Arguments = .none,
    mode: VerificationMode = .times(1),
    within timeout: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await verifyCall(
      withIdentifier: identifier, arguments: arguments, mode: mode, within: timeout,
      clock: ContinuousClock(), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Verifies a call that may still be on its way, measuring `timeout` on `clock` (inject a test
  /// clock to avoid real waiting).
  ///
  /// It does not poll: every new recording on this mock wakes it to check again.
  /// - `.times(n)`, `.atLeast(n)`, `.atLeastOnce`, `.only` succeed as soon as they are satisfied;
  ///   `.times(n)` and `.only` fail at once when more calls than allowed arrive.
  /// - `.never` and `.atMost(n)` must hold for the whole `timeout`: they fail as soon as too many
  ///   calls arrive, and succeed when the time is up.
  ///
  /// ```swift
  /// await service.verifyCall(withIdentifier: "fetch", arguments: .any,
  ///                          within: .seconds(5), clock: testClock)
  /// ```
  public func verifyCall<C: Clock>(
    withIdentifier identifier: String,
    arguments: Arguments = .none,
    mode: VerificationMode = .times(1),
    within timeout: Duration,
    clock: C,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where C.Duration == Duration {
    await storage.verify(
      ExpectedCall(identifier: identifier, arguments: arguments), mode: mode, within: timeout, clock: clock,
      name: "verifyCall", at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension MockStorage {
  /// Waits until `mode` is decided for `expected` or `timeout` elapses, then verifies.
  func verify<C: Clock>(
    _ expected: ExpectedCall, mode: VerificationMode, within timeout: Duration, clock: C, name: String,
    at location: _Location
  ) async where C.Duration == Duration {
    let storage = self
    if let problem = mode.problem(name: name) {
      location.report(problem)
      return
    }
    // Subscribe before the first check, so no recording can slip between the two.
    let recordings = storage.log.recordings()
    let deadline = clock.now.advanced(by: timeout)

    @Sendable func decided() -> Bool {
      let count = storage.log.count(matching: expected.pattern)
      return mode.isDecided(matching: count, total: storage.log.count)
    }

    if !decided() {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await _ in recordings where decided() { return }
        }
        group.addTask {
          try? await clock.sleep(until: deadline, tolerance: nil)
        }
        await group.next()
        group.cancelAll()
      }
    }
    if let message = storage.verify(
      expected, mode: mode, name: name, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
    {
      let firstLineEnd = message.firstIndex(of: "\n") ?? message.endIndex
      location.report(message[..<firstLineEnd] + " within \(timeout)" + message[firstLineEnd...])
    }
  }
}

extension VerificationMode {
  /// Whether more calls can no longer change the outcome, so waiting can stop early.
  func isDecided(matching count: Int, total: Int) -> Bool {
    switch self {
    case .never: return count > 0
    case .atMost(let n): return count > n
    case .times(let n): return count >= n
    case .atLeast(let n): return count >= n
    case .atLeastOnce: return count >= 1
    case .only: return count >= 1 || total > 1
    }
  }
}
