import Foundation
import Testing
import Verity

@Suite struct NilOperatorTests {
  @Test func isNil() {
    let none: Int? = nil
    Assert(that: TestAnAssertion(on: none).isNil(line: 1))
      .didPass(expectedName: "isNil", expectedLine: 1)
    Assert(that: TestAnAssertion(on: Optional(5)).isNil(line: 2))
      .didFail(expectedName: "isNil", expectedLine: 2)
      .isEqualTo(.message("5 is not nil"))
    Assert(that: TestAnAssertion(on: Optional("x")).isNil(line: 2))
      .didFail(expectedName: "isNil", expectedLine: 2)
      .isEqualTo(.message(#""x" is not nil"#))
  }

  @Test func isNotNilPassesTheWrappedValueOn() {
    Assert(that: TestAnAssertion(on: Optional(5)).isNotNil(line: 1))
      .didPass(expectedName: "isNotNil", expectedLine: 1)
      .isEqualTo(5)
  }

  @Test func isNotNilFailsForNil() {
    let none: String? = nil
    Assert(that: TestAnAssertion(on: none).isNotNil(line: 2))
      .didFail(expectedName: "isNotNil", expectedLine: 2)
      .isEqualTo(.message("value is nil"))
  }
}
