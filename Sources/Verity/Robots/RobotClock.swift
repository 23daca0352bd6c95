import Foundation

/// The time robots wait with: a monotonic reading and a blocking sleep. Inject a
/// ``ManualRobotClock`` in tests so that waiting takes no real time.
///
/// ```swift
/// struct LoginRobot: Robot {
///   let screen: InMemoryElement
///   var clock: any RobotClock = ManualRobotClock()
///   func element(_ id: LoginElement) -> InMemoryElement { screen.descendant(withIdentifier: id.rawValue) }
/// }
/// ```
public protocol RobotClock: Sendable {
  /// Time elapsed since a fixed origin; it never goes back.
  var now: Duration { get }
  /// Blocks for `duration` (or, for a test clock, moves time forward by it).
  func sleep(for duration: Duration)
}

/// The real clock: `ContinuousClock` readings and a thread sleep. The default of every robot.
///
/// ```swift
/// let clock: any RobotClock = SystemRobotClock()
/// ```
public struct SystemRobotClock: RobotClock {
  private let origin = ContinuousClock.now

  /// Creates the clock.
  public init() {}

  /// The time since the clock was created.
  ///
  /// ```swift
  /// let start = clock.now
  /// ```
  public var now: Duration { ContinuousClock.now - origin }

  /// Blocks the calling thread for `duration`.
  ///
  /// ```swift
  /// clock.sleep(for: .milliseconds(100))
  /// ```
  public func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}

/// A clock for tests: `sleep(for:)` moves time forward at once, then calls ``onSleep`` (where a
/// test can change the UI, as the app would while a robot waits).
///
/// ```swift
/// let clock = ManualRobotClock()
/// clock.onSleep = { now in if now >= .seconds(2) { banner.exists = true } }
/// robot.assert(.banner, .exists)   // passes at 2 s of test time, instantly
/// ```
public final class ManualRobotClock: RobotClock, Sendable {
  private let state = _Lock<(now: Duration, onSleep: (@Sendable (Duration) -> Void)?)>((.zero, nil))

  /// Creates a clock at time zero.
  public init() {}

  /// The test time: zero at first, moved forward only by ``sleep(for:)`` and ``advance(by:)``.
  ///
  /// ```swift
  /// #expect(clock.now == .seconds(5))   // a robot waited 5 s of test time
  /// ```
  public var now: Duration { state._withLock { $0.now } }

  /// Called after each sleep with the new time.
  public var onSleep: (@Sendable (Duration) -> Void)? {
    get { state._withLock { $0.onSleep } }
    set { state._withLock { $0.onSleep = newValue } }
  }

  /// Moves the test time forward by `duration` at once (a negative one counts as zero), then calls
  /// ``onSleep`` with the new time.
  ///
  /// ```swift
  /// clock.sleep(for: .seconds(1))   // returns at once; clock.now is 1 s later
  /// ```
  public func sleep(for duration: Duration) {
    let (now, hook) = state._withLock { state -> (Duration, (@Sendable (Duration) -> Void)?) in
      state.now += max(duration, .zero)
      return (state.now, state.onSleep)
    }
    hook?(now)
  }

  /// Moves time forward without a sleep.
  public func advance(by duration: Duration) {
    state._withLock { $0.now += max(duration, .zero) }
  }
}
