import Foundation
import Testing

@testable import Verity
import VerityTestSupport

enum LoginElement: String {
  case emailField, passwordField, submit, rememberMe, quantity, price, banner, spinner
}

/// A login screen in memory, and a robot over it with a manual clock.
struct LoginRobot: Robot {
  let screen: InMemoryElement
  let clock: any RobotClock

  func element(_ id: LoginElement) -> InMemoryElement {
    screen.descendant(withIdentifier: id.rawValue)
  }
}

func loginScreen() -> InMemoryElement {
  InMemoryElement(
    identifier: "login",
    children: [
      InMemoryElement(identifier: "emailField", text: "hello", placeholderValue: "Email"),
      InMemoryElement(identifier: "passwordField", text: "Password", placeholderValue: "Password"),
      InMemoryElement(identifier: "submit", label: "Sign In", isEnabled: false),
      InMemoryElement(identifier: "rememberMe", text: "1"),
      InMemoryElement(identifier: "quantity", text: "3"),
      InMemoryElement(identifier: "price", text: "9.5"),
      InMemoryElement(identifier: "spinner"),
    ])
}

typealias Condition = Matcher<InMemoryElement>

@Suite struct RobotTests {
  @Test func chainedAssertionsPass() {
    let robot = LoginRobot(screen: loginScreen(), clock: ManualRobotClock())
    robot
      .assert(.emailField, .exists && .contains("hell"))
      .assert(.submit, .exists && !(.enabled))
      .assert(.passwordField, .empty)
  }

  @Test func aFailureNamesTheConditionTheElementAndWhy() {
    let robot = LoginRobot(screen: loginScreen(), clock: ManualRobotClock())
    withKnownIssue {
      robot.assert(.emailField, .exists && .contains("world"))
    } matching: { issue in
      issue.description.contains(
        #"Assertion '(exists && contains("world"))' failed on element 'emailField': value is "hello""#)
        && issue.sourceLocation?.line == #line - 4
    }
  }

  @Test func eachAssertionInAChainReportsOnce() {
    let robot = LoginRobot(screen: loginScreen(), clock: ManualRobotClock())
    let messages = TestLock<[String]>([])
    withKnownIssue {
      robot.assert(.submit, .enabled).assert(.emailField, .empty).assert(.quantity, .equal(to: 3))
    } matching: { issue in
      messages.withLock { $0.append(issue.description) }
      return true
    }
    let recorded = messages.withLock { $0 }
    #expect(recorded.count == 2)
    #expect(recorded.contains { $0.contains("Assertion 'enabled' failed on element 'submit': element is not enabled") })
    #expect(recorded.contains { $0.contains(#"Assertion 'empty' failed on element 'emailField': value is "hello""#) })
  }

  @Test func existsWaitsFiveSecondsByDefault() {
    let clock = ManualRobotClock()
    let robot = LoginRobot(screen: loginScreen(), clock: clock)
    withKnownIssue {
      robot.assert(.banner, .exists)
    } matching: { issue in
      issue.description.contains("Assertion 'exists' failed on element 'banner': element does not exist")
    }
    #expect(clock.now == .seconds(5))
  }

  @Test func waitingStopsWhenTheElementAppears() {
    let screen = loginScreen()
    let clock = ManualRobotClock()
    clock.onSleep = { now in
      if now >= .seconds(2) {
        screen.children.append(InMemoryElement(identifier: "banner", label: "Welcome"))
      }
    }
    LoginRobot(screen: screen, clock: clock).assert(.banner, .exists(waiting: 10) && .contains("welcome"))
    #expect(clock.now == .seconds(2))
  }

  @Test func aNegatedWaitingConditionPassesAtOnceWhenItHolds() {
    let clock = ManualRobotClock()
    LoginRobot(screen: loginScreen(), clock: clock).assert(.banner, !(.exists(waiting: 5)))
    #expect(clock.now == .zero)
  }

  @Test func doesNotExistWaitsForTheElementToGo() {
    let screen = loginScreen()
    let clock = ManualRobotClock()
    clock.onSleep = { now in
      if now >= .milliseconds(1500) { screen.descendant(withIdentifier: "spinner").exists = false }
    }
    LoginRobot(screen: screen, clock: clock).assert(.spinner, .doesNotExist(waiting: 3))
    #expect(clock.now == .milliseconds(1500))
  }

  @Test func conditionsThatDoNotWaitAreCheckedOnce() {
    let clock = ManualRobotClock()
    withKnownIssue { LoginRobot(screen: loginScreen(), clock: clock).assert(.submit, .enabled) }
    #expect(clock.now == .zero)
  }

  /// Value conditions never hold on an element that does not exist (as in XCUITest and DropBear).
  @Test func valueConditionsFailOnAMissingElement() {
    let missing = loginScreen().descendant(withIdentifier: LoginElement.banner.rawValue)
    let conditions: [Condition] = [
      .empty, .equal(to: ""), .equal(to: 0), .equal(to: 0.0), .equal(to: false), .contains(""),
      .placeholderEqual(to: ""),
    ]
    for condition in conditions {
      #expect(condition.matches(missing) == .mismatch("element does not exist"), "\(condition.description)")
      #expect((!condition).matches(missing).isMatch, "!\(condition.description)")
    }
  }

  /// Only the parts that reject the element decide how long a robot waits: waiting cannot make
  /// `contains("x")` hold on a present element, so a composed condition fails at once there, and
  /// still waits for a missing element to appear.
  @Test func aComposedConditionWaitsOnlyForThePartsThatCanChange() {
    let clock = ManualRobotClock()
    let robot = LoginRobot(screen: loginScreen(), clock: clock)
    withKnownIssue {
      robot.assert(.emailField, .exists && .contains("x"))
    } matching: { issue in
      issue.description.contains(#"Assertion '(exists && contains("x"))' failed on element 'emailField': value is "hello""#)
    }
    #expect(clock.now == .zero)
    withKnownIssue {
      robot.assert(.banner, .exists(waiting: 3) && .contains("x"))
    } matching: { issue in
      issue.description.contains("element does not exist")
    }
    #expect(clock.now == .seconds(3))
    withKnownIssue {
      robot.assert(.emailField, .contains("x") || .doesNotExist(waiting: 2))
    }
    #expect(clock.now == .seconds(5))
    withKnownIssue {
      robot.assert(.emailField, .contains("x") && .exists)
    }
    #expect(clock.now == .seconds(5))
  }

  @Test func anElementCanBeCheckedWithoutARobot() {
    let clock = ManualRobotClock()
    let field = InMemoryElement(identifier: "email", text: "hello")
    field.assert(.exists && .equal(to: "Hello"), clock: clock)
    withKnownIssue {
      field.assert(.empty, clock: clock)
    } matching: { issue in
      issue.description.contains(#"Assertion 'empty' failed on element 'email': value is "hello""#)
    }
  }

  @Test func elementDescriptions() {
    #expect(
      loginScreen().descendant(withIdentifier: "emailField").description
        == #"element "emailField" (exists, enabled, value "hello", placeholder "Email")"#)
    #expect(InMemoryElement.missing(identifier: "x").description == #"element "x" (does not exist, enabled)"#)
  }
}
