import Testing
import Verity

// The examples of the README section on assertions and matchers, compiled and run.

private struct User: Equatable, Sendable {
  var name: String
  var age: Int
  var email: String?
}

private enum ParseError: Error, Equatable {
  case empty
}

private func parse(_ text: String) throws -> Int {
  guard !text.isEmpty else { throw ParseError.empty }
  return Int(text) ?? 0
}

private actor Inbox {
  var unreadCount = 0
}

private func isEven() -> Matcher<Int> {
  Matcher("isEven()") { value in
    value.isMultiple(of: 2) ? .match : .mismatch("\(value) is odd")
  }
}

extension Assertion where Value == Int {
  @discardableResult
  fileprivate func isEven(line: Int = #line) -> Assertion<Int> {
    evaluate(name: "isEven", lineNumber: line) { value in
      value.isMultiple(of: 2) ? .pass(value) : .fail(message: "\(value) is odd")
    }
  }
}

@Suite struct ReadmeExampleTests {
  @Test func checkingValues() {
    let user: User? = User(name: "Ada", age: 36, email: "ada@example.com")

    Assert(that: user)
      .isNotNil()
      .matches(having(\.name, eq("Ada")) && having(\.age, greaterThanOrEqual(18)))

    Assert(that: user?.email).isNotNil().contains("@example.com")
    Assert(that: [3, 1, 2]).hasCount(3).contains(2)
    Assert(that: 0.1 + 0.2).isEqualTo(0.3, accuracy: 1e-9)
  }

  @Test func throwingCode() {
    Assert(throwingExpression: try parse(""))
      .throwsError()
      .isType(ParseError.self)
      .isEqualTo(.empty)
    Assert(throwingExpression: try parse("42")).doesNotThrow().isEqualTo(42)
  }

  @Test func waitingForAsyncState() async {
    let inbox = Inbox()
    await Assert(asyncThrowingExpression: { await inbox.unreadCount })
      .eventually(timeout: .seconds(2)) { $0.isEqualTo(0) }
  }

  @Test func matchers() {
    let greeting = hasPrefix("Hello") && !contains("moon")
    #expect(greeting.description == #"(hasPrefix("Hello") && !contains("moon"))"#)
    #expect(greeting.matches("Hello, world") == .match)
    #expect(
      greeting.matches("Hello, moon") == .mismatch(#""Hello, moon" matches contains("moon")"#))

    Assert(that: 4).matches(isEven() || eq(7))
  }

  @Test func customOperator() {
    Assert(that: 4).isEven()

    Assert(that: TestAnAssertion(on: 7).isEven(line: 10))
      .didFail(expectedName: "isEven", expectedLine: 10)
      .isEqualTo(.message("7 is odd"))
  }

  /// README "Robots": the chain, and the failure it shows for an email field holding "hello".
  @Test func robots() {
    enum LoginElement: String { case emailField, submit }
    struct LoginRobot: Robot {
      let app: InMemoryElement
      let clock: any RobotClock = ManualRobotClock()
      func element(_ id: LoginElement) -> InMemoryElement { app.descendant(withIdentifier: id.rawValue) }
    }
    let app = InMemoryElement(
      identifier: "app",
      children: [InMemoryElement(identifier: "emailField", text: "hello, world"), InMemoryElement(identifier: "submit")])
    LoginRobot(app: app)
      .assert(.emailField, .exists && .contains("world"))
      .assert(.submit, .enabled)
    app.descendant(withIdentifier: "emailField").text = "hello"
    withKnownIssue {
      LoginRobot(app: app).assert(.emailField, .exists && .contains("world"))
    } matching: { issue in
      issue.description.contains(#"Assertion '(exists && contains("world"))' failed on element 'emailField': value is "hello""#)
    }
  }
}
