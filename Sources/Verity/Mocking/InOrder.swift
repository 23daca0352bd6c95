/// Verifies that calls happened in a given order, across one or several mocks.
///
/// ```swift
/// let inOrder = InOrder()
/// inOrder.verifyCall(on: session, withIdentifier: "open")
/// inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [any()])
/// inOrder.verifyCall(on: session, withIdentifier: "close")
/// ```
///
/// Every call carries a sequence number from one process-wide counter, so calls on different
/// mocks are ordered. An `InOrder` keeps a cursor: each verification must be satisfied by calls
/// recorded *after* the call that satisfied the previous one, and moves the cursor.
///
/// Semantics, per mode (only calls after the cursor are considered):
/// - `.times(n)`, `.atLeast(n)`, `.atLeastOnce`: the earliest `n` (or 1) matching calls after the
///   cursor must exist; the cursor moves to the last of them. Taking the *earliest* matches, never
///   all of them, leaves later calls for later checks: with calls `a, b, a`, the checks
///   `a (.atLeastOnce)` then `b` pass. `.times(n)` does not check the total count (verify that
///   with an ordinary `verifyCall`).
/// - `.never`, `.atMost(n)`: at most that many matching calls after the cursor; the cursor stays.
/// - `.only`: as `.times(1)`, and the mock has exactly one call.
///
/// The calls a check takes are marked verified. An ``ArgumentCaptor`` in an in-order check captures
/// from every matching call of the mock, as in ``Mock/verifyCall(withIdentifier:arguments:mode:fileID:filePath:line:column:)``.
public final class InOrder: Sendable {
  private let cursor = _Lock<(sequence: UInt64, description: String?)>((0, nil))

  /// Creates an in-order verifier whose cursor is before every call.
  public init() {}

  /// Verifies the next expected call in order. See ``InOrder`` for the semantics of each mode.
  ///
  /// ```swift
  /// inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [eq("draft")])
  /// ```
  public func verifyCall(
    on mock: some Mock,
    withIdentifier identifier: String,
    arguments: Arguments = .none,
    mode: VerificationMode = .times(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    verify(
      ExpectedCall(identifier: identifier, arguments: arguments), on: mock.storage, mode: mode,
      at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func verify(_ expected: ExpectedCall, on storage: MockStorage, mode: VerificationMode, at location: _Location) {
    if let problem = mode.problem(name: "verifyCall in order") ?? expected.incomparableMessage(name: "verifyCall in order") {
      location.report(problem)
      return
    }
    let (after, previous) = cursor._withLock { ($0.sequence, $0.description) }
    let log = storage.log
    // Calls of one log carry increasing sequence numbers, so the matches after the cursor are the
    // matches from the first one found after it.
    let first = log.firstMatch(matching: expected.pattern, afterSequence: after)
    func matchesAfterCursor(limit: Int) -> [Int] {
      guard let first else { return [] }
      return log.indices(matching: expected.pattern, from: first.index, limit: limit)
    }
    let place = previous.map { "after \($0)" } ?? "in order"

    let wanted: Int
    switch mode {
    case .never, .atMost:
      let limit = Int(mode.countBounds(total: 0).max)  // 0 for .never, n for .atMost(n)
      let matches = matchesAfterCursor(limit: .max)
      if matches.count > limit {
        location.report(
          "verifyCall in order failed - expected \(mode.expectation(call: expected.description)) \(place), got \(matches.count)")
      }
      return
    case .times(let n), .atLeast(let n):
      wanted = n
    case .atLeastOnce:
      wanted = 1
    case .only:
      wanted = 1
      if storage.log.count != 1 {
        location.report(
          "verifyCall in order failed - expected \(mode.expectation(call: expected.description)), got \(callCount(storage.log.count)) in all")
        return
      }
    }
    let matches = matchesAfterCursor(limit: wanted)
    guard matches.count >= wanted else {
      var lines = [
        "verifyCall in order failed - expected \(callCount(wanted)) to \(expected.description) \(place), got \(matches.count)"
      ]
      let before = log.count(matching: expected.pattern) - matches.count
      if before > 0 {
        lines.append("\(callCount(before)) to \(expected.identifier) matched earlier, out of order")
      } else {
        lines += storage.nearestCallsDescription(expected)
      }
      location.report(lines.joined(separator: "\n"))
      return
    }
    if let problem = storage.captorProblem(expected, name: "verifyCall in order") {
      location.report(problem)
      return
    }
    storage.fillCaptors(of: expected)
    guard wanted > 0, let last = log.call(at: matches[wanted - 1]) else { return }
    for index in matches.prefix(wanted) { log.markVerified(at: index) }
    cursor._withLock { $0 = (last.sequence, expected.description) }
  }
}
