internal import CVerityEngine

extension CallLog {
  /// Runs `body` on the log's state under its lock. Every access to the state goes through here.
  ///
  /// `Synchronization.Mutex` on Linux locks inside a library ThreadSanitizer does not instrument,
  /// so the sanitizer would report every access the lock protects as a race. The engine's
  /// `vrt_sanitizer_acquire` / `vrt_sanitizer_release` tell it about the lock in sanitizer builds
  /// and do nothing otherwise.
  func _withState<Result, E: Error>(
    _ body: (inout sending _CallLogState) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let token = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return try _state.withLock { (state: inout sending _CallLogState) throws(E) -> sending Result in
      vrt_sanitizer_acquire(token)
      defer { vrt_sanitizer_release(token) }
      return try body(&state)
    }
  }
}
