import Testing
import Verity

@Suite struct ContainsOperatorTests {
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
