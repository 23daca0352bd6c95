import Testing
import Verity

@Suite struct HasCountOperatorTests {
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
}
