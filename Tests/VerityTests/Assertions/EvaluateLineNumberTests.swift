import Testing
import Verity

/// The short forms `evaluate(name:lineNumber:evaluator:)` and
/// `asyncEvaluate(name:lineNumber:evaluator:)`, as Gauntlet's operators call them: a failure is
/// reported at the operator's line, in the file of the `Assert(that:)` that started the chain.
@Suite struct EvaluateLineNumberTests {
  @Test func aFailureIsReportedAtTheLineInTheFileOfTheChain() {
    let recorder = FixtureIssueRecorder()
    let line = #line + 3
    withKnownIssue {
      Assert(that: 3)
        .isEvenByLine()
    } matching: {
      recorder.record($0)
    }
    #expect(recorder.messages == ["isEvenByLine failed - 3 is odd"])
    #expect(recorder.lines == [line])
    let location = recorder.recorded.first?.sourceLocation
    #expect(location?.fileID == #fileID)
    #expect(location?.filePath == #filePath)
    #expect(location?.column == 1)  // the short form has no column
  }

  @Test func aPassingOperatorPassesItsValueOn() {
    let assertion = TestAnAssertion(on: 4).isEvenByLine(line: 321)
    Assert(that: assertion).didPass(expectedName: "isEvenByLine", expectedLine: 321).isEqualTo(4)
  }

  @Test func aThrownErrorIsTheFailureReason() {
    let assertion = TestAnAssertion(on: 5).isEvenOrThrows(line: 12)
    Assert(that: assertion)
      .didFail(expectedName: "isEvenOrThrows", expectedLine: 12)
      .isEqualTo(.thrownError(FixtureOddError(value: 5)))
  }

  @Test func afterAFailureTheEvaluatorIsNotCalled() {
    let assertion = TestAnAssertion(on: 3).isEvenByLine(line: 7).isEvenOrThrows(line: 8)
    Assert(that: assertion)
      .didFail(expectedName: "isEvenByLine", expectedLine: 7)
      .isEqualTo(.message("3 is odd"))
  }

  @Test func aNegativeLineIsTakenAsZero() {
    let assertion = TestAnAssertion(on: 3).isEvenByLine(line: -5)
    Assert(that: assertion).didFail(expectedName: "isEvenByLine", expectedLine: 0)
  }

  @Test func theAsyncFormReportsTheSameWay() async {
    let recorder = FixtureIssueRecorder()
    let line = #line + 2
    await withKnownIssue {
      await Assert(that: 7).isEvenEventually()
    } matching: {
      recorder.record($0)
    }
    #expect(recorder.messages == ["isEvenEventually failed - 7 is odd"])
    #expect(recorder.lines == [line])
    #expect(recorder.recorded.first?.sourceLocation?.fileID == #fileID)

    let passed = await TestAnAssertion(on: 8).isEvenEventually(line: 40)
    Assert(that: passed).didPass(expectedName: "isEvenEventually", expectedLine: 40).isEqualTo(8)
  }
}
