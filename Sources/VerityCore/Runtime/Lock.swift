import Synchronization
internal import CVerityEngine

/// A `Mutex` whose critical sections ThreadSanitizer can see. Every lock in Verity lets the
/// sanitizer see its critical sections: most are one of these; a `Mutex` stored inline in the
/// object it guards (a mock's stubs and test location, a structure's node table) is taken only
/// through `Mutex._withLock(token:)` below, which tells the sanitizer the same way; the call log
/// brackets its own (`CallLog._withState`); and one `NSLock` is a pthread mutex, which the
/// sanitizer intercepts.
///
/// `Synchronization.Mutex` on Linux locks with atomics and futex calls inside a library
/// ThreadSanitizer does not instrument, so the sanitizer sees no order between two threads that
/// took the same lock one after the other, and reports the state the lock protects as raced.
/// `vrt_sanitizer_acquire` / `vrt_sanitizer_release` tell it about the lock in sanitizer builds
/// and do nothing otherwise. Their token must be known before the protected value is touched (the
/// sanitizer counts taking the value's address as an access), so the lock is an object and its
/// own address is the token.
///
/// ```swift
/// let count = _Lock(0)
/// count._withLock { $0 += 1 }
/// ```
@usableFromInline
package final class _Lock<Value: ~Copyable>: Sendable {
  @usableFromInline
  package let mutex: Mutex<Value>

  // Inlinable, so that the features (another module) get the lock specialized for their value
  // type rather than the generic entry points: a mock's two locks cost ~130 ns more to create
  // and each stub or verification a little more when they were not.
  @inlinable
  package init(_ value: consuming sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` on the value under the lock (`Mutex.withLock`, with the sanitizer told).
  @inlinable @inline(__always)
  package func _withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let token = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      _sanitizerAcquire(token)
      defer { _sanitizerRelease(token) }
      return try body(&value)
    }
  }
}

/// `vrt_sanitizer_acquire`, for inlinable code (which cannot name the C engine's functions).
@usableFromInline
package func _sanitizerAcquire(_ token: UnsafeRawPointer) { vrt_sanitizer_acquire(token) }

/// `vrt_sanitizer_release`, for inlinable code.
@usableFromInline
package func _sanitizerRelease(_ token: UnsafeRawPointer) { vrt_sanitizer_release(token) }

extension Mutex where Value: ~Copyable {
  /// `withLock`, with the sanitizer told (as ``_Lock`` does), for a mutex stored inline in an
  /// object: `token` is that object's address, or an address inside it, one per mutex. A lock
  /// of its own would cost a mock or a structure an allocation, and a generic deinitializer that
  /// looks its value's type metadata up when the owner is released.
  ///
  /// ```swift
  /// final class Counter: Sendable {
  ///   let count = Mutex(0)
  ///   func increment() {
  ///     count._withLock(token: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())) { $0 += 1 }
  ///   }
  /// }
  /// ```
  @inlinable @inline(__always)
  package borrowing func _withLock<Result: ~Copyable, E: Error>(
    token: UnsafeRawPointer, _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try withLock { (value: inout sending Value) throws(E) -> sending Result in
      _sanitizerAcquire(token)
      defer { _sanitizerRelease(token) }
      return try body(&value)
    }
  }
}
