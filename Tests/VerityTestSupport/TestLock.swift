import Foundation

/// A value behind an `NSLock`, for state the tests share between threads.
///
/// `.ci/run` runs every test under ThreadSanitizer, which cannot see `Synchronization.Mutex` on
/// Linux (it locks inside an uninstrumented library) and would now and then report the state one
/// protects as raced. `NSLock` locks a pthread mutex, which the sanitizer intercepts.
///
/// `@unchecked Sendable`: `value` is only touched inside `withLock`, under the lock.
package final class TestLock<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
