import Foundation
import Testing

@testable import Verity

/// A negated composition waits as its De Morgan form waits: `!(a && b)` as `!a || !b`, and
/// `!(a || b)` as `!a && !b`. Each case runs both forms on the same screen script and compares the
/// verdicts and the test time they took.
@Suite struct NegatedWaitingTests {
  /// The submit button: present and enabled at first; `change` runs once the clock reaches 1 s.
  private func run(
    _ condition: Condition, change: @escaping @Sendable (InMemoryElement) -> Void
  ) -> (passed: Bool, seconds: Duration) {
    let screen = InMemoryElement(
      identifier: "login", children: [InMemoryElement(identifier: "submit", label: "Sign In")])
    let clock = ManualRobotClock()
    clock.onSleep = { now in
      if now >= .seconds(1) { change(screen.descendant(withIdentifier: "submit")) }
    }
    let failure = _checkWaiting(condition, on: "submit", clock: clock) { screen.descendant(withIdentifier: "submit") }
    return (failure == nil, clock.now)
  }

  /// The case: the button becomes disabled at 1 s; `!(exists(waiting: 3) && enabled)`
  /// must wait for that, as `doesNotExist(waiting: 3) || !enabled` does (it failed at once).
  @Test func aNegatedConjunctionWaitsForEitherPartToTurn() {
    let disable: @Sendable (InMemoryElement) -> Void = { $0.isEnabled = false }
    let negated = run(!(.exists(waiting: 3) && .enabled), change: disable)
    let deMorgan = run(.doesNotExist(waiting: 3) || !(.enabled), change: disable)
    #expect(negated == (true, .seconds(1)))
    #expect(negated == deMorgan)

    // Through a robot: the clock's hook holds the button, not the robot (which holds the clock).
    let screen = loginScreen()
    let submit = screen.descendant(withIdentifier: "submit")
    submit.isEnabled = true
    let clock = ManualRobotClock()
    clock.onSleep = { now in
      if now >= .seconds(1) { submit.isEnabled = false }
    }
    LoginRobot(screen: screen, clock: clock).assert(.submit, !(.exists(waiting: 3) && .enabled))
    #expect(clock.now == .seconds(1))
  }

  /// `!(contains("sign") || exists(waiting: 3))` on a button that keeps its label: the part that
  /// accepts (`contains`) cannot turn by waiting, so it fails at once, as `!contains("sign") &&
  /// doesNotExist(waiting: 3)` does (it waited 3 s).
  @Test func aNegatedDisjunctionWaitsOnlyForThePartThatAccepts() {
    let nothing: @Sendable (InMemoryElement) -> Void = { _ in }
    let negated = run(!(.contains("sign") || .exists(waiting: 3)), change: nothing)
    let deMorgan = run(!(.contains("sign")) && .doesNotExist(waiting: 3), change: nothing)
    #expect(negated == (false, .zero))
    #expect(negated == deMorgan)
  }

  /// What happens to the button at 1 s.
  enum Script: String, CaseIterable, Sendable {
    case disable, remove, relabel, nothing

    var change: @Sendable (InMemoryElement) -> Void {
      switch self {
      case .disable: { $0.isEnabled = false }
      case .remove: { $0.exists = false }
      case .relabel: { $0.label = "Go" }
      case .nothing: { _ in }
      }
    }
  }

  /// The same laws over a table of compositions and screen scripts.
  @Test(arguments: Script.allCases)
  func negationsWaitAsTheirDeMorganForms(script: Script) {
    let change = script.change
    let parts: [(String, Condition)] = [
      ("exists(3)", .exists(waiting: 3)), ("doesNotExist(2)", .doesNotExist(waiting: 2)),
      ("enabled", .enabled), ("contains(sign)", .contains("sign")),
    ]
    for (aName, a) in parts {
      for (bName, b) in parts {
        #expect(
          run(!(a && b), change: change) == run(!a || !b, change: change),
          "!(\(aName) && \(bName)), script \(script)")
        #expect(
          run(!(a || b), change: change) == run(!a && !b, change: change),
          "!(\(aName) || \(bName)), script \(script)")
        #expect(run(!(!a), change: change) == run(a, change: change), "!!\(aName), script \(script)")
      }
    }
  }
}
