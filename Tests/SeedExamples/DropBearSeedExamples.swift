// The DropBear seed's examples (shared/seeds/003: "Assertion System"), written as its users wrote
// them: `FooRobot().assert(element, condition)` with `.empty`, `.enabled`, `.equal(to:)`,
// `.exists`, `.exists(waiting:)`, `.contains`, and `!`, `&&`, `||`. DropBear's robots find
// XCUIElements in a running app; these find in-memory elements, which conform to the same
// `RobotElement` protocol (XCUIElement does in a UI test target).

import Testing
import Verity
import XCTest

enum FooElement: String {
    case fooTextField, fooButton, greeting
}

/// A Foo screen: a text field showing only its placeholder, an enabled button, a greeting.
func fooScreen(withTextField: Bool = true) -> InMemoryElement {
    var children = [
        InMemoryElement(identifier: "fooButton", label: "Go"),
        InMemoryElement(identifier: "greeting", text: "Hello, world!"),
    ]
    if withTextField {
        children.append(InMemoryElement(identifier: "fooTextField", text: "Name", placeholderValue: "Name"))
    }
    return InMemoryElement(identifier: "foo", children: children)
}

struct FooRobot: Robot {
    var screen = fooScreen()
    var clock: any RobotClock = ManualRobotClock()

    func element(_ id: FooElement) -> InMemoryElement {
        screen.descendant(withIdentifier: id.rawValue)
    }
}

final class DropBearSeedTests: XCTestCase {

    func testEmpty() {
        FooRobot()
            .assert(.fooTextField, .empty)
    }

    func testEnabled() {
        FooRobot()
            .assert(.fooButton, .enabled)
    }

    func testEqual() {
        FooRobot()
            .assert(.greeting, .equal(to: "Hello, world!"))
            .assert(.greeting, .equal(to: "HELLO, WORLD!"))  // "case-insensitive"
    }

    func testExists() {
        FooRobot()
            .assert(.fooTextField, .exists) // Will wait for up to 5 seconds for existence

        FooRobot()
            .assert(.fooTextField, .exists(waiting: 10)) // Will wait for up to 10 seconds for existence
    }

    func testContains() {
        // The seed's text field holds "Hello, world!"; here the greeting does.
        FooRobot()
            .assert(.greeting, .contains("world"))
    }

    func testOperators() {
        FooRobot(screen: fooScreen(withTextField: false))
            .assert(.fooTextField, !(.exists))

        FooRobot()
            .assert(.greeting, .exists && .contains("world"))

        FooRobot()
            .assert(.fooTextField, .exists || .contains("world"))
    }
}

@Suite struct DropBearSeedWaiting {
    /// "By default, using this assertion will wait for the existence of the element for 5
    /// seconds, after which time it will fail".
    @Test func existsWaitsFiveSecondsThenFails() {
        let robot = FooRobot(screen: fooScreen(withTextField: false))
        withKnownIssue {
            robot.assert(.fooTextField, .exists)
        } matching: { issue in
            issue.comments.map(\.rawValue)
                == ["Assertion 'exists' failed on element 'fooTextField': element does not exist"]
        }
        #expect(robot.clock.now == .seconds(5))

        withKnownIssue {
            robot.assert(.fooTextField, .exists(waiting: 10))
        }
        #expect(robot.clock.now == .seconds(15))
    }
}
