import Foundation
import Synchronization
import Testing
import VerityMacros

// Spies (`init(spying:)`) in the shapes real protocols have: a swift-log `LogHandler` (a value
// type with settable properties and a settable subscript), a NIO `MessageToByteEncoder` (an
// associated type, an `inout` buffer, a throwing member), a GRDB `DatabaseReader` (generic
// members that take the caller's closure, async and throwing), an actor, and a `@MainActor` screen.

/// What the real objects below write down, shared by the test and the object.
final class SpyJournal: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

enum SpyLogLevel: String, Sendable { case debug, info, error }

/// swift-log's `LogHandler` shape: a value type whose level and metadata the logger sets.
@Mock
protocol SpiedLogHandler: Sendable {
  var logLevel: SpyLogLevel { get set }
  var metadata: [String: String] { get set }
  subscript(metadataKey _: String) -> String? { get set }
  func log(level: SpyLogLevel, message: String, source: String, file: String, function: String, line: UInt)
}

struct JournalLogHandler: SpiedLogHandler {
  let journal: SpyJournal
  var logLevel: SpyLogLevel = .info
  var metadata: [String: String] = [:]
  subscript(metadataKey key: String) -> String? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(level: SpyLogLevel, message: String, source: String, file: String, function: String, line: UInt) {
    let context = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    journal.append("[\(level.rawValue)] \(message)\(context.isEmpty ? "" : " " + context)")
  }
}

struct SpyBuffer: Sendable, Equatable {
  var bytes: [UInt8] = []
  mutating func write(_ text: String) { bytes += Array(text.utf8) }
  var text: String { String(decoding: bytes, as: UTF8.self) }
}

struct EncodingFailure: Error, Equatable { var reason: String }

/// NIO's `MessageToByteEncoder` shape: what it encodes is an associated type, and it writes into
/// the caller's buffer.
@Mock
protocol SpiedMessageEncoder {
  associatedtype OutboundIn
  func encode(data: OutboundIn, out: inout SpyBuffer) throws
  func encodedLength(of data: OutboundIn) -> Int
  var name: String { get }
}

struct LineEncoder: SpiedMessageEncoder, Sendable {
  func encode(data: String, out: inout SpyBuffer) throws {
    guard !data.contains("\n") else { throw EncodingFailure(reason: "line break in \(data.debugDescription)") }
    out.write(data + "\r\n")
  }
  func encodedLength(of data: String) -> Int { data.utf8.count + 2 }
  var name: String { "lines" }
}

/// What a GRDB reader hands the caller's closure.
final class SpyDatabase {
  var rows: [String: Int]
  init(rows: [String: Int]) { self.rows = rows }
}

struct DatabaseClosed: Error, Equatable {}

/// GRDB's `DatabaseReader` shape: a class-bound reader that runs the caller's closure on its
/// database (a generic result, a closure that does not escape), hands it to a callback, and
/// backs up asynchronously.
@Mock
protocol SpiedDatabaseReader: AnyObject, Sendable {
  func read<T>(_ value: (SpyDatabase) throws -> T) throws -> T
  func asyncRead(_ value: @escaping @Sendable (Result<SpyDatabase, any Error>) -> Void)
  func backup(to path: String) async throws
  var path: String { get }
}

final class InMemoryReader: SpiedDatabaseReader {
  let isOpen: Bool
  init(isOpen: Bool = true) { self.isOpen = isOpen }
  func read<T>(_ value: (SpyDatabase) throws -> T) throws -> T {
    guard isOpen else { throw DatabaseClosed() }
    return try value(SpyDatabase(rows: ["albums": 3, "artists": 2]))
  }
  func asyncRead(_ value: @escaping @Sendable (Result<SpyDatabase, any Error>) -> Void) {
    value(isOpen ? .success(SpyDatabase(rows: ["albums": 3])) : .failure(DatabaseClosed()))
  }
  func backup(to path: String) async throws {
    guard isOpen else { throw DatabaseClosed() }
  }
  var path: String { ":memory:" }
}

