/// Verifies that calls matching a handle were recorded as often as `mode` says; reports one
/// failure at the caller's location otherwise.
///
/// ```swift
/// verify(service.$getAlbum(id: eq(id)))
/// verify(service.$getAlbum(id: any()), .atLeast(2))
/// verify(service.$delete(id: any()), .never)
///
/// let saved = ArgumentCaptor<Album>()
/// verify(service.$save(saved.capture()))
/// ```
///
/// The same check, with the same messages, as ``Mock/verifyCall(withIdentifier:arguments:mode:fileID:filePath:line:column:)``.
public func verify<Arguments, Value>(
  _ call: MockCall<Arguments, Value>,
  _ mode: VerificationMode = .times(1),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  if case .matchers(let identifier, let matchers) = call.form,
    call.storage.verifiesQuickly(
      identifier, matchers, typeIsExact: true, mode: mode,
      at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
  {
    return
  }
  if let message = call.storage.verify(
    call.expected, mode: mode, name: "verify", fileID: fileID, filePath: filePath, line: line, column: column)
  {
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Verifies calls that may still be on their way: waits until `mode` is satisfied or `timeout`
/// elapses on `clock` (the continuous clock by default), then reports a failure if it is not.
///
/// ```swift
/// model.refresh()   // starts a Task that calls the service
/// await verify(service.$getAlbum(id: any()), within: .seconds(1))
/// ```
///
/// The semantics of each mode are those of
/// ``Mock/verifyCall(withIdentifier:arguments:mode:within:clock:fileID:filePath:line:column:)``.
public func verify<Arguments, Value, C: Clock>(
  _ call: MockCall<Arguments, Value>,
  _ mode: VerificationMode = .times(1),
  within timeout: Duration,
  clock: C = ContinuousClock(),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async where C.Duration == Duration {
  await call.storage.verify(
    call.expected, mode: mode, within: timeout, clock: clock, name: "verify",
    at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension InOrder {
  /// Verifies the next expected call in order, described by a handle. See ``InOrder`` for the
  /// semantics of each mode.
  ///
  /// ```swift
  /// let inOrder = InOrder()
  /// inOrder.verify(session.$open())
  /// inOrder.verify(store.$save(any()))
  /// inOrder.verify(session.$close())
  /// ```
  public func verify<Arguments, Value>(
    _ call: MockCall<Arguments, Value>,
    _ mode: VerificationMode = .times(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    verify(
      call.expected, on: call.storage, mode: mode,
      at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
