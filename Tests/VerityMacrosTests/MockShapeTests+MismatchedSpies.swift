import Testing
import VerityMacros

// A spying actor mock passes calls on only from the real actor's executor (issue 55, item 5).
// Where it does not run on it (a storage spying on one actor given to a mock that runs on another
// executor, or a real object replaced through `putBack`), each call that would be passed on is
// reported as a failure of the test and answered as an unstubbed call: the real actor is not
// called, and the process goes on (it used to stop in `assumeIsolated`).

/// What a mismatched `SpiedLedgerMock` reports for each call it cannot pass on.
private let mismatchMessage =
  "SpiedLedgerMock cannot pass a call on to the BankLedger it spies on: the mock does not run on that "
  + "actor's executor (its spy was made for another actor, or its real object was replaced), so a "
  + "synchronous call to it would race; the call is answered as an unstubbed call instead. Make the "
  + "mock with init(spying:)"

@Suite(.serialized) struct MismatchedActorSpyTests {
  @Test func aSpyMadeForAnotherActorReportsEachCallAndAnswersItsDefault() async throws {
    let spied = BankLedger()
    let line = #line + 1
    let storage = MockStorage(spying: MockSpy(_sharingExecutorOf: spied))
    let mock = SpiedLedgerMock(_verityStorage: storage)
    let issues = try await recordedIssues {
      #expect(await mock.deposit(5) == 0)
      let withdrawn = try await mock.withdraw(1)
      #expect(withdrawn == 0)
      await #expect(throws: Never.self) { try await mock.close() }
      #expect(await mock.audit() == 0)
    }
    #expect(issues.map(\.message) == Array(repeating: mismatchMessage, count: 4))
    #expect(issues.map(\.line) == Array(repeating: line, count: 4))
    // The real actor was not called; the mock recorded every call.
    #expect(await spied.balance == 0)
    #expect(await spied.entries.isEmpty)
    verify(mock.$deposit(5))
    verify(mock.$audit())
    // The process went on: a spy made by init(spying:) passes its calls on.
    let matched = SpiedLedgerMock(spying: spied)
    #expect(await matched.deposit(3) == 3)
    #expect(await spied.balance == 3)
  }

  @Test func aRealObjectReplacedByAnotherActorIsReportedNotCalled() async {
    let first = BankLedger()
    let second = BankLedger()
    let line = #line + 1
    let mock = SpiedLedgerMock(spying: first)
    #expect(await mock.deposit(1) == 1)
    var replacement: any SpiedLedger & Sendable = second
    mock.storage.spy?.putBack(&replacement)
    let issues = await recordedIssues {
      #expect(await mock.deposit(2) == 0)
    }
    #expect(issues.map(\.message) == [mismatchMessage])
    #expect(issues.map(\.line) == [line])
    #expect(await first.balance == 1)
    #expect(await second.balance == 0)
    // A stub still answers: the stub comes first, and calls nothing.
    when(mock.$deposit(any())).thenReturn(42)
    #expect(await mock.deposit(7) == 42)
  }

  /// Runs after the two above (the suite is serialized): the process is still there.
  @Test func theNextTestRuns() async {
    let ledger = BankLedger()
    let mock = SpiedLedgerMock(spying: ledger)
    #expect(await mock.deposit(4) == 4)
  }
}
