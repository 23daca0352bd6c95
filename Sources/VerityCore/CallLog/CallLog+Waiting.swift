extension CallLog {
  /// A stream of the log's call count: the count when you subscribe, then the new count after
  /// every recording. No polling: `record` resumes the waiting consumers.
  ///
  /// Only the newest count is buffered (a slow consumer sees the latest count, not every one).
  /// The stream finishes when the log is deallocated; cancelling the consumer unsubscribes it.
  ///
  /// ```swift
  /// for await count in log.recordings() {
  ///   if log.count(matching: pattern) >= 1 { break }  // the call arrived
  /// }
  /// ```
  public func recordings() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    if _isReentrant {
      _reportReentry("recordings()", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
      continuation.finish()
      return stream
    }
    let id = _withState { state in
      let id = state.nextWaiter
      state.nextWaiter += 1
      state.waiters[id] = continuation
      continuation.yield(state.callCount)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?._withState { state in
        state.waiters[id] = nil
      }
    }
    return stream
  }
}

extension _CallLogState {
  /// Tells every waiting stream the new call count.
  @inline(never)
  func notifyWaiters() {
    guard hasWaiters else { return }
    let count = callCount
    for continuation in waiters.values { continuation.yield(count) }
  }
}
