import Synchronization

/// Captures the values an argument had in the calls a verification matched.
///
/// Put the captor where the argument goes; it matches any value, and after the verification it
/// holds the values of that argument in every matching call, in recording order:
///
/// ```swift
/// let email = ArgumentCaptor<String>()
/// manager.verifyCall(withIdentifier: "beginAuthentication",
///                    arguments: [email, any(), any()], mode: .atLeastOnce)
/// #expect(email.lastValue == "Fixture Email")
/// ```
///
/// Values that are not of type `Value` are skipped. The values are the ones passed to the mock (for
/// a class, the instance itself, with its current state).
public final class ArgumentCaptor<Value: Sendable>: Sendable, CustomStringConvertible {
  private let captured = Mutex<[Value]>([])

  /// Creates an empty captor.
  public init() {}

  /// Every captured value, oldest first.
  public var allValues: [Value] { captured.withLock { $0 } }

  /// The most recently captured value, or nil when nothing was captured.
  public var lastValue: Value? { captured.withLock { $0.last } }

  /// How the captor appears in messages: `captor(String)`.
  public var description: String { "captor(\(Value.self))" }
}

/// A captor, type-erased so an ``Arguments`` list can hold it.
protocol ArgumentCapturing: Sendable, CustomStringConvertible {
  /// Appends the values of argument `argument` in the calls matching `pattern`.
  func capture(from log: CallLog, argument: Int, matching pattern: CallPattern)
}

extension ArgumentCaptor: ArgumentCapturing {
  func capture(from log: CallLog, argument: Int, matching pattern: CallPattern) {
    let values = log.values(of: Value.self, argument: argument, matching: pattern)
    captured.withLock { $0.append(contentsOf: values) }
  }
}
