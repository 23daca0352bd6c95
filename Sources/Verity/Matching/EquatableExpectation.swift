import Foundation

/// A plain `Equatable` value, and `==` against a recorded value of the same type.
///
/// `@unchecked Sendable`: the expected value is the caller's (it need not be `Sendable`); Verity
/// never mutates it, and every access to it (`==`, a failure's hint, which encodes and reflects
/// it) runs inside `lock`, so Verity's own accesses never race and the value never leaves the lock.
/// The lock is taken inside a log's lock, never around one (a log's query runs `matches(_:)`), so
/// the two are always taken in that order. A stub's expectation outlives the call that made it,
/// like any value a test hands to a mock.
final class _EquatableExpectation: @unchecked Sendable {
  private let lock = NSLock()
  private let expected: Any
  private let test: (Any, Any) -> Bool

  /// Nil when `value` is not `Equatable`.
  init?(_ value: Any) {
    guard let equatable = value as? any Equatable else { return nil }
    func equality<T: Equatable>(_: T) -> (Any, Any) -> Bool {
      { expected, recorded in
        // A value of the expected type by identity (ValuesOfOtherTypes.swift), never by a bridging
        // cast: a recorded `NSArray` is not a `[T]` here, as it is not in the engine.
        guard case .some(let recorded) = _castRecordedValue(recorded, as: T.self) else { return false }
        return (expected as! T) == recorded
      }
    }
    expected = value
    test = equality(equatable)
  }

  /// `body`'s answer on the expected value, read under the lock (it never leaves it).
  func withValue<R>(_ body: (Any) -> R) -> R {
    lock.withLock { body(expected) }
  }

  /// Whether `recorded` (any optional layers and `NSNull` looked through) is of the expected type
  /// and `==` the expected value.
  func matches(_ recorded: Any?) -> Bool {
    guard let recorded, let present = _flattenOptional(recorded) else { return false }
    return lock.withLock { test(expected, present) }
  }
}
