// Forgetting a mock's recorded calls (Mockito's `clearInvocations`) and its stubs (`reset`).

extension Mock {
  /// Forgets every call the mock has recorded, and keeps its stubs: a test that set a screen up
  /// through the mock then verifies only what happened afterwards.
  ///
  /// ```swift
  /// model.load()                         // calls service.getAlbum(id: 1)
  /// service.clearInvocations()
  /// model.refresh()
  /// verify(service.$getAlbum(id: any()))  // counts only refresh()'s call
  /// ```
  ///
  /// `verify`, ``InOrder`` and ``verifyNoMoreInteractions(fileID:filePath:line:column:)`` see
  /// only the calls recorded after it; calls already verified are forgotten with the rest. The
  /// memory the calls used is freed, in time proportional to what is freed (a million calls
  /// clear in about the time of freeing their blocks, not of visiting each call). A call
  /// recorded by another thread while the mock clears is recorded either before the clear (and
  /// forgotten) or after it (and kept), never half.
  public func clearInvocations(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.noteTestLocation(_Location(fileID: fileID, filePath: filePath, line: line, column: column))
    storage.log.removeAllCalls(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Forgets the mock's recorded calls and its stubs: the mock answers as a new one would
  /// (Mockito's `reset`). Its strictness and its number in messages stay.
  ///
  /// ```swift
  /// when(service.$getAlbum(id: any())).thenReturn(album)
  /// service.reset()
  /// service.getAlbum(id: 1)  // nil: no stub any more
  /// ```
  ///
  /// ``clearInvocations(fileID:filePath:line:column:)`` forgets the calls only;
  /// ``removeAllStubs()`` the stubs only.
  public func reset(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    clearInvocations(fileID: fileID, filePath: filePath, line: line, column: column)
    removeAllStubs()
  }
}

/// Forgets the calls a handle matches, and keeps every other call and every stub.
///
/// ```swift
/// service.getAlbum(id: 1)
/// service.getAlbum(id: 2)
/// clearInvocations(service.$getAlbum(id: eq(1)))
/// verify(service.$getAlbum(id: any()))   // 1 call: getAlbum(id: 2)
/// ```
///
/// The calls left keep their order and their verified marks. A captor in the handle matches
/// every value and captures nothing. A generic result's handle forgets the matching calls of every
/// result type, with `returning:` too (a call's result type is not recorded, see
/// ``MockCall/returning(_:)``). Costs a query for the handle plus a pass over the calls
/// recorded from the first one forgotten.
public func clearInvocations<Arguments, Value>(
  _ call: MockCall<Arguments, Value>,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  call.storage.noteTestLocation(_Location(fileID: fileID, filePath: filePath, line: line, column: column))
  let expected = call.expected
  if let problem = expected.incomparableMessage(name: "clearInvocations") {
    reportFailure(problem, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  call.storage.log.removeCalls(
    matching: expected.pattern, fileID: fileID, filePath: filePath, line: line, column: column)
}
