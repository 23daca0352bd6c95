import Verity
import XCTest

private enum ScreenElement: String { case greeting, submit }

private struct ScreenRobot: Robot {
  let screen: InMemoryElement
  let clock: any RobotClock = ManualRobotClock()
  func element(_ id: ScreenElement) -> InMemoryElement { screen.descendant(withIdentifier: id.rawValue) }
}

/// A robot failure is recorded once, at the `assert` line, with the golden text, in XCTest too.
final class RobotXCTests: FailureCapturingTestCase {
  func testARobotFailureIsRecordedOnceAtTheAssertLine() {
    let robot = ScreenRobot(
      screen: InMemoryElement(
        identifier: "screen",
        children: [InMemoryElement(identifier: "greeting", text: "hello"), InMemoryElement(identifier: "submit")]))
    let line = #line + 2
    let failures = capturingFailures {
      robot.assert(.greeting, .exists && .contains("world")).assert(.submit, .enabled)
    }
    XCTAssertEqual(
      failures,
      [
        CapturedFailure(
          description: #"failed - Assertion '(exists && contains("world"))' failed on element 'greeting': value is "hello""#,
          filePath: #filePath, line: line)
      ])
  }
}
