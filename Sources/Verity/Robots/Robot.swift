/// The robot pattern for UI tests: a type that knows how to find its screen's elements, and
/// chainable assertions on them.
///
/// ```swift
/// enum LoginElement: String { case emailField, submit }
///
/// struct LoginRobot: Robot {
///   let app: InMemoryElement            // or XCUIApplication() in a UI test
///   func element(_ id: LoginElement) -> InMemoryElement {
///     app.descendant(withIdentifier: id.rawValue)
///   }
/// }
///
/// LoginRobot(app: app)
///   .assert(.emailField, .exists && .contains("world"))
///   .assert(.submit, .enabled)
/// ```
///
/// A failure reads `Assertion '(exists && contains("world"))' failed on element 'emailField':
/// value is "hello"`, and is reported once, at the line of the `assert` call, in Swift Testing
/// and XCTest alike. Each `assert` reports its own failure; the chain goes on.
public protocol Robot {
  /// What names the robot's elements (often an enum).
  associatedtype ElementID
  /// The element type of the UI layer (`XCUIElement`, ``InMemoryElement``, ...).
  associatedtype Element: RobotElement

  /// The element `id` names, found anew for each check (it may appear later).
  func element(_ id: ElementID) -> Element

  /// The clock waiting conditions use (``SystemRobotClock`` by default; a ``ManualRobotClock`` in
  /// tests of robots themselves).
  var clock: any RobotClock { get }
}

extension Robot {
  /// The real clock.
  public var clock: any RobotClock { SystemRobotClock() }

  /// Checks `condition` on the element `id` names, re-checking until it holds or its waiting time
  /// runs out (``Matcher/exists`` waits 5 seconds; conditions that do not wait are checked once).
  /// Reports one failure at the caller's line otherwise. Returns the robot, so assertions chain.
  ///
  /// ```swift
  /// robot.assert(.emailField, .exists && !(.empty)).assert(.submit, .enabled)
  /// ```
  @discardableResult
  public func assert(
    _ id: ElementID,
    _ condition: Matcher<Element>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    if let failure = _checkWaiting(condition, on: id, clock: clock, element: { element(id) }) {
      reportFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }
}

extension RobotElement {
  /// Checks `condition` on this element without a robot, waiting as a robot does, and reports
  /// one failure at the caller's line when it does not hold. Returns the element.
  ///
  /// ```swift
  /// app.descendant(withIdentifier: "banner").assert(.exists(waiting: 2))
  /// ```
  @discardableResult
  public func assert(
    _ condition: Matcher<Self>,
    clock: any RobotClock = SystemRobotClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    if let failure = _checkWaiting(condition, on: identifier, clock: clock, element: { self }) {
      reportFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return self
  }
}

/// How often a waiting condition is re-checked.
let _robotPollInterval = Duration.milliseconds(100)

/// Checks `condition` on a freshly found element, which `name` names, until it holds (nil) or its
/// waiting time has passed (the failure, with the last mismatch). A condition that holds, or that does not wait, answers after one
/// check: `!(.exists(waiting: 5))` on a missing element passes at once. Only the parts that reject
/// the element count: `.exists && .contains("x")` on a present element with other text fails at
/// once (`contains` does not wait), and waits for a missing one.
func _checkWaiting<E>(_ condition: Matcher<E>, on name: Any, clock: any RobotClock, element: () -> E) -> String? {
  let start = clock.now
  while true {
    let current = element()
    switch condition.matches(current) {
    case .match:
      return nil
    case .mismatch(let reason):
      let deadline = start + condition._waiting(for: current)
      let now = clock.now
      if now >= deadline { return "Assertion '\(condition.description)' failed on element '\(name)': \(reason)" }
      clock.sleep(for: min(_robotPollInterval, deadline - now))
    }
  }
}
