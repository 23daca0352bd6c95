import Testing
import Verity

@Suite struct IsEmptyOperatorTests {
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
}
