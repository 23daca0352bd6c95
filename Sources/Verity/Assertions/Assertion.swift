/// One link of an assertion chain: the outcome so far, and the operator that produced it.
///
/// Start a chain with ``Assert(that:fileID:filePath:line:column:)`` and apply operators; each
/// operator checks the value the previous one passed on and returns a new `Assertion`, possibly
/// of another value type:
///
/// ```swift
/// Assert(that: response.user)   // Assertion<User?>
///   .isNotNil()                 // Assertion<User>
///   .matches(having(\.name, eq("Ada")))
/// ```
///
/// A failing operator reports `"<operator> failed - <reason>"` once, at its own line, and every
/// operator after it is skipped: its evaluator is not called and nothing more is reported.
///
/// Operators are built on ``evaluate(name:fileID:filePath:line:column:evaluator:)`` and
/// ``asyncEvaluate(name:fileID:filePath:line:column:evaluator:)``; see
/// <doc:CreatingCustomAssertionOperators>.
public struct Assertion<Value> {
  /// The outcome so far: the value passed on, or the reason of the first failure in the chain.
  public var result: AssertionResult<Value> { _outcome.result }

  /// ``result``, shared by the links an operator passes the same value on to (``_check``): a
  /// passing check of a large value then copies it no further than the chain's first link.
  private let _outcome: _AssertionOutcome<Value>

  /// The name of the operator that produced ``result``; after a failure, the name of the operator
  /// that failed. For a chain's first link, the name of the function that started it, such as
  /// `Assert(that:)`.
  public let name: String

  /// The file of the operator named by ``name`` (`#fileID`).
  public let fileID: StaticString
  /// The file of the operator named by ``name`` (`#filePath`).
  public let filePath: StaticString
  /// The line of the operator named by ``name``.
  public let line: UInt
  /// The column of the operator named by ``name``.
  public let column: UInt

  package let chain: _AssertionChain

  package init(
    result: AssertionResult<Value>,
    name: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    chain: _AssertionChain
  ) {
    self.init(
      outcome: _AssertionOutcome(result), name: name, fileID: fileID, filePath: filePath, line: line,
      column: column, chain: chain)
  }

  private init(
    outcome: _AssertionOutcome<Value>,
    name: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    chain: _AssertionChain
  ) {
    self._outcome = outcome
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.chain = chain
  }

