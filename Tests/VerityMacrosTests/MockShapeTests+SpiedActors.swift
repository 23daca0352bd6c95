import Synchronization
import Testing
import VerityMacros

// A spy on an actor passes its synchronous isolated members on as well: the mock runs on the real
// actor's executor, so it calls the real actor without `await` (results, errors, `inout` writes),
// while a mock that does not spy keeps an executor of its own.

struct LedgerOverdrawn: Error, Equatable { var missing: Int }

/// An actor protocol whose members are all synchronous and isolated, but one.
@Mock
protocol SpiedLedger: Actor {
  var owner: String { get set }
  func deposit(_ amount: Int) -> Int
  func withdraw(_ amount: Int) throws -> Int
  func close() throws(LedgerOverdrawn)
  func normalize(_ entries: inout [Int], by scale: Int) -> Int
  subscript(entry index: Int) -> Int { get }
  func forEachEntry(_ body: (Int) -> Void)
  func depositLater(_ amount: @autoclosure () -> Int) -> Int
  func audit() async -> Int
}

actor BankLedger: SpiedLedger {
  var owner = "bank"
  var balance = 0
  var entries: [Int] = []
  func deposit(_ amount: Int) -> Int {
    balance += amount
    entries.append(amount)
    return balance
  }
  func withdraw(_ amount: Int) throws -> Int {
    guard amount <= balance else { throw LedgerOverdrawn(missing: amount - balance) }
    balance -= amount
    entries.append(-amount)
    return balance
  }
  func close() throws(LedgerOverdrawn) {
    guard balance >= 0 else { throw LedgerOverdrawn(missing: -balance) }
    entries = []
  }
  func normalize(_ entries: inout [Int], by scale: Int) -> Int {
    entries = entries.map { $0 * scale }
    return entries.count
  }
  subscript(entry index: Int) -> Int { entries[index] }
  func forEachEntry(_ body: (Int) -> Void) { entries.forEach(body) }
  func depositLater(_ amount: @autoclosure () -> Int) -> Int { deposit(amount()) }
  func audit() async -> Int { balance }
}

extension SpiedLedgerMock {
  /// Synchronous calls made inside the mock's isolation: `inout` writes and a typed error.
  func normalizeHere(_ entries: [Int], by scale: Int) -> ([Int], Int) {
    var entries = entries
    let count = normalize(&entries, by: scale)
    return (entries, count)
  }

  func closeHere() -> LedgerOverdrawn? {
    do {
      try close()
      return nil
    } catch {
      return error
    }
  }

  func renameHere(_ name: String) { owner = name }

  func entriesHere() -> [Int] {
    var seen: [Int] = []
    forEachEntry { seen.append($0) }
    return seen
  }
}

/// A value that is not `Sendable`: the real actor keeps the one it is given.
final class LedgerNote {
  var text: String
  init(_ text: String) { self.text = text }
}

/// Synchronous members with an argument and a result that are not `Sendable`, and a generic one.
@Mock
protocol SpiedNotebook: Actor {
  func keep(_ note: LedgerNote) -> Int
  func latest() -> LedgerNote?
  func echo<Value: Sendable>(_ value: Value) -> Value
  func file(_ note: LedgerNote) async -> Int
  func oldest() async -> LedgerNote?
  func retitle(_ note: inout LedgerNote, as text: String) async throws -> Int
}

struct EmptyTitle: Error, Equatable {}

actor Notebook: SpiedNotebook {
  var notes: [LedgerNote] = []
  func keep(_ note: LedgerNote) -> Int {
    notes.append(note)
    return notes.count
  }
  func latest() -> LedgerNote? { notes.last }
  func echo<Value: Sendable>(_ value: Value) -> Value { value }
  func file(_ note: LedgerNote) async -> Int {
    await Task.yield()
    return keep(note)
  }
  func oldest() async -> LedgerNote? {
    await Task.yield()
    return notes.first
  }
  func retitle(_ note: inout LedgerNote, as text: String) async throws -> Int {
    await Task.yield()
    guard !text.isEmpty else { throw EmptyTitle() }
    note = LedgerNote(text)
    return keep(note)
  }
  var texts: [String] { notes.map(\.text) }
}

