import Testing
import Verity

@Suite struct NoMoreInteractionsTests {
  @Test func passesWhenEveryCallWasVerified() {
    let store = FakeStore()
    store.open()
    store.save(1, "a")
    store.verifyCall(withIdentifier: "open")
    store.verifyCall(withIdentifier: "save", arguments: [any(), any()])
    store.verifyNoMoreInteractions()
  }

  @Test func listsTheCallsNotVerified() {
    let store = FakeStore()
    store.open()
    store.save(1, "a")
    store.close()
    store.verifyCall(withIdentifier: "save", arguments: .any)

    let issues = reportedIssues { store.verifyNoMoreInteractions() }
    #expect(issues.map(\.message) == ["""
      verifyNoMoreInteractions failed - 2 calls not verified:
        #1 open()
        #3 close()
      """])
  }

  @Test func onlyTheMatchingCallsAreMarked() {
    let store = FakeStore()
    store.save(1, "a")
    store.save(2, "b")
    store.verifyCall(withIdentifier: "save", arguments: [1, "a"])

    let issues = reportedIssues { store.verifyNoMoreInteractions() }
    #expect(issues.map(\.message) == ["""
      verifyNoMoreInteractions failed - 1 call not verified:
        #2 save(2, "b")
      """])
  }

  @Test func noInteractions() {
    let quiet = FakeStore()
    quiet.verifyNoInteractions()

    let busy = FakeStore()
    for _ in 0..<7 { busy.open() }
    let issues = reportedIssues { busy.verifyNoInteractions() }
    #expect(issues.map(\.message) == ["""
      verifyNoInteractions failed - expected no calls, got 7:
        #1 open()
        #2 open()
        #3 open()
        #4 open()
        #5 open()
        … and 2 more
      """])
  }
}
