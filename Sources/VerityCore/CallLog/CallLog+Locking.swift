#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
internal import CVerityEngine

extension CallLog {
  /// Runs `body` on the log's state under its lock. Every access to the state goes through here,
  /// except recording: `_commit` runs once per recorded call, and a debug build would run this
  /// generic function unspecialized, so it takes the lock itself, with the same first and last
  /// steps (``_didLock()``, ``_willUnlock()``).
  ///
  /// The log brackets its critical sections for ThreadSanitizer itself (the reason is given at
  /// `_Lock`) and keeps its `Mutex` inline: recording takes the lock once per call, and one more
  /// closure around the lock, as a helper like `_Lock` adds, measured 3–7% more per recorded call
  /// in a debug build.
  ///
  /// While `body` runs, ``_owner`` names this thread, so code that `body` calls back into (a
  /// matcher, `==`, a description) and that uses the same log can be refused instead of locking
  /// the mutex again (which deadlocks, or on Linux stops the process). Check ``_isReentrant`` first.
  func _withState<Result, E: Error>(
    _ body: (inout sending _CallLogState) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try _state.withLock { (state: inout sending _CallLogState) throws(E) -> sending Result in
      _didLock()
      defer { _willUnlock() }
      return try body(&state)
    }
  }

  /// The first step inside the lock: tells ThreadSanitizer about it (see `_Lock`) and
  /// names this thread the owner.
  @inline(__always)
  func _didLock() {
    vrt_sanitizer_acquire(UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()))
    _owner.store(_currentThreadID(), ordering: .relaxed)
  }

  /// The last step inside the lock, undoing ``_didLock()``.
  @inline(__always)
  func _willUnlock() {
    _owner.store(0, ordering: .relaxed)
    vrt_sanitizer_release(UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()))
  }

  /// Whether this thread is inside one of this log's critical sections: a matcher, `==` or
  /// description running in a query that uses the same log. (A thread always sees its own stores,
  /// and no other thread ever stores this thread's identity, so a relaxed load is exact here.)
  @inline(__always)
  package var _isReentrant: Bool {
    _owner.load(ordering: .relaxed) == _currentThreadID()
  }

  /// Reports a use of the log from inside one of its own queries, at the given location.
  @inline(never)
  func _reportReentry(
    _ operation: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    reportFailure(
      "Verity call log \(operation) failed: the log is in use by a check on this thread (a matcher, "
        + "== or description running inside a verification of the same mock used the mock); "
        + "record and verify outside matchers",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// An identity of the calling thread, never 0.
@inline(__always)
func _currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}
