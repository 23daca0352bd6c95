import Testing
import Verity

@Suite struct EventuallyTests {
  @Test func passesOnTheFirstAttemptWithoutWaiting() async {
    let clock = ManualTestClock()
    await Assert(asyncThrowingExpression: { 3 })
      .eventually(clock: clock) { $0.isEqualTo(3) }
    #expect(clock.sleepCalls == 0)
  }

  @Test func retriesUntilTheCheckPasses() async {
    let clock = ManualTestClock()
    let counter = FixtureCounter()
    let task = Task {
      let expression: () async throws -> Int = { counter.increment() }
      return await TestAnAssertion(on: expression)
        .eventually(
          timeout: .seconds(1), pollInterval: .milliseconds(100), clock: clock, line: 20
        ) {
          $0.isEqualTo(3)
        }
    }
    for _ in 0..<2 {
      await clock.waitForSleepers()
      clock.advance(by: .milliseconds(100))
    }
    Assert(that: await task.value).didPass(expectedName: "eventually", expectedLine: 20)
    #expect(counter.count == 3)
    #expect(clock.now == ManualTestClock.Instant(offset: .milliseconds(200)))
  }

  @Test func passesTheCheckedValueOn() async {
    let clock = ManualTestClock()
    let expression: () async throws -> Int? = { 5 }
    let assertion = await TestAnAssertion(on: expression)
      .eventually(clock: clock, line: 1) { $0.isNotNil() }
    Assert(that: assertion).didPass(expectedName: "eventually", expectedLine: 1).isEqualTo(5)
  }

  @Test func failsWithTheLastFailureAfterTheTimeout() async {
    let clock = ManualTestClock()
    let counter = FixtureCounter()
    let task = Task {
      let expression: () async throws -> Int = { counter.increment() }
      return await TestAnAssertion(on: expression)
        .eventually(
          timeout: .seconds(1), pollInterval: .milliseconds(250), clock: clock, line: 30
        ) {
          $0.isEqualTo(10)
        }
    }
    for _ in 0..<4 {
      await clock.waitForSleepers()
      clock.advance(by: .milliseconds(250))
    }
    Assert(that: await task.value)
      .didFail(expectedName: "eventually", expectedLine: 30)
      .isEqualTo(
        .message(
          "still failing after 1.0 seconds (5 attempts): isEqualTo failed - 5 is not equal to 10"))
    #expect(counter.count == 5)
  }

  @Test func neverWaitsPastTheDeadline() async {
    let clock = ManualTestClock()
    let task = Task {
      let expression: () async throws -> Int = { 0 }
      return await TestAnAssertion(on: expression)
        .eventually(
          timeout: .milliseconds(150), pollInterval: .milliseconds(100), clock: clock, line: 1
        ) {
          $0.isEqualTo(1)
        }
    }
    await clock.waitForSleepers()
    clock.advance(by: .milliseconds(100))
    await clock.waitForSleepers()
    clock.advance(by: .milliseconds(50))  // the second wait ends at the 150 ms deadline
    Assert(that: await task.value)
      .didFail(expectedName: "eventually", expectedLine: 1)
      .isEqualTo(
        .message(
          "still failing after 0.15 seconds (3 attempts): isEqualTo failed - 0 is not equal to 1"))
  }

  @Test func thrownErrorsCountAsFailedAttempts() async {
    let clock = ManualTestClock()
    let counter = FixtureCounter()
    let task = Task {
      let expression: () async throws -> String = {
        if counter.increment() < 3 { throw FixtureLoginError.locked }
        return "ready"
      }
      return await TestAnAssertion(on: expression)
        .eventually(pollInterval: .milliseconds(10), clock: clock, line: 1) {
          $0.isEqualTo("ready")
        }
    }
    for _ in 0..<2 {
      await clock.waitForSleepers()
      clock.advance(by: .milliseconds(10))
    }
    Assert(that: await task.value).didPass(expectedName: "eventually", expectedLine: 1)
  }

  @Test func aThrownErrorIsTheLastFailure() async {
    let expression: () async throws -> Int = { throw FixtureLoginError.locked }
    let assertion = await TestAnAssertion(on: expression)
      .eventually(timeout: .zero, clock: ManualTestClock(), line: 1) { $0.isEqualTo(1) }
    Assert(that: assertion)
      .didFail(expectedName: "eventually", expectedLine: 1)
      .isEqualTo(
        .message("still failing after 0.0 seconds (1 attempt): threw FixtureLoginError: locked"))
  }

  @Test func cancellationEndsTheWait() async {
    let clock = ManualTestClock()
    let task = Task {
      let expression: () async throws -> Int = { 1 }
      return await TestAnAssertion(on: expression)
        .eventually(timeout: .seconds(60), clock: clock, line: 1) { $0.isEqualTo(2) }
    }
    await clock.waitForSleepers()
    task.cancel()
    Assert(that: await task.value)
      .didFail(expectedName: "eventually", expectedLine: 1)
      .isEqualTo(.message("cancelled after 1 attempt: isEqualTo failed - 1 is not equal to 2"))
  }

  @Test func synchronousExpressionsArePolledToo() async {
    let clock = ManualTestClock()
    let counter = FixtureCounter()
    let task = Task {
      await TestAnAssertion(on: { counter.increment() })
        .eventually(pollInterval: .milliseconds(5), clock: clock, line: 2) { $0.isEqualTo(2) }
    }
    await clock.waitForSleepers()
    clock.advance(by: .milliseconds(5))
    Assert(that: await task.value).didPass(expectedName: "eventually", expectedLine: 2)
    #expect(counter.count == 2)
  }

  @Test func aTimeoutIsReportedOnceAtTheEventuallyLine() async {
    let recorder = FixtureIssueRecorder()
    let line = #line + 3
    await withKnownIssue {
      await Assert(asyncThrowingExpression: { 1 })
        .eventually(timeout: .zero, clock: ManualTestClock()) { $0.isEqualTo(2) }
    } matching: {
      recorder.record($0)
    }
    #expect(
      recorder.messages == [
        "eventually failed - still failing after 0.0 seconds (1 attempt): "
          + "isEqualTo failed - 1 is not equal to 2"
      ])
    #expect(recorder.lines == [line])
  }

  @Test func failedAttemptsReportNothing() async {
    let clock = ManualTestClock()
    let counter = FixtureCounter()
    // A reporting chain: if a failed attempt reported, this test would fail.
    let task = Task {
      await Assert(throwingExpression: counter.increment())
        .eventually(pollInterval: .milliseconds(1), clock: clock) { $0.isEqualTo(3) }
    }
    for _ in 0..<2 {
      await clock.waitForSleepers()
      clock.advance(by: .milliseconds(1))
    }
    _ = await task.value
    #expect(counter.count == 3)
  }
}