extension SpiedNotebookMock {
  /// Made inside the mock's isolation, where a value that is not `Sendable` may go.
  func keepAndReadBack(_ text: String) -> (count: Int, latest: String?) {
    let count = keep(LedgerNote(text))
    return (count, latest()?.text)
  }

  /// The `async` members, from inside the mock's isolation: an argument and a result that are not
  /// `Sendable`, an `inout` write and an error.
  func fileAndRetitle(_ text: String, as title: String) async -> (filed: Int, oldest: String?, retitled: String, error: EmptyTitle?) {
    let filed = await file(LedgerNote(text))
    let oldest = await oldest()?.text
    var note = LedgerNote(text)
    do {
      _ = try await retitle(&note, as: title)
      return (filed, oldest, note.text, nil)
    } catch {
      return (filed, oldest, note.text, error as? EmptyTitle)
    }
  }
}

/// The executor an actor runs on, as bytes, to tell two apart.
private func executorBytes(_ actor: some Actor) -> [UInt8] {
  withUnsafeBytes(of: actor.unownedExecutor) { Array($0) }
}

@Suite("@Mock spies on actors")
struct SpiedActorTests {
  @Test func synchronousMembersGoToTheRealActor() async throws {
    let real = BankLedger()
    let ledger = SpiedLedgerMock(spying: real)
    #expect(await ledger.deposit(10) == 10)
    #expect(try await ledger.withdraw(4) == 6)
    await #expect(throws: LedgerOverdrawn(missing: 94)) { try await ledger.withdraw(100) }
    #expect(await ledger[entry: 1] == -4)
    #expect(await ledger.owner == "bank")
    await ledger.renameHere("mint")
    #expect(await real.owner == "mint")
    #expect(await real.balance == 6)
    #expect(await ledger.audit() == 6)

    verify(ledger.$deposit(10))
    verify(ledger.$withdraw(any()), .times(2))
    verify(ledger.$subscript(entry: 1))
    verify(ledger.$owner())
    verify(ledger.$owner(set: "mint"))
    verify(ledger.$audit())
    ledger.verifyNoMoreInteractions()
  }

  @Test func inoutWritesAndTypedErrorsComeBackFromTheRealActor() async {
    let real = BankLedger()
    let ledger = SpiedLedgerMock(spying: real)
    let (entries, count) = await ledger.normalizeHere([1, 2, 3], by: 10)
    #expect(entries == [10, 20, 30])
    #expect(count == 3)
    verify(ledger.$normalize([1, 2, 3], by: 10))

    #expect(await ledger.closeHere() == nil)
    _ = await ledger.deposit(-5)
    #expect(await ledger.closeHere() == LedgerOverdrawn(missing: 5))
    verify(ledger.$close(), .times(2))
  }

  @Test func valuesThatAreNotSendableAndGenericMembersGoToTheRealActor() async {
    let real = Notebook()
    let notebook = SpiedNotebookMock(spying: real)
    let first = await notebook.keepAndReadBack("first")
    #expect(first.count == 1)
    #expect(first.latest == "first")
    #expect(await notebook.keepAndReadBack("second").count == 2)
    #expect(await real.texts == ["first", "second"])
    #expect(await notebook.echo("echo") == "echo")
    verify(notebook.$keep(any()), .times(2))
    verify(notebook.$latest(), .times(2))
    verify(notebook.$echo(any(String.self)))
  }

