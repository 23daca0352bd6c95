import Testing
import Verity

@Suite struct ThenOperatorTests {
  @Test func runsTheBodyWithThePassedValue() {
    let counter = FixtureCounter()
    Assert(that: Optional(3)).isNotNil().then { value in
      #expect(value == 3)
      counter.increment()
    }
    #expect(counter.count == 1)
  }

  @Test func skipsTheBodyAfterAFailure() {
    let counter = FixtureCounter()
    TestAnAssertion(on: 1).isEqualTo(2).then { _ in counter.increment() }
    #expect(counter.count == 0)
  }

  @Test func aThrownErrorFailsAtTheThenLine() {
    let counter = FixtureCounter()
    withKnownIssue {
      // `then` ends the chain, so its outcome is observed through a reporting chain.
      Assert(that: 1).then { _ in
        counter.increment()
        throw FixtureLoginError.locked
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["then failed - threw FixtureLoginError: locked"]
    }
    #expect(counter.count == 1)
  }

  @Test func asyncThenRunsTheBody() async {
    let counter = FixtureCounter()
    await Assert(that: "x").asyncThen { value in
      await Task.yield()
      #expect(value == "x")
      counter.increment()
    }
    #expect(counter.count == 1)
  }

  @Test func asyncThenReportsAThrownError() async {
    await withKnownIssue {
      await Assert(that: 1).asyncThen { _ in throw FixtureOpaqueError(code: 7) }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "asyncThen failed - threw FixtureOpaqueError: FixtureOpaqueError(code: 7)"
      ]
    }
  }
}
