import Testing
import Verity

private class Animal {}

private final class Dog: Animal {}

private protocol Named { var name: String { get } }

private struct Cat: Named { let name: String }

/// These tests are the ones the "Creating custom assertion operators" article shows.
@Suite struct IsTypeOperatorTests {
  @Test func isTypeFailure() {
    let assertion = TestAnAssertion(on: 8).isType(String.self, line: 321)

    Assert(that: assertion)
      .didFail(expectedName: "isType", expectedLine: 321)
      .isEqualTo(.message("Value of type Int does not conform to expected type String"))
  }

  @Test func isTypeSuccess() {
    let value: Any = 8
    let assertion = TestAnAssertion(on: value).isType(Int.self, line: 42)

    Assert(that: assertion)
      .didPass(expectedName: "isType", expectedLine: 42)
      .isEqualTo(8)
  }

  @Test func isTypeChecksTheDynamicType() {
    let animal: Animal = Dog()
    Assert(that: TestAnAssertion(on: animal).isType(Dog.self, line: 1))
      .didPass(expectedName: "isType", expectedLine: 1)
    Assert(that: TestAnAssertion(on: Animal()).isType(Dog.self, line: 2))
      .didFail(expectedName: "isType", expectedLine: 2)
      .isEqualTo(.message("Value of type Animal does not conform to expected type Dog"))
  }

  @Test func isTypeCastsToProtocols() {
    let value: Any = Cat(name: "Tom")
    Assert(that: TestAnAssertion(on: value).isType((any Named).self, line: 1))
      .didPass(expectedName: "isType", expectedLine: 1)
      .matches(having(\.name, eq("Tom")))
  }

  @Test func isOfTypeIsTheSameCheckUnderItsOwnName() {
    let value: Any = "x"
    Assert(that: TestAnAssertion(on: value).isOfType(String.self, line: 1))
      .didPass(expectedName: "isOfType", expectedLine: 1)
      .isEqualTo("x")
    Assert(that: TestAnAssertion(on: value).isOfType(Int.self, line: 2))
      .didFail(expectedName: "isOfType", expectedLine: 2)
      .isEqualTo(.message("Value of type String does not conform to expected type Int"))
  }
}