  /// `async` isolated members go to the real actor on the executor the two share, so arguments
  /// and results that are not `Sendable` pass (a call with `await` from the mock's own isolation
  /// would not compile), with `inout` writes and errors.
  @Test func asyncMembersWithValuesThatAreNotSendableGoToTheRealActor() async {
    let real = Notebook()
    let notebook = SpiedNotebookMock(spying: real)
    let first = await notebook.fileAndRetitle("draft", as: "final")
    #expect(first.filed == 1)
    #expect(first.oldest == "draft")
    #expect(first.retitled == "final")
    #expect(first.error == nil)
    let second = await notebook.fileAndRetitle("memo", as: "")
    #expect(second.filed == 3)
    #expect(second.retitled == "memo")
    #expect(second.error == EmptyTitle())
    #expect(await real.texts == ["draft", "final", "memo"])
    verify(notebook.$file(any()), .times(2))
    verify(notebook.$oldest(), .times(2))
    verify(notebook.$retitle(any(), as: eq("final")))
    verify(notebook.$retitle(any(), as: eq("")))
  }

  @Test func aStubStillWins() async throws {
    let real = BankLedger()
    let ledger = SpiedLedgerMock(spying: real)
    when(ledger.$deposit(eq(1))).thenReturn(-1)
    when(ledger.$withdraw(any())).thenThrow(LedgerOverdrawn(missing: 0))
    when(ledger.$normalize(any(), by: any())).thenAnswer { entries, scale in
      entries = [scale]
      return 0
    }
    when(ledger.$owner()).thenReturn("stubbed")
    #expect(await ledger.deposit(1) == -1)
    #expect(await ledger.deposit(2) == 2)
    await #expect(throws: LedgerOverdrawn(missing: 0)) { try await ledger.withdraw(1) }
    let (entries, count) = await ledger.normalizeHere([1, 2], by: 7)
    #expect(entries == [7])
    #expect(count == 0)
    #expect(await ledger.owner == "stubbed")
    #expect(await real.entries == [2])
    verify(ledger.$deposit(any()), .times(2))
  }

  @Test func closuresAndAutoclosuresGoToTheRealActor() async {
    let real = BankLedger()
    let ledger = SpiedLedgerMock(spying: real)
    _ = await ledger.deposit(3)
    #expect(await ledger.depositLater(4) == 7)
    #expect(await ledger.entriesHere() == [3, 4])
    verify(ledger.$forEachEntry(any()))
    verify(ledger.$depositLater(any()))
  }

  @Test func aSpyRunsOnTheRealActorsExecutorAndAMockOnItsOwn() async {
    let real = BankLedger()
    let spy = SpiedLedgerMock(spying: real)
    let first = SpiedLedgerMock()
    let second = SpiedLedgerMock()
    #expect(executorBytes(spy) == executorBytes(real))
    #expect(executorBytes(first) != executorBytes(second))
    #expect(executorBytes(first) != executorBytes(real))
    #expect(spy.storage.spy?.sharesExecutor == true)

    // A mock that does not spy answers as before.
    when(first.$deposit(any())).thenAnswer { $0 * 2 }
    #expect(await first.deposit(4) == 8)
    #expect(await second.deposit(4) == 0)
    #expect(await second.owner == "")
    verify(first.$deposit(4))
    verify(second.$deposit(4))
  }

  @Test func concurrentCallsOnASpyLoseNothing() async {
    let real = BankLedger()
    let ledger = SpiedLedgerMock(spying: real)
    when(ledger.$deposit(eq(0))).thenReturn(-1)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for call in 0..<250 {
            if task % 2 == 0 {
              _ = await ledger.deposit(call % 5 == 0 ? 0 : 1)
            } else {
              _ = await real.deposit(1)
              _ = await ledger.owner
            }
          }
        }
      }
    }
    // 4 tasks × 200 real deposits through the spy, and 4 × 250 straight to the real actor.
    #expect(await real.balance == 4 * 200 + 4 * 250)
    verify(ledger.$deposit(0), .times(4 * 50))
    verify(ledger.$deposit(1), .times(4 * 200))
    verify(ledger.$owner(), .times(4 * 250))
  }
}
