// The run-time side of spies on actors: a generated mock of an actor protocol runs on a serial
// executor it never changes, the spied actor's when it spies (so its isolated members can call the
// real actor on that executor, synchronous ones without `await`, whatever the Sendability of their
// values), and otherwise one of its own (``_MockExecutorActor``).
// `_callSharingExecutor(from:to:passing:_:)` makes that call.

/// An actor with no state, whose serial executor a generated actor mock that does not spy runs
/// on: each such mock makes one, so two mocks never share an executor.
///
/// A generated actor mock declares `unownedExecutor` (to share a spied actor's executor), and an
/// actor that declares it has no default executor of its own: this actor lends it one. Generated
/// code only.
///
/// ```swift
/// actor InboxMock: Inbox, Verity.Mock {
///   private nonisolated let _verityExecutorActor: any Actor
///   nonisolated var unownedExecutor: UnownedSerialExecutor { _verityExecutorActor.unownedExecutor }
///   init() {
///     // ...
///     _verityExecutorActor = Verity._MockExecutorActor()   // `real` in `init(spying:)`
///   }
/// }
/// ```
@_documentation(visibility: internal)
public actor _MockExecutorActor {
  /// A new actor, with an executor of its own.
  public init() {}
}

/// Calls `operation` on `real` synchronously, from `mock`, an actor that runs on `real`'s serial
/// executor: what a spying actor mock's synchronous isolated member does with a call no stub
/// matches. `arguments` holds the call's arguments, and gets back what `operation` writes to
/// them (`inout` parameters). Generated code only.
///
/// The one place that decides whether the call may be made (see ``_runsOnExecutor(of:from:)``):
/// when `mock` does not run on `real`'s executor (a mock whose spy was made for another actor, or
/// whose real object was replaced), calling `real` here would race, so the mismatch is reported
/// as a failure of the test and the call is answered as an unstubbed one (the result type's
/// default, else the error type's, else an ``UnstubbedCallError`` for an untyped `throws`); only a
/// call with none of these stops the process, as an unstubbed call does.
///
/// ```swift
/// var _verityArguments = (key, value)
/// return Verity._callSharingExecutor(from: self, to: _verityReal, passing: &_verityArguments) {
///   _verityReal, _verityArguments in _verityReal.store(_verityArguments.0, _verityArguments.1)
/// }
/// ```
///
/// - Parameters:
///   - mock: the calling mock (the function is isolated to it).
///   - real: the actor called; its executor must be the one running `mock` now.
///   - arguments: the call's arguments, as one tuple.
///   - fileID: The file a mismatch is reported in when the test has no location with the mock;
///     leave the default.
///   - filePath: The path of that file; leave the default.
///   - line: The line of that report; leave the default.
///   - column: The column of that report; leave the default.
///   - operation: the call, isolated to `real`.
@_documentation(visibility: internal)
public func _callSharingExecutor<SpyingMock: Actor & Mock, Real: Actor, Arguments, Result, Failure: Error>(
  from mock: isolated SpyingMock, to real: Real, passing arguments: inout Arguments,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ operation: (isolated Real, inout Arguments) throws(Failure) -> Result
) throws(Failure) -> Result {
  guard _runsOnExecutor(of: real, from: mock) else {
    return try _executorMismatch(
      mock, real, failing: Failure.self, at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }
  let outcome = withoutActuallyEscaping(operation) { operation in
    let call = SharedExecutorValue(value: (operation, arguments))
    // `real`'s executor is running now (checked above): `assumeIsolated` gives the isolation.
    return real.assumeIsolated { real in
      var (operation, arguments) = call.value
      let result = Swift.Result { () throws(Failure) -> Result in try operation(real, &arguments) }
      return SharedExecutorValue(value: (result, arguments))
    }
  }
  arguments = outcome.value.1
  return try outcome.value.0.get()
}

/// As ``_callSharingExecutor(from:to:passing:fileID:filePath:line:column:_:)``, for an `async`
/// member isolated to the actor: the call runs isolated to `real`, on the executor the two share,
/// and may suspend. Arguments and results that are not `Sendable` pass as they do in the
/// synchronous call (the compiler would otherwise ask that they be sent from the mock's isolation
/// to the real actor's, which are one executor's). `operation` captures nothing the mock keeps
/// (the arguments go in `arguments`), so it is `@Sendable`. A mock that does not run on `real`'s
/// executor is reported and answered as in the synchronous call. Generated code only.
///
/// ```swift
/// var _verityArguments = draft
/// return await Verity._callSharingExecutor(from: self, to: _verityReal, passing: &_verityArguments) {
///   _verityReal, _verityArguments in await _verityReal.save(_verityArguments)
/// }
/// ```
@_documentation(visibility: internal)
public func _callSharingExecutor<SpyingMock: Actor & Mock, Real: Actor, Arguments, Result, Failure: Error>(
  from mock: isolated SpyingMock, to real: Real, passing arguments: inout Arguments,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ operation: @escaping @Sendable (isolated Real, inout Arguments) async throws(Failure) -> Result
) async throws(Failure) -> Result {
  guard _runsOnExecutor(of: real, from: mock) else {
    return try _executorMismatch(
      mock, real, failing: Failure.self, at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }
  let call = SharedExecutorValue(value: arguments)
  let outcome = await _runIsolated(to: real, operation, call)
  arguments = outcome.value.1
  return try outcome.value.0.get()
}

/// Whether `mock`, whose isolation the caller holds (so its executor is the one running now), runs
/// on `real`'s serial executor: the invariant the calls above rest on, checked here and nowhere
/// else. A generated actor mock keeps it by construction (its `unownedExecutor` is the spied
/// actor's, read through a `let`), but a spy can be made for another actor than the mock's
/// executor's (`init(_verityStorage:)` with a spying storage) and a real object can be replaced
/// (``MockSpy/putBack(_:)``).
///
/// The two executors are compared as values: equal bytes are the same `UnownedSerialExecutor`
/// value, so the same executor, whatever the value's words mean (the type is `@frozen` and
/// `BitwiseCopyable`). Two different values that name one execution context (an executor with
/// complex equality) read as a mismatch: reported, never a race. Each read of a generated mock's
/// executor gives the spied actor's own value, so a mock made by `init(spying:)` always passes.
func _runsOnExecutor(of real: some Actor, from mock: some Actor) -> Bool {
  let mine = mock.unownedExecutor
  let theirs = real.unownedExecutor
  return withUnsafeBytes(of: mine) { mine in withUnsafeBytes(of: theirs) { theirs in mine.elementsEqual(theirs) } }
}

/// Reports that `mock` does not run on `real`'s executor (at the test's last location with the
/// mock, else at `fallback`) and answers the call as an unstubbed call of a member with this
/// result and error would be answered: the result's default, else the error's (thrown), else an
/// ``UnstubbedCallError`` for an untyped `throws`; with none of these the process stops.
func _executorMismatch<SpyingMock: Actor & Mock, Real: Actor, Result, Failure: Error>(
  _ mock: SpyingMock, _ real: Real, failing: Failure.Type, at fallback: _Location
) throws(Failure) -> Result {
  let message = _executorMismatchMessage(mock: SpyingMock.self, real: Real.self)
  mock.storage.reportingLocation(or: fallback).report(message)
  if let value = _mockDefaultValue(Result.self) { return value }
  if let error = _mockDefaultValue(Failure.self) { throw error }
  if let error = UnstubbedCallError(call: "a call passed on to \(_render(type: Real.self))") as? Failure { throw error }
  fatalError(
    "\(message); neither its result type \(_render(type: Result.self)) nor its error type "
      + "\(_render(type: Failure.self)) has a default value")
}

/// What a spying actor mock reports when it does not run on the spied actor's executor.
func _executorMismatchMessage(mock: Any.Type, real: Any.Type) -> String {
  "\(_render(type: mock)) cannot pass a call on to the \(_render(type: real)) it spies on: the mock does not run on "
    + "that actor's executor (its spy was made for another actor, or its real object was replaced), so a "
    + "synchronous call to it would race; the call is answered as an unstubbed call instead. Make the mock "
    + "with init(spying:)"
}

/// Runs the call `_callSharingExecutor` passes, isolated to `real`.
private func _runIsolated<Real: Actor, Arguments, Result, Failure: Error>(
  to real: isolated Real,
  _ operation: (isolated Real, inout Arguments) async throws(Failure) -> Result,
  _ call: SharedExecutorValue<Arguments>
) async -> SharedExecutorValue<(Swift.Result<Result, Failure>, Arguments)> {
  var arguments = call.value
  let result: Swift.Result<Result, Failure>
  do throws(Failure) {
    result = .success(try await operation(real, &arguments))
  } catch {
    result = .failure(error)
  }
  return SharedExecutorValue(value: (result, arguments))
}

/// Values that pass between a mock actor and the real actor in one call of `_callSharingExecutor`:
/// the call and its arguments in, the result and the arguments out.
///
/// Sound though `Value` need not be `Sendable`: the values come from the mock's isolation, go to
/// the real actor's and come back, on one serial executor, which ``_runsOnExecutor(of:from:)``
/// checks is the real actor's while the caller is isolated to the mock, before any value is
/// wrapped. The mock runs on that executor for its whole life (a generated actor mock's executor
/// is the real actor's, read through a `let`), and so does the real actor (an actor's
/// `unownedExecutor` does not change), so whatever either keeps of these values is only ever
/// touched on that one executor: never by two threads at once. While an `async` call is
/// suspended, the mock's frame that passed the values waits for it and touches nothing; inside
/// the real actor the compiler checks the values as the real member's own (it cannot send them
/// off the actor without a `Sendable` check). The compiler cannot see that the two actors share an
/// executor; this type says it, and is used nowhere else.
private struct SharedExecutorValue<Value>: @unchecked Sendable {
  let value: Value
}
