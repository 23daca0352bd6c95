import Foundation
import Testing
import Verity

@Suite struct BoolOperatorTests {
  @Test func isTrue() {
    Assert(that: TestAnAssertion(on: true).isTrue(line: 1))
      .didPass(expectedName: "isTrue", expectedLine: 1)
    Assert(that: TestAnAssertion(on: false).isTrue(line: 2))
      .didFail(expectedName: "isTrue", expectedLine: 2)
      .isEqualTo(.message("value is false"))
  }

  @Test func isFalse() {
    Assert(that: TestAnAssertion(on: false).isFalse(line: 1))
      .didPass(expectedName: "isFalse", expectedLine: 1)
    Assert(that: TestAnAssertion(on: true).isFalse(line: 2))
      .didFail(expectedName: "isFalse", expectedLine: 2)
      .isEqualTo(.message("value is true"))
  }
}
