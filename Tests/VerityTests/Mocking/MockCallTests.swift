import Synchronization
import Testing
import Verity

/// A hand-written mock that offers handles, as a generated one does: the handle API (`when`,
/// `verify`, captors, sequences, strict mode) without the macro.
final class FakeScoreBoard: Mock, Sendable {
  let storage: MockStorage

  init(strict: Bool = false) { storage = MockStorage(strict: strict) }

  func score(for player: String, round: Int?) -> Int {
    recordCall(withIdentifier: "score(for:round:)", typedArguments: player, round)
    return stubbedValue(forIdentifier: "score(for:round:)", arguments: [player, round], default: 0)
  }

  func scoreCall(for player: Matcher<String> = any(), round: Matcher<Int?> = any()) -> MockCall<(String, Int?), Int> {
    MockCall(storage: storage, identifier: "score(for:round:)", arguments: [player, round])
  }
}

@Suite struct MockCallTests {
  @Test func handlesStubAndVerifyHandWrittenMocks() {
    let board = FakeScoreBoard()
    when(board.scoreCall(for: eq("ann"))).thenReturn(3).thenReturn(5)
    #expect(board.score(for: "ann", round: 1) == 3)
    #expect(board.score(for: "ann", round: nil) == 5)
    #expect(board.score(for: "ann", round: 2) == 5)
    #expect(board.score(for: "bob", round: 2) == 0)
    verify(board.scoreCall(for: eq("ann")), .times(3))
    verify(board.scoreCall(round: isNil() || greaterThan(1)), .times(3))
    board.verifyCall(withIdentifier: "score(for:round:)", arguments: ["bob", 2])
  }

  @Test func thenAnswerOnAHandWrittenLookupGetsTheArgumentArray() {
    let board = FakeScoreBoard()
    // The `[Any?]` lookup passes its argument array, not the handle's tuple: reported, default kept.
    when(board.scoreCall()).thenAnswer { player, _ in player.count }
    let messages = reportedIssues { #expect(board.score(for: "ann", round: nil) == 0) }
    #expect(
      messages.map(\.message) == [
        "stubbedValue failed - the stub for score(for: any(), round: any()) has a thenAnswer closure that takes "
          + "(String, Optional<Int>), but the call passed Array<Optional<Any>>"
      ])
  }

  @Test func captorsAsMatchers() {
    let board = FakeScoreBoard()
    _ = board.score(for: "ann", round: 1)
    _ = board.score(for: "bob", round: nil)
    let players = ArgumentCaptor<String>()
    let rounds = ArgumentCaptor<Int?>()
    verify(board.scoreCall(for: players.capture(), round: rounds.capture()), .times(2))
    #expect(players.allValues == ["ann", "bob"])
    #expect(rounds.allValues == [1, nil])
    #expect(players.capture().description == "captor(String)")
  }

