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
/// them (`inout` parameters). Stops the process, as `Actor.assumeIsolated` does, when the
/// executor running now is not `real`'s. Generated code only.
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
///   - operation: the call, isolated to `real`.
@_documentation(visibility: internal)
public func _callSharingExecutor<Mock: Actor, Real: Actor, Arguments, Result, Failure: Error>(
  from mock: isolated Mock, to real: Real, passing arguments: inout Arguments,
  _ operation: (isolated Real, inout Arguments) throws(Failure) -> Result
) throws(Failure) -> Result {
  let outcome = withoutActuallyEscaping(operation) { operation in
    let call = SharedExecutorValue(value: (operation, arguments))
    // Traps unless `real`'s executor is running now: then `mock` and `real` run on one executor.
    return real.assumeIsolated { real in
      var (operation, arguments) = call.value
      let result = Swift.Result { () throws(Failure) -> Result in try operation(real, &arguments) }
      return SharedExecutorValue(value: (result, arguments))
    }
  }
  arguments = outcome.value.1
  return try outcome.value.0.get()
}

/// As ``_callSharingExecutor(from:to:passing:_:)``, for an `async` member isolated to the actor:
/// the call runs isolated to `real`, on the executor the two share, and may suspend. Arguments and
/// results that are not `Sendable` pass as they do in the synchronous call (the compiler would
/// otherwise ask that they be sent from the mock's isolation to the real actor's, which are one
/// executor's). `operation` captures nothing the mock keeps (the arguments go in `arguments`), so
/// it is `@Sendable`. Stops the process when the executor running now is not `real`'s. Generated code
/// only.
///
/// ```swift
/// var _verityArguments = draft
/// return await Verity._callSharingExecutor(from: self, to: _verityReal, passing: &_verityArguments) {
///   _verityReal, _verityArguments in await _verityReal.save(_verityArguments)
/// }
/// ```
@_documentation(visibility: internal)
public func _callSharingExecutor<Mock: Actor, Real: Actor, Arguments, Result, Failure: Error>(
  from mock: isolated Mock, to real: Real, passing arguments: inout Arguments,
  _ operation: @escaping @Sendable (isolated Real, inout Arguments) async throws(Failure) -> Result
) async throws(Failure) -> Result {
  // Traps unless `real`'s executor is running now: then `mock` and `real` run on one executor.
  real.preconditionIsolated()
  let call = SharedExecutorValue(value: arguments)
  let outcome = await _runIsolated(to: real, operation, call)
  arguments = outcome.value.1
  return try outcome.value.0.get()
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
/// the real actor's and come back, on one serial executor, which `assumeIsolated` (synchronous)
/// or `preconditionIsolated` (`async`) checks is the real actor's while the caller is isolated to
/// the mock. The mock runs on that executor for its whole life (a generated actor mock's executor
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