/// An actor protocol: its async, `nonisolated` and synchronous isolated members reach the real actor.
@Mock
protocol SpiedCounterStore: Actor {
  func increment(by step: Int) async -> Int
  func reset(to value: Int) async throws
  nonisolated var label: String { get }
  func peek() -> Int
}

struct NegativeCount: Error, Equatable { var value: Int }

actor CounterStore: SpiedCounterStore {
  var count = 0
  func increment(by step: Int) async -> Int {
    count += step
    return count
  }
  func reset(to value: Int) async throws {
    guard value >= 0 else { throw NegativeCount(value: value) }
    count = value
  }
  nonisolated var label: String { "counter" }
  func peek() -> Int { count }
}

/// A `@MainActor` screen.
@MainActor @Mock
protocol SpiedScreen {
  var title: String { get set }
  func show(_ message: String) -> Bool
  func load() async throws -> [String]
}

struct ScreenOffline: Error, Equatable {}

@MainActor final class RealScreen: SpiedScreen {
  var title = "Home"
  var shown: [String] = []
  var online = true
  func show(_ message: String) -> Bool {
    shown.append(message)
    return true
  }
  func load() async throws -> [String] {
    guard online else { throw ScreenOffline() }
    return ["a", "b"]
  }
}

/// A `@Mock` parent and child: the child's spy passes the parent's members on too.
@Mock
protocol SpiedKeyReader: Sendable {
  func read(key: String) -> String?
}

@Mock
protocol SpiedKeyStore: SpiedKeyReader {
  func write(key: String, value: String)
}

final class MemoryKeyStore: SpiedKeyStore {
  private let values = Mutex<[String: String]>([:])
  func read(key: String) -> String? { values.withLock { $0[key] } }
  func write(key: String, value: String) { values.withLock { $0[key] = value } }
}

@Suite struct MockSpyShapeTests {
  // MARK: Inherited members, strict spies

  @Test func aChildsSpyPassesItsParentsMembersOn() {
    let store = SpiedKeyStoreMock(spying: MemoryKeyStore())
    store.write(key: "a", value: "1")
    #expect(store.read(key: "a") == "1")
    when(store.$read(key: "b")).thenReturn("stubbed")
    #expect(store.read(key: "b") == "stubbed")
    verify(store.$write(key: "a", value: "1"))
    verify(store.$read(key: any()), .times(2))
    store.verifyNoMoreInteractions()
  }

  @Test func aStrictSpyReportsNoCallThatGoesToTheRealObject() {
    let real = MemoryKeyStore()
    let store = SpiedKeyStoreMock(spying: real, strict: true)
    var answers: [String?] = []
    let messages = reportedMessages {
      store.write(key: "a", value: "1")
      answers = [store.read(key: "a"), store.read(key: "missing")]
    }
    #expect(messages == [])
    #expect(answers == ["1", nil])
    // The same calls on a strict mock that does not spy are reported.
    let plain = SpiedKeyStoreMock(strict: true)
    #expect(reportedMessages { _ = plain.read(key: "a") }.count == 1)
    #expect(real.read(key: "a") == "1")
  }

  // MARK: swift-log's LogHandler

  @Test func aLogHandlerSpyPassesCallsAndKeepsWhatItsSettersChange() {
    let journal = SpyJournal()
    let handler = SpiedLogHandlerMock(spying: JournalLogHandler(journal: journal))
    handler.logLevel = .debug
    handler[metadataKey: "request"] = "42"
    handler.log(level: .info, message: "started", source: "app", file: "main.swift", function: "run()", line: 7)

    // The value-type real object kept what the setters changed.
    #expect(handler.logLevel == .debug)
    #expect(handler.metadata == ["request": "42"])
    #expect(handler[metadataKey: "request"] == "42")
    #expect(journal.all == ["[info] started request=42"])
    verify(handler.$logLevel(set: .debug))
    verify(handler.$subscript(metadataKey: "request", set: "42"))
    verify(handler.$log(level: eq(.info), message: eq("started"), source: any(), file: any(), function: any(), line: eq(7)))
    verify(handler.$logLevel())
    verify(handler.$metadata())
    verify(handler.$subscript(metadataKey: "request"))
    handler.verifyNoMoreInteractions()
  }