  @Test func verifyReportsWithItsOwnName() {
    let board = FakeScoreBoard()
    _ = board.score(for: "ann", round: 1)
    let messages = reportedIssues { verify(board.scoreCall(for: eq("bob")), .atLeastOnce) }
    #expect(
      messages.map(\.message) == [
        """
        verify failed - expected at least 1 call to score(for: eq("bob"), round: any()), got 0
        1 call to score(for:round:) had other arguments:
          #1 score(for: "ann", round: 1)
             argument 1: expected eq("bob"), got "ann"
        """
      ])
  }

  @Test func inOrderWithHandles() {
    let first = FakeScoreBoard()
    let second = FakeScoreBoard()
    _ = first.score(for: "a", round: nil)
    _ = second.score(for: "b", round: nil)
    let inOrder = InOrder()
    inOrder.verify(first.scoreCall(for: eq("a")))
    inOrder.verify(second.scoreCall(for: eq("b")))
    let messages = reportedIssues { inOrder.verify(first.scoreCall()) }
    #expect(
      messages.map(\.message) == [
        """
        verifyCall in order failed - expected 1 call to score(for: any(), round: any()) after score(for: eq("b"), round: any()), got 0
        1 call to score(for:round:) matched earlier, out of order
        """
      ])
  }

  @Test func strictStoragesReportUnexpectedCallsAndUnusedStubs() {
    let messages = reportedIssues {
      let board = FakeScoreBoard(strict: true)
      when(board.scoreCall(for: eq("zed"))).thenReturn(1)
      _ = board.score(for: "ann", round: nil)
      board.verifyAllStubsUsed()
      board.verifyAllStubsUsed()  // each unused stub is reported once
    }
    #expect(
      messages.map(\.message) == [
        "unexpected call to score(for: \"ann\", round: nil) on a strict mock: no stub matches it",
        "verifyAllStubsUsed failed - the stub for score(for: eq(\"zed\"), round: any()) was never used",
      ])
  }

  @Test func callsRenderWithTheirLabels() {
    #expect(MockCall<Int, Void>(storage: MockStorage(), identifier: "move(_:to:)", arguments: [1, 2]).description == "move(1, to: 2)")
    #expect(MockCall<Int, Void>(storage: MockStorage(), identifier: "save", arguments: [1]).description == "save(1)")
    #expect(MockCall<Int, Void>(storage: MockStorage(), identifier: "get name", arguments: []).description == "name")
    #expect(MockCall<Int, Void>(storage: MockStorage(), identifier: "set name", arguments: ["x"]).description == "name = \"x\"")
    #expect(
      MockCall<Int, Void>(storage: MockStorage(), identifier: "set subscript(_:)", arguments: [1, "x"]).description
        == "subscript(1) = \"x\"")
    #expect(
      MockCall<Int, Void>(storage: MockStorage(), identifier: "load(id: [String: Int])", arguments: [any()]).description
        == "load(id: any())")
    // A selector whose label count differs from the arguments: its labels cannot be placed.
    #expect(MockCall<Int, Void>(storage: MockStorage(), identifier: "f(a:)", arguments: [1, 2]).description == "f(1, 2)")
  }

  /// Issue 47, item 12: a verification with another number of arguments than the selector has
  /// labels renders the call without them and says so, instead of `int(_:)(1, 2)`.
  @Test func aVerificationWithTheWrongNumberOfArgumentsSaysSo() {
    final class FakeCounter: Mock {
      let storage = MockStorage()
      func int(_ value: Int) { recordCall(withIdentifier: "int(_:)", arguments: [value]) }
    }
    let counter = FakeCounter()
    counter.int(1)
    let messages = reportedIssues { counter.verifyCall(withIdentifier: "int(_:)", arguments: [1, 2]) }.map(\.message)
    #expect(
      messages == [
        """
        verifyCall failed - expected 1 call to int(1, 2), got 0
        int(_:) takes 1 argument; the verification gave 2
        1 call to int(_:) had other arguments:
          #1 int(1)
             expected 2 arguments, got 1
        """
      ])
  }
}

/// Issue 47, item 11: `eq(.nan)` matches nothing, a recorded NaN included: the failure says why
/// and how to match a NaN.
@Suite struct NaNVerificationTests {
  final class FakeThermometer: Mock {
    let storage = MockStorage()
    func show(_ reading: Double) { recordCall(withIdentifier: "show(_:)", arguments: [reading]) }
  }

  @Test func eqOfNaNFailingOnARecordedNaNSaysWhy() {
    let thermometer = FakeThermometer()
    thermometer.show(.nan)
    let messages = reportedIssues {
      thermometer.verifyCall(withIdentifier: "show(_:)", arguments: [eq(Double.nan)])
    }.map(\.message)
    #expect(
      messages == [
        """
        verifyCall failed - expected 1 call to show(eq(nan)), got 0
        1 call to show(_:) had other arguments:
          #1 show(nan)
             argument 1: expected eq(nan), got nan (NaN is not equal to itself under ==, so no value equals nan; \
        match it with Matcher("isNaN", where: { $0.isNaN }))
        """
      ])
    thermometer.verifyCall(withIdentifier: "show(_:)", arguments: [Matcher<Double>("isNaN", where: { $0.isNaN })])
  }
}

@Suite struct OptionalMatcherTests {
  @Test func comparisonsAndStringMatchersNeverMatchNil() {
    let limit: Matcher<Int?> = isNil() || moreThan(3)
    #expect(limit.matches(nil) == .match)
    #expect(limit.matches(4) == .match)
    #expect(limit.matches(2) == .mismatch("2 is not nil and 2 is not more than 3"))
    let prefix: Matcher<String?> = hasPrefix("ab")
    #expect(prefix.matches(nil) == .mismatch("nil does not satisfy hasPrefix(\"ab\")"))
    #expect(prefix.matches("abc") == .match)
    let range: Matcher<Double?> = isIn(0.0..<1.0)
    #expect(range.matches(0.5) == .match)
    #expect(range.matches(nil).isMatch == false)
    // Unconstrained, the matchers keep their plain types.
    let plain = lessThan(3)
    #expect(plain.matches(2) == .match)
  }

  @Test func optionalMatchersGiveTheSameAnswerInAssertAndVerify() {
    let board = FakeScoreBoard()
    let rounds: [Int?] = [nil, 1, 3, 5]
    for round in rounds { _ = board.score(for: "p", round: round) }
    let matchers: [Matcher<Int?>] = [isNil() || moreThan(3), lessThan(4), greaterThanOrEqual(3), eq(3), isIn(2...5)]
    for matcher in matchers {
      let expected = rounds.filter { matcher.matches($0).isMatch }.count
      verify(board.scoreCall(round: matcher), .times(expected))
    }
  }
}