  /// Runs one operator's check and returns the next link of the chain.
  ///
  /// If this assertion has already failed, `evaluator` is not called: the failure (with its
  /// reason, name and line) is carried on, retyped to `NewValue`, and nothing is reported again.
  /// Otherwise `evaluator` receives the value; a ``AssertionResult/pass(_:)`` carries its value to
  /// the next operator, and a failure, or an error thrown by `evaluator`, is reported as
  /// `"<name> failed - <reason>"` at the given location.
  ///
  /// - Parameters:
  ///   - name: The operator's name as it appears in failure messages.
  ///   - fileID: The caller's file, which the operator captures with `fileID: StaticString =
  ///     #fileID` (as every Verity entry point that reports captures its caller's location).
  ///   - filePath: The caller's file path (`filePath: StaticString = #filePath`).
  ///   - line: The caller's line (`line: UInt = #line`).
  ///   - column: The caller's column (`column: UInt = #column`).
  ///   - evaluator: Checks the value and returns the outcome.
  ///
  /// ```swift
  /// extension Assertion where Value == Int {
  ///   @discardableResult
  ///   func isEven(
  ///     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  ///     line: UInt = #line, column: UInt = #column
  ///   ) -> Assertion<Int> {
  ///     evaluate(name: "isEven", fileID: fileID, filePath: filePath, line: line, column: column) {
  ///       value in
  ///       value.isMultiple(of: 2) ? .pass(value) : .fail(message: "\(value) is odd")
  ///     }
  ///   }
  /// }
  /// ```
  @discardableResult
  public func evaluate<NewValue>(
    name: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    evaluator: (Value) throws -> AssertionResult<NewValue>
  ) -> Assertion<NewValue> {
    chain.markEvaluated()
    guard case .pass(let value) = _outcome.result else { return carryFailure() }
    let outcome: AssertionResult<NewValue>
    do {
      outcome = try evaluator(value)
    } catch {
      outcome = .fail(thrownError: error)
    }
    return link(outcome, name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs one operator's asynchronous check and returns the next link of the chain.
  ///
  /// Behaves like ``evaluate(name:fileID:filePath:line:column:evaluator:)``, for checks that need
  /// to `await`.
  /// The method and `evaluator` run in the caller's isolation (`nonisolated(nonsending)`), so an
  /// actor-isolated test can check values that are not `Sendable`.
  ///
  /// ```swift
  /// extension Assertion where Value == URL {
  ///   func isReachable(
  ///     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  ///     line: UInt = #line, column: UInt = #column
  ///   ) async -> Assertion<Void> {
  ///     await asyncEvaluate(
  ///       name: "isReachable", fileID: fileID, filePath: filePath, line: line, column: column
  ///     ) { url in
  ///       try await ping(url) ? .pass(()) : .fail(message: "\(url) did not answer")
  ///     }
  ///   }
  /// }
  /// ```
  @discardableResult
  public nonisolated(nonsending) func asyncEvaluate<NewValue>(
    name: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    evaluator: nonisolated(nonsending) (Value) async throws -> AssertionResult<NewValue>
  ) async -> Assertion<NewValue> {
    chain.markEvaluated()
    guard case .pass(let value) = _outcome.result else { return carryFailure() }
    let outcome: AssertionResult<NewValue>
    do {
      outcome = try await evaluator(value)
    } catch {
      outcome = .fail(thrownError: error)
    }
    return link(outcome, name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs a check that passes the value on unchanged (`hasNoDifference`, `matches(_:)`): the
  /// same as `evaluate` with an evaluator returning `.pass(value)` or `.fail(reason)`, but the
  /// next link shares this one's value instead of holding a copy of it.
  ///
  /// - Parameter check: the reason the value fails, or nil when it passes.
  package func _check(
    name: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    _ check: (Value) throws -> FailureReason?
  ) -> Assertion<Value> {
    chain.markEvaluated()
    guard case .pass(let value) = _outcome.result else { return carryFailure() }
    let reason: FailureReason?
    do {
      reason = try check(value)
    } catch {
      reason = .thrownError(error)
    }
    guard let reason else {
      return Assertion(
        outcome: _outcome, name: name, fileID: fileID, filePath: filePath, line: line, column: column,
        chain: chain)
    }
    return link(.fail(reason), name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The next link after a failure: the same failure, name and line, retyped.
  private func carryFailure<NewValue>() -> Assertion<NewValue> {
    guard case .fail(let reason) = _outcome.result else {
      preconditionFailure("carryFailure() called on a passing assertion")
    }
    return Assertion<NewValue>(
      result: .fail(reason), name: name, fileID: fileID, filePath: filePath, line: line,
      column: column, chain: chain)
  }

  private func link<NewValue>(
    _ outcome: AssertionResult<NewValue>,
    name: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> Assertion<NewValue> {
    if case .fail(let reason) = outcome {
      chain.report(
        name: name, reason: reason, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return Assertion<NewValue>(
      result: outcome, name: name, fileID: fileID, filePath: filePath, line: line, column: column,
      chain: chain)
  }
}

extension Assertion: Sendable where Value: Sendable {}

/// The outcome an ``Assertion`` link holds, in a box the links that pass the same value on share.
private final class _AssertionOutcome<Value> {
  let result: AssertionResult<Value>

  init(_ result: AssertionResult<Value>) {
    self.result = result
  }
}

extension _AssertionOutcome: Sendable where Value: Sendable {}
