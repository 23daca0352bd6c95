import Testing
import Verity

private protocol Listener: AnyObject {}

private final class Screen: Listener, CustomStringConvertible {
  var description: String { "Screen" }
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
