// The answers of generated members that a spy may pass on: one call per member, with the call to
// the real object as a closure. A mock that does not spy pays one check of `storage.spy` (as it
// did when each member had the spy's branch written out); a spying one answers a call a stub
// matches from the stub, and passes any other to the real object. `@_transparent`, not only
// `@inlinable`: a debug build (where `swift test` runs) inlines them too, so a member's call costs
// what it cost when the branch was written in the member (callgrind, the everyday test: 138.9k
// instructions before, 138.7k after in debug; 33.16k and 33.22k in release).

extension MockStorage {
  /// The answer to a call of a generated member that cannot throw, which a spy passes on: when the
  /// mock spies on an object of type `Real`, the next answer of the last stub that matches the call,
  /// else `forward`'s call of the real object; otherwise as
  /// ``answer(_:arguments:values:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// return storage.answer("count()", arguments: (), values: [], spying: { (real: any Counter & Sendable) in
  ///   real.count()
  /// }) as Int
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - forward: The call of the real object, which no stub answers.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  @_transparent
  public func answer<Arguments, Real, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?],
    spying forward: (Real) -> Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Value {
    if let spy, let real = spy.object(as: Real.self) {
      if let stubbed = stubbedAnswer(identifier, arguments: arguments, values: values()) as Value? { return stubbed }
      return forward(real)
    }
    return answer(
      identifier, arguments: arguments, values: values(), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// As ``answer(_:arguments:values:spying:fileID:filePath:line:column:)``, for a throwing member:
  /// a stubbed error is thrown, and so is the real object's.
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - forward: The call of the real object, which no stub answers.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  @_transparent
  public func answerThrowing<Arguments, Real, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?],
    spying forward: (Real) throws -> Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> Value {
    if let spy, let real = spy.object(as: Real.self) {
      if let stubbed = try stubbedAnswerThrowing(identifier, arguments: arguments, values: values()) as Value? {
        return stubbed
      }
      return try forward(real)
    }
    return try answerThrowing(
      identifier, arguments: arguments, values: values(), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// As ``answer(_:arguments:values:spying:fileID:filePath:line:column:)``, for an `async` member:
  /// the real object is called with `await`, on the caller's actor.
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - isolation: The caller's actor; leave the default.
  ///   - forward: The call of the real object, which no stub answers.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  @_transparent
  public func answer<Arguments, Real, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?],
    isolation: isolated (any Actor)? = #isolation, spyingAsync forward: (Real) async -> Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> Value {
    if let spy, let real = spy.object(as: Real.self) {
      if let stubbed = stubbedAnswer(identifier, arguments: arguments, values: values()) as Value? { return stubbed }
      return await forward(real)
    }
    return answer(
      identifier, arguments: arguments, values: values(), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// As ``answerThrowing(_:arguments:values:spying:fileID:filePath:line:column:)``, for an `async`
  /// member: the real object is called with `await`, on the caller's actor.
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - isolation: The caller's actor; leave the default.
  ///   - forward: The call of the real object, which no stub answers.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  @_transparent
  public func answerThrowing<Arguments, Real, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?],
    isolation: isolated (any Actor)? = #isolation, spyingAsync forward: (Real) async throws -> Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws -> Value {
    if let spy, let real = spy.object(as: Real.self) {
      if let stubbed = try stubbedAnswerThrowing(identifier, arguments: arguments, values: values()) as Value? {
        return stubbed
      }
      return try await forward(real)
    }
    return try answerThrowing(
      identifier, arguments: arguments, values: values(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
