// Forgetting recorded calls: all of them, or those a pattern matches.

internal import CVerityEngine

extension CallLog {
  /// Forgets every recorded call. The log then answers as a new log would: counts are 0, no call
  /// is left to verify, and calls recorded afterwards are numbered from the first again (their
  /// sequence numbers still come after every earlier call's, so in-order checks across logs stay
  /// right).
  ///
  /// ```swift
  /// log.record("load", 1)
  /// log.removeAllCalls()
  /// log.count  // 0
  /// ```
  ///
  /// The memory the calls used is freed (their bytes, records, indexes and kept values), in time
  /// proportional to the blocks freed, not to the number of calls. Safe while other threads
  /// record: each call is recorded either before the clear (and forgotten) or after it (and kept).
  public func removeAllCalls(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _query("removeAllCalls", fallback: (), fileID, filePath, line, column, deferred: .unread) {
      state throws(VerityEngineError) in
      try state.removeAllCalls()
    }
  }

  /// Forgets the calls matching `pattern` and returns how many there were; every other call stays,
  /// in order, with its verified mark (the calls after a removed one move down: indices read
  /// before are stale).
  ///
  /// ```swift
  /// log.record("load", 1)
  /// log.record("save", 2)
  /// log.removeCalls(matching: CallPattern("load"))  // 1
  /// log.count                                       // 1
  /// ```
  ///
  /// Costs a query for the pattern plus a pass over the calls from the first removed one to the
  /// end. Their argument bytes stay in the log's memory until ``removeAllCalls(fileID:filePath:line:column:)``;
  /// their kept values are released at once.
  @discardableResult
  public func removeCalls(
    matching pattern: CallPattern,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Int {
    _query("removeCalls(matching:)", fallback: 0, fileID, filePath, line, column, deferred: .unread) {
      state throws(VerityEngineError) in
      try state.writeDeferred(ifReadBy: pattern)
      let indices = try state.indices(matching: pattern, from: 0, limit: .max)
      try state.removeCalls(at: indices)
      return indices.count
    }
  }
}

extension _CallLogState {
  /// Forgets every call (the engine log keeps its methods) and every kept value.
  mutating func removeAllCalls() throws(VerityEngineError) {
    let log = try requireLog()
    try vrt_log_clear(log).check()
    keptArguments = []
    deferredCallCount = 0
    deferredByMethod = _MethodMasks()
  }

  /// Forgets the calls at `indices` (increasing). A kept call's values are released; its slot in
  /// `keptArguments` stays, empty, so the tags of the calls kept still name their values.
  mutating func removeCalls(at indices: [Int]) throws(VerityEngineError) {
    guard !indices.isEmpty else { return }
    if indices.count == callCount { return try removeAllCalls() }
    let log = try requireLog()
    var released: [Int] = []
    for index in indices {
      var call = vrt_call()
      try vrt_log_get(log, UInt64(index), &call).check()
      if call.tag >= _ValueTag.keptBase, Int(call.tag - _ValueTag.keptBase) < keptArguments.count {
        released.append(Int(call.tag - _ValueTag.keptBase))
      }
    }
    let positions = indices.map { UInt64($0) }
    try positions.withUnsafeBufferPointer { buffer throws(VerityEngineError) in
      try vrt_log_remove_calls(log, buffer.baseAddress, buffer.count).check()
    }
    for slot in released {
      if keptArguments[slot].deferred != 0 { deferredCallCount -= 1 }
      keptArguments[slot] = _KeptArguments()
    }
  }
}
