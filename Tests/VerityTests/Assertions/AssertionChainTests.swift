import Testing
import Verity

@Suite struct ChainTests {
  @Test func aFailureSkipsTheRestOfTheChain() {
    let counter = FixtureCounter()
    let assertion = TestAnAssertion(on: 1)
      .isEqualTo(2, line: 10)
      .evaluate(name: "counting", fileID: #fileID, filePath: #filePath, line: 11, column: #column) { _ -> AssertionResult<Void> in
        counter.increment()
        return .pass(())
      }
    #expect(counter.count == 0)
    Assert(that: assertion)
      .didFail(expectedName: "isEqualTo", expectedLine: 10)
      .isEqualTo(.message("1 is not equal to 2"))
  }

  @Test func theFirstFailureIsKeptThroughLaterOperators() {
    let assertion = TestAnAssertion(on: Optional<String>.none)
      .isNotNil(line: 1)
      .hasCount(3, line: 2)
      .contains("x", line: 3)
    Assert(that: assertion)
      .didFail(expectedName: "isNotNil", expectedLine: 1)
      .isEqualTo(.message("value is nil"))
  }

  @Test func passingOperatorsCarryTheirValueOn() {
    let assertion = TestAnAssertion(on: Optional(["a", "b"]))
      .isNotNil(line: 1)
      .hasCount(2, line: 2)
      .contains("b", line: 3)
    Assert(that: assertion)
      .didPass(expectedName: "contains", expectedLine: 3)
      .isEqualTo(["a", "b"])
  }

  @Test func anEvaluatorThatThrowsFailsWithTheError() {
    let assertion = TestAnAssertion(on: 1).evaluate(name: "decode", fileID: #fileID, filePath: #filePath, line: 4, column: #column) {
      _ -> AssertionResult<Int> in throw FixtureLoginError.locked
    }
    Assert(that: assertion)
      .didFail(expectedName: "decode", expectedLine: 4)
      .isEqualTo(.thrownError(FixtureLoginError.locked))
  }

  @Test func asyncEvaluateSkipsAfterAFailure() async {
    let counter = FixtureCounter()
    let assertion = await TestAnAssertion(on: 1)
      .isEqualTo(2, line: 1)
      .asyncEvaluate(name: "async", fileID: #fileID, filePath: #filePath, line: 2, column: #column) { _ -> AssertionResult<Void> in
        counter.increment()
        return .pass(())
      }
    #expect(counter.count == 0)
    Assert(that: assertion).didFail(expectedName: "isEqualTo", expectedLine: 1)
  }

  @Test func asyncEvaluateRunsAndNamesTheLink() async {
    let assertion = await TestAnAssertion(on: 2).asyncEvaluate(name: "doubled", fileID: #fileID, filePath: #filePath, line: 3, column: #column) {
      value in
      await Task.yield()
      return .pass(value * 2)
    }
    Assert(that: assertion).didPass(expectedName: "doubled", expectedLine: 3).isEqualTo(4)
  }

  @Test func theRootOfATestAssertion() {
    let root = TestAnAssertion(on: "x")
    #expect(root.name == "TestAnAssertion")
    #expect(root.line == 0)
    Assert(that: root).didPass(expectedName: "TestAnAssertion", expectedLine: 0).isEqualTo("x")
  }

  @Test func theRootOfAnAssert() {
    let line = UInt(#line + 1)
    let root = Assert(that: 5)
    #expect(root.name == "Assert(that:)")
    #expect(root.line == line)
    #expect("\(root.fileID)" == "\(#fileID)")
    root.isEqualTo(5)
  }
}

@Suite struct DidPassDidFailTests {
  @Test func didPassFailsWhenTheAssertionFailed() {
    let assertion = TestAnAssertion(on: 8).isType(String.self, line: 12)
    Assert(
      that: TestAnAssertion(on: assertion).didPass(
        expectedName: "isType", expectedLine: 12, line: 1)
    )
    .didFail(expectedName: "didPass", expectedLine: 1)
    .isEqualTo(
      .message(
        "expected a pass, but isType failed at line 12: "
          + "Value of type Int does not conform to expected type String"))
  }

  @Test func didPassChecksTheNameAndLine() {
    let assertion = TestAnAssertion(on: 8 as Any).isOfType(Int.self, line: 12)
    Assert(
      that: TestAnAssertion(on: assertion).didPass(
        expectedName: "isType", expectedLine: 12, line: 1)
    )
    .didFail(expectedName: "didPass", expectedLine: 1)
    .isEqualTo(.message("expected isType at line 12, got isOfType at line 12"))
    Assert(
      that: TestAnAssertion(on: assertion).didPass(
        expectedName: "isOfType", expectedLine: 13, line: 2)
    )
    .didFail(expectedName: "didPass", expectedLine: 2)
    .isEqualTo(.message("expected isOfType at line 13, got isOfType at line 12"))
  }

  @Test func didFailFailsWhenTheAssertionPassed() {
    let assertion = TestAnAssertion(on: "8").isType(String.self, line: 321)
    Assert(
      that: TestAnAssertion(on: assertion).didFail(
        expectedName: "isType", expectedLine: 321, line: 1)
    )
    .didFail(expectedName: "didFail", expectedLine: 1)
    .isEqualTo(.message(#"expected a failure, but isType at line 321 passed with "8""#))
  }

  @Test func didFailChecksTheNameAndLine() {
    let assertion = TestAnAssertion(on: 1).isEqualTo(2, line: 322)
    Assert(
      that: TestAnAssertion(on: assertion).didFail(
        expectedName: "isType", expectedLine: 321, line: 1)
    )
    .didFail(expectedName: "didFail", expectedLine: 1)
    .isEqualTo(.message("expected isType at line 321, got isEqualTo at line 322"))
  }
}

@Suite struct FailureReasonTests {
  @Test func messagesCompareByText() {
    #expect(FailureReason.message("a") == .message("a"))
    #expect(FailureReason.message("a") != .message("b"))
    #expect(FailureReason.message("locked") != .thrownError(FixtureLoginError.locked))
  }

  @Test func equatableErrorsCompareWithEquality() {
    #expect(
      FailureReason.thrownError(FixtureLoginError.locked) == .thrownError(FixtureLoginError.locked))
    #expect(
      FailureReason.thrownError(FixtureLoginError.wrongPassword(attempts: 1))
        != .thrownError(FixtureLoginError.wrongPassword(attempts: 2)))
  }

  @Test func otherErrorsCompareByTypeAndContents() {
    #expect(
      FailureReason.thrownError(FixtureOpaqueError(code: 1))
        == .thrownError(FixtureOpaqueError(code: 1)))
    #expect(
      FailureReason.thrownError(FixtureOpaqueError(code: 1))
        != .thrownError(FixtureOpaqueError(code: 2)))
    #expect(
      FailureReason.thrownError(FixtureOpaqueError(code: 1))
        != .thrownError(FixtureLoginError.locked))
    #expect(FailureReason.thrownError(CancellationError()) == .thrownError(CancellationError()))
  }

  @Test func descriptions() {
    #expect(FailureReason.message("value is nil").description == "value is nil")
    #expect(
      FailureReason.thrownError(CancellationError()).description
        == "threw CancellationError: CancellationError()")
  }
}
