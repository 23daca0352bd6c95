import Testing
import Verity

@Suite struct AsyncVerificationTests {
  @Test func aCallArrivingLaterSatisfiesTheVerificationWithoutTimePassing() async {
    let store = FakeStore()
    let clock = ManualTestClock()
    async let verified: Void = store.verifyCall(
      withIdentifier: "save", arguments: [1, "late"], within: .seconds(5), clock: clock)
    await clock.waitForSleepers()
    store.save(0, "other")
    store.save(1, "late")
    await verified
    #expect(clock.now.offset == .zero)
  }

  @Test func aCallAlreadyRecordedReturnsAtOnce() async {
    let store = FakeStore()
    store.open()
    await store.verifyCall(withIdentifier: "open", within: .seconds(5), clock: ManualTestClock())
  }

  @Test func timingOutReportsTheUsualMessageWithTheDuration() async {
    let store = FakeStore()
    let clock = ManualTestClock()
    let issues = await reportedIssues {
      async let verified: Void = store.verifyCall(
        withIdentifier: "save", arguments: [1, "a"], within: .seconds(2), clock: clock)
      await clock.waitForSleepers()
      store.save(2, "a")
      clock.advance(by: .seconds(2))
      await verified
    }
    #expect(issues.map(\.message) == ["""
      verifyCall failed - expected 1 call to save(1, "a"), got 0 within 2.0 seconds
      1 call to save had other arguments:
        #1 save(2, "a")
           argument 1: expected 1, got 2
      """])
  }

  @Test func neverMustHoldForTheWholeDuration() async {
    let store = FakeStore()
    let clock = ManualTestClock()
    async let quiet: Void = store.verifyCall(
      withIdentifier: "close", mode: .never, within: .seconds(1), clock: clock)
    await clock.waitForSleepers()
    clock.advance(by: .seconds(1))
    await quiet

    let issues = await reportedIssues {
      async let noisy: Void = store.verifyCall(
        withIdentifier: "close", mode: .never, within: .seconds(1), clock: clock)
      await clock.waitForSleepers()
      store.close()
      await noisy
    }
    #expect(issues.map(\.message) == ["verifyCall failed - expected no calls to close(), got 1 within 1.0 seconds"])
  }
}