  @Test func aStubOverridesOneMemberWhileTheOthersGoToTheLogHandler() {
    let journal = SpyJournal()
    let handler = SpiedLogHandlerMock(spying: JournalLogHandler(journal: journal))
    when(handler.$logLevel()).thenReturn(.error)
    when(handler.$log(level: eq(.debug), message: any(), source: any(), file: any(), function: any(), line: any()))
      .thenAnswer { _ in }
    handler.log(level: .debug, message: "dropped", source: "app", file: "a.swift", function: "f()", line: 1)
    handler.log(level: .error, message: "kept", source: "app", file: "a.swift", function: "f()", line: 2)

    #expect(handler.logLevel == .error)
    #expect(handler.metadata == [:])
    #expect(journal.all == ["[error] kept"])
    verify(handler.$log(level: any(), message: any(), source: any(), file: any(), function: any(), line: any()), .times(2))
  }

  @Test func verifyNoMoreInteractionsSeesForwardedCalls() async {
    let journal = SpyJournal()
    let handler = SpiedLogHandlerMock(spying: JournalLogHandler(journal: journal))
    handler.log(level: .info, message: "hello", source: "app", file: "a.swift", function: "f()", line: 3)
    _ = handler.metadata
    verify(handler.$metadata())
    let messages = await issueMessages { handler.verifyNoMoreInteractions() }
    #expect(
      messages == [
        """
        verifyNoMoreInteractions failed - 1 call not verified:
          #1 log(level: SpyLogLevel.info, message: "hello", source: "app", file: "a.swift", function: "f()", line: 3)
        """
      ])
  }

  // MARK: NIO's MessageToByteEncoder

  @Test func anEncoderSpyWritesIntoTheCallersBufferAndRethrows() throws {
    let encoder = SpiedMessageEncoderMock<String>(spying: LineEncoder())
    var buffer = SpyBuffer()
    try encoder.encode(data: "GET /", out: &buffer)
    #expect(buffer.text == "GET /\r\n")
    #expect(encoder.encodedLength(of: "abc") == 5)
    #expect(encoder.name == "lines")

    #expect(throws: EncodingFailure(reason: #"line break in "a\nb""#)) {
      try encoder.encode(data: "a\nb", out: &buffer)
    }
    // The buffer is recorded as it was passed.
    verify(encoder.$encode(data: "GET /", out: SpyBuffer()))
    verify(encoder.$encode(data: eq("a\nb"), out: any()))
    verify(encoder.$encodedLength(of: "abc"))
    verify(encoder.$name())
    encoder.verifyNoMoreInteractions()
  }

  @Test func aStubbedEncoderMemberAnswersInsteadOfTheRealOne() throws {
    let encoder = SpiedMessageEncoderMock<String>(spying: LineEncoder())
    when(encoder.$encode(data: eq("fail"), out: any())).thenThrow(EncodingFailure(reason: "stubbed"))
    when(encoder.$encodedLength(of: any())).thenReturn(99)
    var buffer = SpyBuffer()
    #expect(throws: EncodingFailure(reason: "stubbed")) { try encoder.encode(data: "fail", out: &buffer) }
    try encoder.encode(data: "ok", out: &buffer)
    #expect(buffer.text == "ok\r\n")
    #expect(encoder.encodedLength(of: "ok") == 99)
    verify(encoder.$encode(data: any(), out: any()), .times(2))
  }

  @Test func aStubbedEncoderAnswerWritesIntoTheCallersBuffer() throws {
    let encoder = SpiedMessageEncoderMock<String>(spying: LineEncoder())
    when(encoder.$encode(data: eq("ping"), out: any())).thenAnswer { data, out in out.write("stubbed \(data)") }
    var buffer = SpyBuffer()
    try encoder.encode(data: "ping", out: &buffer)
    #expect(buffer.text == "stubbed ping")
    try encoder.encode(data: "pong", out: &buffer)
    #expect(buffer.text == "stubbed pingpong\r\n")
    // Recorded as passed, before the answer or the real object wrote.
    verify(encoder.$encode(data: "ping", out: SpyBuffer()))
  }

  // MARK: GRDB's DatabaseReader

  @Test func aReaderSpyRunsTheCallersClosureOnTheRealDatabase() async throws {
    let reader = SpiedDatabaseReaderMock(spying: InMemoryReader())
    let albums = try reader.read { $0.rows["albums"] ?? 0 }
    #expect(albums == 3)
    let counts = SpyJournal()
    reader.asyncRead { result in counts.append("\((try? result.get())?.rows["albums"] ?? -1)") }
    #expect(counts.all == ["3"])
    try await reader.backup(to: "/tmp/copy")
    #expect(reader.path == ":memory:")
    verify(reader.$read(any()) as MockCall<(SpyDatabase) throws -> Int, Int>)
    verify(reader.$asyncRead(any()))
    verify(reader.$backup(to: "/tmp/copy"))
    verify(reader.$path())
    reader.verifyNoMoreInteractions()
  }

  @Test func aClosedReadersErrorIsRethrownUnlessAStubAnswers() async throws {
    let reader = SpiedDatabaseReaderMock(spying: InMemoryReader(isOpen: false))
    #expect(throws: DatabaseClosed()) { try reader.read { $0.rows.count } }
    await #expect(throws: DatabaseClosed()) { try await reader.backup(to: "a") }
    when(reader.$backup(to: "b")).thenReturn(())
    try await reader.backup(to: "b")
    verify(reader.$read(any()) as MockCall<(SpyDatabase) throws -> Int, Int>)
    verify(reader.$backup(to: any()), .times(2))
  }

  // MARK: An actor

  @Test func anActorSpyPassesItsAsyncNonisolatedAndSynchronousMembers() async throws {
    let real = CounterStore()
    let store = SpiedCounterStoreMock(spying: real)
    #expect(await store.increment(by: 2) == 2)
    #expect(await store.increment(by: 3) == 5)
    #expect(store.label == "counter")
    await #expect(throws: NegativeCount(value: -1)) { try await store.reset(to: -1) }
    when(store.$increment(by: 10)).thenReturn(-10)
    #expect(await store.increment(by: 10) == -10)
    #expect(await real.count == 5)
    // A synchronous isolated member reaches the real actor too: the mock runs on its executor.
    #expect(await store.peek() == 5)

    verify(store.$increment(by: any()), .times(3))
    verify(store.$reset(to: -1))
    verify(store.$label())
    verify(store.$peek())
    store.verifyNoMoreInteractions()
  }

  // MARK: A @MainActor protocol

  @MainActor @Test func aMainActorSpyPassesCallsOnTheMainActor() async throws {
    let real = RealScreen()
    let screen = SpiedScreenMock(spying: real)
    #expect(screen.show("welcome"))
    screen.title = "Settings"
    #expect(real.title == "Settings")
    #expect(screen.title == "Settings")
    #expect(try await screen.load() == ["a", "b"])
    when(screen.$show("hidden")).thenReturn(false)
    #expect(!screen.show("hidden"))
    #expect(real.shown == ["welcome"])
    real.online = false
    await #expect(throws: ScreenOffline()) { try await screen.load() }

    verify(screen.$show(any()), .times(2))
    verify(screen.$title(set: "Settings"))
    verify(screen.$title())
    verify(screen.$load(), .times(2))
    screen.verifyNoMoreInteractions()
  }
}
