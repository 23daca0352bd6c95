import Testing
import Verity

@Suite struct CollectionOperatorTests {
  @Test func isEmpty() {
    Assert(that: TestAnAssertion(on: [Int]()).isEmpty(line: 1))
      .didPass(expectedName: "isEmpty", expectedLine: 1)
    Assert(that: TestAnAssertion(on: ["name is required"]).isEmpty(line: 2))
      .didFail(expectedName: "isEmpty", expectedLine: 2)
      .isEqualTo(.message(#"["name is required"] is not empty"#))
    Assert(that: TestAnAssertion(on: "a").isEmpty(line: 3))
      .didFail(expectedName: "isEmpty", expectedLine: 3)
      .isEqualTo(.message(#""a" is not empty"#))
  }

  @Test func isNotEmpty() {
    Assert(that: TestAnAssertion(on: [1, 2]).isNotEmpty(line: 1))
      .didPass(expectedName: "isNotEmpty", expectedLine: 1)
      .isEqualTo([1, 2])
    Assert(that: TestAnAssertion(on: [Int]()).isNotEmpty(line: 2))
      .didFail(expectedName: "isNotEmpty", expectedLine: 2)
      .isEqualTo(.message("[] is empty"))
    Assert(that: TestAnAssertion(on: "").isNotEmpty(line: 3))
      .didFail(expectedName: "isNotEmpty", expectedLine: 3)
      .isEqualTo(.message(#""" is empty"#))
  }

  @Test func hasCount() {
    Assert(that: TestAnAssertion(on: [1, 2]).hasCount(2, line: 1))
      .didPass(expectedName: "hasCount", expectedLine: 1)
      .isEqualTo([1, 2])
    Assert(that: TestAnAssertion(on: [1, 2, 3]).hasCount(2, line: 2))
      .didFail(expectedName: "hasCount", expectedLine: 2)
      .isEqualTo(.message("count of [1, 2, 3] is 3, not 2"))
    Assert(that: TestAnAssertion(on: "héllo").hasCount(5, line: 3))
      .didPass(expectedName: "hasCount", expectedLine: 3)
  }

  @Test func containsElement() {
    Assert(that: TestAnAssertion(on: [1, 2]).contains(2, line: 1))
      .didPass(expectedName: "contains", expectedLine: 1)
      .isEqualTo([1, 2])
    Assert(that: TestAnAssertion(on: [1, 2]).contains(3, line: 2))
      .didFail(expectedName: "contains", expectedLine: 2)
      .isEqualTo(.message("[1, 2] does not contain 3"))
    Assert(that: TestAnAssertion(on: Set(["a"])).contains("b", line: 3))
      .didFail(expectedName: "contains", expectedLine: 3)
      .isEqualTo(.message(#"["a"] does not contain "b""#))
  }

  @Test func containsSubstring() {
    Assert(that: TestAnAssertion(on: "hello, world").contains("world", line: 1))
      .didPass(expectedName: "contains", expectedLine: 1)
      .isEqualTo("hello, world")
    Assert(that: TestAnAssertion(on: "hello").contains("World", line: 2))
      .didFail(expectedName: "contains", expectedLine: 2)
      .isEqualTo(.message(#""hello" does not contain "World""#))
    Assert(that: TestAnAssertion(on: "hello").contains("h", line: 3))
      .didPass(expectedName: "contains", expectedLine: 3)
    Assert(that: TestAnAssertion(on: "hello"[...]).contains("ell", line: 4))
      .didPass(expectedName: "contains", expectedLine: 4)
  }

  @Test func containsIgnoringCase() {
    Assert(that: TestAnAssertion(on: "Hello, World").contains("WORLD", ignoringCase: true, line: 1))
      .didPass(expectedName: "contains", expectedLine: 1)
    Assert(that: TestAnAssertion(on: "Hello").contains("bye", ignoringCase: true, line: 2))
      .didFail(expectedName: "contains", expectedLine: 2)
      .isEqualTo(.message(#""Hello" does not contain "bye" (ignoring case)"#))
    Assert(that: TestAnAssertion(on: "Hello").contains("HELLO", ignoringCase: false, line: 3))
      .didFail(expectedName: "contains", expectedLine: 3)
      .isEqualTo(.message(#""Hello" does not contain "HELLO""#))
  }
}

@Suite struct IdentityOperatorTests {
  @Test func isIdentical() {
    let box = FixtureBox(id: 1)
    Assert(that: TestAnAssertion(on: box).isIdentical(to: box, line: 1))
      .didPass(expectedName: "isIdentical", expectedLine: 1)
      .isIdentical(to: box)
    Assert(that: TestAnAssertion(on: box).isIdentical(to: FixtureBox(id: 1), line: 2))
      .didFail(expectedName: "isIdentical", expectedLine: 2)
      .isEqualTo(.message("FixtureBox(1) is not the same instance as FixtureBox(1)"))
  }

  @Test func isNotIdentical() {
    let box = FixtureBox(id: 1)
    Assert(that: TestAnAssertion(on: box).isNotIdentical(to: FixtureBox(id: 1), line: 1))
      .didPass(expectedName: "isNotIdentical", expectedLine: 1)
    Assert(that: TestAnAssertion(on: box).isNotIdentical(to: box, line: 2))
      .didFail(expectedName: "isNotIdentical", expectedLine: 2)
      .isEqualTo(.message("FixtureBox(1) is the same instance as FixtureBox(1)"))
  }
}

@Suite struct ResultOperatorTests {
  @Test func isSuccess() {
    let success: Result<Int, FixtureLoginError> = .success(3)
    let failure: Result<Int, FixtureLoginError> = .failure(.locked)
    Assert(that: TestAnAssertion(on: success).isSuccess(line: 1))
      .didPass(expectedName: "isSuccess", expectedLine: 1)
      .isEqualTo(3)
    Assert(that: TestAnAssertion(on: failure).isSuccess(line: 2))
      .didFail(expectedName: "isSuccess", expectedLine: 2)
      .isEqualTo(.message("result is failure(locked)"))
  }

  @Test func isFailure() {
    let success: Result<String, FixtureLoginError> = .success("token")
    let failure: Result<String, FixtureLoginError> = .failure(.wrongPassword(attempts: 2))
    Assert(that: TestAnAssertion(on: failure).isFailure(line: 1))
      .didPass(expectedName: "isFailure", expectedLine: 1)
      .isEqualTo(.wrongPassword(attempts: 2))
    Assert(that: TestAnAssertion(on: success).isFailure(line: 2))
      .didFail(expectedName: "isFailure", expectedLine: 2)
      .isEqualTo(.message(#"result is success("token")"#))
  }
}

private protocol Listener: AnyObject {}
private final class Screen: Listener, CustomStringConvertible {
  var description: String { "Screen" }
}

@Suite struct IdentityOperatorEdgeTests {
  @Test func existentialsAndOptionalsAreLookedThrough() {
    let screen = Screen()
    let listener: any Listener = screen
    let optional: (any Listener)? = screen
    Assert(that: TestAnAssertion(on: listener).isIdentical(to: screen, line: 1))
      .didPass(expectedName: "isIdentical", expectedLine: 1)
    Assert(that: TestAnAssertion(on: optional).isIdentical(to: screen, line: 2))
      .didPass(expectedName: "isIdentical", expectedLine: 2)
    Assert(that: TestAnAssertion(on: optional).isIdentical(to: Screen(), line: 3))
      .didFail(expectedName: "isIdentical", expectedLine: 3)
      .isEqualTo(.message("Screen is not the same instance as Screen"))
  }

  @Test func valuesWithoutIdentityFailIsIdentical() {
    let none: Screen? = nil
    Assert(that: TestAnAssertion(on: 5).isIdentical(to: Screen(), line: 1))
      .didFail(expectedName: "isIdentical", expectedLine: 1)
      .isEqualTo(.message("5 is not a class instance"))
    Assert(that: TestAnAssertion(on: none).isIdentical(to: Screen(), line: 2))
      .didFail(expectedName: "isIdentical", expectedLine: 2)
      .isEqualTo(.message("nil is not a class instance"))
  }

  @Test func valuesWithoutIdentityPassIsNotIdentical() {
    Assert(that: TestAnAssertion(on: "x").isNotIdentical(to: Screen(), line: 1))
      .didPass(expectedName: "isNotIdentical", expectedLine: 1)
      .isEqualTo("x")
  }
}
