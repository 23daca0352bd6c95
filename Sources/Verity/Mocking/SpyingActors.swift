// The run-time side of spies on actors: a generated mock of an actor protocol runs on a serial
// executor it never changes, the spied actor's when it spies (so its synchronous isolated members
// can call the real actor without `await`), and otherwise one of its own (``_MockExecutorActor``).
// `_callSharingExecutor(from:to:passing:_:)` makes that synchronous call.

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

/// Values that pass between a mock actor and the real actor in one synchronous call of
/// `_callSharingExecutor`: the call and its arguments in, the result and the arguments out.
///
/// Sound though `Value` need not be `Sendable`: the values come from the mock's isolation, go to
/// the real actor's and come back, in one synchronous call on one serial executor, which
/// `assumeIsolated` checks is the real actor's while the caller is isolated to the mock. The mock
/// runs on that executor for its whole life (a generated actor mock's executor is the real
/// actor's, read through a `let`), and so does the real actor (an actor's `unownedExecutor` does
/// not change), so whatever either keeps of these values is only ever touched on that one
/// executor: never by two threads at once. The compiler cannot see that the two actors share an
/// executor; this type says it, and is used nowhere else.
private struct SharedExecutorValue<Value>: @unchecked Sendable {
  let value: Value
}
