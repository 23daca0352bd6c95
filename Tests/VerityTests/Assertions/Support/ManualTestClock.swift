import VerityTestSupport

/// A clock whose time moves only when a test calls `advance(by:)`, so tests of time-based code
/// never really sleep.
///
/// `sleep(until:)` suspends until the clock has been advanced to the deadline (or returns at once
/// when the deadline has passed), and throws `CancellationError` if the sleeping task is
/// cancelled.
final class ManualTestClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
    var cancelled = false
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
    var sleepCalls = 0
  }

  private let state = TestLock(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many times anyone has called `sleep(until:)`.
  var sleepCalls: Int { state.withLock { $0.sleepCalls } }

  /// How many tasks are suspended in `sleep(until:)` right now.
  var pendingSleepers: Int {
    state.withLock { $0.sleepers.values.count { $0.continuation != nil } }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state -> Int? in
      state.sleepCalls += 1
      guard deadline > state.now else { return nil }
      defer { state.nextID += 1 }
      state.sleepers[state.nextID] = Sleeper(deadline: deadline)
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        enum Registration { case suspended, cancelled, due }
        let registration = state.withLock { state -> Registration in
          guard let sleeper = state.sleepers[id], !sleeper.cancelled else {
            state.sleepers[id] = nil
            return .cancelled
          }
          if sleeper.deadline <= state.now {  // advanced while this task was on its way here
            state.sleepers[id] = nil
            return .due
          }
          state.sleepers[id]?.continuation = continuation
          return .suspended
        }
        switch registration {
        case .suspended: break
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .due: continuation.resume()
        }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let sleeper = state.sleepers[id] else { return nil }
        guard let continuation = sleeper.continuation else {
          state.sleepers[id]?.cancelled = true
          return nil
        }
        state.sleepers[id] = nil
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let dueIDs = state.sleepers.filter {
        $0.value.deadline <= now && $0.value.continuation != nil
      }
      .map(\.key)
      return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
    }
    for continuation in due { continuation.resume() }
  }

  /// Waits (by yielding, not by sleeping) until `count` tasks are suspended in `sleep(until:)`.
  func waitForSleepers(_ count: Int = 1) async {
    while pendingSleepers < count {
      await Task.yield()
    }
  }
}
