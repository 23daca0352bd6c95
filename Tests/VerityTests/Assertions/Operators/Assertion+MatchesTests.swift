import Testing
import Verity

@Suite struct MatchesOperatorTests {
  @Test func passesTheValueOn() {
    Assert(that: TestAnAssertion(on: 204).matches(isIn(200..<300), line: 5))
      .didPass(expectedName: "matches", expectedLine: 5)
      .isEqualTo(204)
  }

  @Test func failureGivesTheMismatchAndTheMatcher() {
    let matcher = hasPrefix("Hello") && contains("world")
    Assert(that: TestAnAssertion(on: "Hello, moon").matches(matcher, line: 5))
      .didFail(expectedName: "matches", expectedLine: 5)
      .isEqualTo(
        .message(
          #""Hello, moon" does not contain "world" (expected (hasPrefix("Hello") && contains("world")))"#
        ))
  }
}
