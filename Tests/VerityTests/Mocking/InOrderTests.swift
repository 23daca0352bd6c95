import Testing
import Verity

@Suite struct InOrderTests {
  let session = FakeStore()
  let store = FakeStore()

  @Test func callsAcrossTwoMocksInOrder() {
    session.open()
    store.save(1, "a")
    session.close()

    let inOrder = InOrder()
    inOrder.verifyCall(on: session, withIdentifier: "open")
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"])
    inOrder.verifyCall(on: session, withIdentifier: "close")
  }

  @Test func outOfOrderCallsFail() {
    store.save(1, "a")
    session.open()

    let inOrder = InOrder()
    inOrder.verifyCall(on: session, withIdentifier: "open")
    let issues = reportedIssues {
      inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"])
    }
    #expect(issues.map(\.message) == ["""
      verifyCall in order failed - expected 1 call to save(1, "a") after open(), got 0
      1 call to save matched earlier, out of order
      """])
  }

  /// Consuming every match of `atLeastOnce` would leave nothing for `save` after the first `open`:
  /// the earliest match must be taken instead.
  @Test func atLeastOnceTakesTheEarliestMatchNotAll() {
    session.open()
    store.save(1, "a")
    session.open()

    let inOrder = InOrder()
    inOrder.verifyCall(on: session, withIdentifier: "open", mode: .atLeastOnce)
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"])
    inOrder.verifyCall(on: session, withIdentifier: "open")
  }

  /// A wildcard check must take the earliest call it matches, so that a later, more specific check
  /// still finds its call.
  @Test func aWildcardCheckLeavesLaterCallsForLaterChecks() {
    store.save(1, "a")
    store.save(2, "b")
    session.close()

    let inOrder = InOrder()
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [any(), any()])
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [2, "b"])
    inOrder.verifyCall(on: session, withIdentifier: "close")
  }

  @Test func timesTakesTheNextNMatches() {
    store.save(1, "a")
    store.save(1, "a")
    session.close()
    store.save(1, "a")

    let inOrder = InOrder()
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"], mode: .times(2))
    inOrder.verifyCall(on: session, withIdentifier: "close")
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"])
    let issues = reportedIssues {
      inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"])
    }
    #expect(issues.map(\.message) == ["""
      verifyCall in order failed - expected 1 call to save(1, "a") after save(1, "a"), got 0
      3 calls to save matched earlier, out of order
      """])
  }

  @Test func neverAfterTheCursor() {
    session.open()
    store.save(1, "a")

    let inOrder = InOrder()
    inOrder.verifyCall(on: store, withIdentifier: "save", arguments: .any)
    inOrder.verifyCall(on: session, withIdentifier: "open", mode: .never)
    let issues = reportedIssues {
      inOrder.verifyCall(on: store, withIdentifier: "save", arguments: .any, mode: .never)
      store.save(2, "b")
      inOrder.verifyCall(on: store, withIdentifier: "save", arguments: .any, mode: .never)
    }
    #expect(issues.map(\.message) == [
      "verifyCall in order failed - expected no calls to save(any arguments) after save(any arguments), got 1"
    ])
  }
}
