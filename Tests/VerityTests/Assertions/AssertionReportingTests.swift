import Testing
import Verity

/// Failures of a reporting chain reach Swift Testing: one issue per failed chain, at the failing
/// operator's own location (its file, line and column).
@Suite struct SwiftTestingReportingTests {
  @Test func aFailureIsReportedOnceAtTheOperatorLine() {
    let recorder = FixtureIssueRecorder()
    let assertLine = #line + 2
    withKnownIssue {
      Assert(that: 1)
        .isEqualTo(2)
    } matching: {
      recorder.record($0)
    }

    #expect(recorder.messages == ["isEqualTo failed - 1 is not equal to 2"])
    #expect(recorder.lines == [assertLine + 1])
    let location = recorder.recorded.first?.sourceLocation
    #expect(location?.fileID == #fileID)
    #expect(location?.filePath == #filePath)
    #expect(location?.column == 19)  // `#column` of a call is its opening parenthesis: `isEqualTo(`
  }

  @Test func aSingleLineChainReportsAtTheOperatorColumn() {
    let recorder = FixtureIssueRecorder()
    let value: Int? = nil
    let line = #line + 2
    withKnownIssue {
      _ = Assert(that: value).isNotNil()
    } matching: {
      recorder.record($0)
    }

    #expect(recorder.messages == ["isNotNil failed - value is nil"])
    #expect(recorder.lines == [line])
    #expect(recorder.recorded.first?.sourceLocation?.column == 39)  // `isNotNil(`
  }

  @Test func anOperatorInAHelperReportsWhereTheHelperIs() {
    let recorder = FixtureIssueRecorder()
    withKnownIssue {
      fixtureExpectEven(Assert(that: 3))
    } matching: {
      recorder.record($0)
    }

    #expect(recorder.messages == ["matches failed - 3 is odd (expected isEven)"])
    let location = recorder.recorded.first?.sourceLocation
    #expect(location?.fileID == "VerityTests/AssertionFixtures.swift")
    #expect(location?.line == fixtureExpectEvenLine)
  }

  @Test func laterOperatorsDoNotReportAgain() {
    let recorder = FixtureIssueRecorder()
    let counter = FixtureCounter()
    let firstLine = #line + 3
    withKnownIssue {
      Assert(that: [1, 2, 3])
        .hasCount(2)
        .contains(9)
        .isEmpty()
        .then { _ in counter.increment() }
    } matching: {
      recorder.record($0)
    }

    #expect(recorder.messages == ["hasCount failed - count of [1, 2, 3] is 3, not 2"])
    #expect(recorder.lines == [firstLine])
    #expect(counter.count == 0)
  }

  @Test func eachChainReportsItsOwnFailure() {
    let recorder = FixtureIssueRecorder()
    let line = #line + 2
    withKnownIssue {
      Assert(that: "a").isEqualTo("b")
      Assert(that: false).isTrue()
    } matching: {
      recorder.record($0)
    }

    #expect(
      recorder.messages == [
        #"isEqualTo failed - "a" is not equal to "b""#, "isTrue failed - value is false",
      ])
    #expect(recorder.lines == [line, line + 1])
  }

  @Test func passingChainsReportNothing() {
    Assert(that: [1, 2]).isNotEmpty().hasCount(2).contains(2).matches(allSatisfy(greaterThan(0)))
    Assert(that: Optional("x")).isNotNil().isEqualTo("x")
  }

  @Test func testAssertionsReportNothing() {
    // A failing operator on a TestAnAssertion chain must not fail this test.
    TestAnAssertion(on: 1).isNotEqualTo(1).isEqualTo(3)
    TestAnAssertion(on: Optional<Int>.none).isNotNil()
  }

  @Test func anExplicitLineIsUsed() {
    let recorder = FixtureIssueRecorder()
    withKnownIssue {
      Assert(that: 1).isEqualTo(2, line: 4242)
    } matching: {
      recorder.record($0)
    }
    #expect(recorder.lines == [4242])
  }

  @Test func customOperatorsReportThroughTheChain() {
    let recorder = FixtureIssueRecorder()
    let line = #line + 2
    withKnownIssue {
      Assert(that: 7).evaluate(name: "isEven", fileID: #fileID, filePath: #filePath, line: #line, column: #column) { value -> AssertionResult<Int> in
        value.isMultiple(of: 2) ? .pass(value) : .fail(message: "\(value) is odd")
      }
    } matching: {
      recorder.record($0)
    }
    #expect(recorder.messages == ["isEven failed - 7 is odd"])
    #expect(recorder.lines == [line])
  }

  @Test func matcherFailuresReportTheMismatch() {
    let recorder = FixtureIssueRecorder()
    withKnownIssue {
      Assert(that: 5).matches(lessThan(0) || greaterThan(10))
    } matching: {
      recorder.record($0)
    }
    #expect(
      recorder.messages == [
        "matches failed - 5 is not less than 0 and 5 is not greater than 10 "
          + "(expected (lessThan(0) || greaterThan(10)))"
      ])
  }

  @Test func asyncOperatorsReport() async {
    let recorder = FixtureIssueRecorder()
    let locked: () async throws -> Int = { throw FixtureLoginError.locked }
    let line = #line + 3
    await withKnownIssue {
      await Assert(asyncThrowingExpression: locked)
        .doesNotThrow()
    } matching: {
      recorder.record($0)
    }
    #expect(recorder.messages == ["doesNotThrow failed - threw FixtureLoginError: locked"])
    #expect(recorder.lines == [line])
  }
}
