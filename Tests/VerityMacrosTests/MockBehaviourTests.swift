import Foundation
import IssueReporting
import Synchronization
import Testing
import VerityMacros

// MARK: Fixtures

struct Album: Equatable, Sendable {
  var id: UUID
  var name: String
  var group: String
}

enum AlbumError: Error, Equatable { case notFound, offline }

/// The seed's example protocol, and one member of every other kind.
@Mock
protocol AlbumService {
  func getAlbum(id: UUID) async throws -> Album
  func albums(matching query: String?, limit: Int?) -> [Album]
  func save(_ album: Album) throws
  func rating(of id: UUID) -> Int
  func cover(of id: UUID) -> Data
  func refresh()
  var name: String { get set }
  var count: Int { get }
  var status: String { get async throws }
  subscript(index: Int) -> Album? { get set }
  subscript(title: String, in group: String) -> Int { get }
  static func make(named name: String) -> String
  func perform(_ work: () -> Void)
  func fetch(id: UUID, completion: @escaping @Sendable (Result<Album, AlbumError>) -> Void)
  func increment(_ value: inout Int)
  func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T
  func load(id: Int) -> String
  func load(id: String) -> String
  func validate(_ album: Album) throws(AlbumError) -> Bool
  func tag(_ tags: String...) -> Int
}

@Mock
protocol Repository<Item> {
  associatedtype Item: Equatable & Sendable
  func item(at index: Int) -> Item?
  func insert(_ item: Item)
}

@Mock
protocol Clock: Sendable {
  func now() -> Double
}

@Mock
protocol Counter: Actor {
  func increment(by amount: Int) -> Int
}

@MainActor
@Mock
protocol ViewDelegate {
  func didSelect(row: Int)
  nonisolated func identifier() -> String
}

@Mock
public protocol PublicService {
  func ping() -> Bool
}

/// A reference type without a conformance, and not `Sendable` (its state is mutable): recorded
/// through the dynamic path.
final class Playlist {
  var titles: [String]
  init(titles: [String]) { self.titles = titles }
}

@Mock
protocol Logger {
  func log(_ value: Any?)
  func share(_ playlist: Playlist)
}

/// The same member written by hand, for the "one meaning per word" checks.
final class HandWrittenAlbumService: Mock {
  let storage = MockStorage()
  func albums(matching query: String?, limit: Int?) -> [Album] {
    recordCall(withIdentifier: "albums(matching:limit:)", arguments: [query, limit])
    return stubbedValue(forIdentifier: "albums(matching:limit:)", arguments: [query, limit], default: [])
  }
}

/// The messages of the issues `body` reports (as known issues).
func issueMessages(_ body: () async throws -> Void) async rethrows -> [String] {
  let messages = Mutex<[String]>([])
  try await withKnownIssue {
    try await body()
  } matching: { issue in
    messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return messages.withLock { $0 }
}

let albumID = UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000001")!
let otherID = UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000002")!
let album = Album(id: albumID, name: "I'mperfect", group: "Ling Toshite Shigure")

// MARK: Tests

@Suite struct MockBehaviourTests {
  @Test func theAlbumServiceExample() async throws {
    let mock = AlbumServiceMock()
    let placeholder = Album(id: otherID, name: "placeholder", group: "")
    when(mock.$getAlbum(id: any())).thenReturn(placeholder)
    when(mock.$getAlbum(id: eq(albumID))).thenReturn(album)

    #expect(try await mock.getAlbum(id: albumID) == album)
    #expect(try await mock.getAlbum(id: otherID) == placeholder)

    verify(mock.$getAlbum(id: eq(albumID)))
    verify(mock.$getAlbum(id: albumID))
    verify(mock.$getAlbum(id: any()), .times(2))
    verify(mock.$getAlbum(id: !eq(albumID)), .times(1))
    verify(mock.$getAlbum(id: eq(albumID) || eq(otherID)), .times(2))
    verify(mock.$getAlbum(id: any() && !eq(otherID)), .once)
  }

  @Test func thenThrowAndThenAnswer() async throws {
    let mock = AlbumServiceMock()
    when(mock.$getAlbum(id: any())).thenAnswer { id in Album(id: id, name: "answered", group: "") }
    when(mock.$getAlbum(id: eq(otherID))).thenThrow(AlbumError.notFound)

    #expect(try await mock.getAlbum(id: albumID).name == "answered")
    await #expect(throws: AlbumError.notFound) { try await mock.getAlbum(id: otherID) }

    when(mock.$albums(matching: any(), limit: any())).thenAnswer { query, limit in
      Array(repeating: album, count: limit ?? 0).filter { _ in query != nil }
    }
    #expect(mock.albums(matching: "x", limit: 3).count == 3)
    #expect(mock.albums(matching: nil, limit: 3).isEmpty)
  }

  @Test func chainedAnswersFormASequenceWhoseLastRepeats() {
    let mock = AlbumServiceMock()
    when(mock.$rating(of: any())).thenReturn(1).thenReturn(2).thenAnswer { _ in 3 }
    #expect((0..<5).map { _ in mock.rating(of: albumID) } == [1, 2, 3, 3, 3])
  }

  @Test func theLastMatchingStubWins() {
    let mock = AlbumServiceMock()
    when(mock.$rating(of: eq(albumID))).thenReturn(5)
    when(mock.$rating(of: any())).thenReturn(1)
    #expect(mock.rating(of: albumID) == 1)
    when(mock.$rating(of: albumID)).thenReturn(7)
    #expect(mock.rating(of: albumID) == 7)
    #expect(mock.rating(of: otherID) == 1)
  }

  @Test func everyVerificationMode() {
    let mock = AlbumServiceMock()
    mock.refresh()
    mock.refresh()
    verify(mock.$refresh(), .times(2))
    verify(mock.$refresh(), .atLeast(2))
    verify(mock.$refresh(), .atMost(2))
    verify(mock.$refresh(), .atLeastOnce)
    verify(mock.$rating(of: any()), .never)
    let other = AlbumServiceMock()
    other.refresh()
    verify(other.$refresh(), .only)
  }

  @Test func failuresReadLikeHandWrittenOnes() async {
    let mock = AlbumServiceMock()
    _ = mock.rating(of: otherID)
    let messages = await issueMessages {
      verify(mock.$rating(of: eq(albumID)))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to rating(of: eq(UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000001"))), got 0
        1 call to rating(of:) had other arguments:
          #1 rating(of: UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000002"))
             argument 1: expected eq(UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000001")), got UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000002")
        """
      ])
  }

  @Test func inOrderAcrossMocksAndNoMoreInteractions() {
    let service = AlbumServiceMock()
    let clock = ClockMock()
    when(clock.$now()).thenReturn(1.5)
    service.refresh()
    _ = clock.now()
    service.name = "x"

    let inOrder = InOrder()
    inOrder.verify(service.$refresh())
    inOrder.verify(clock.$now())
    inOrder.verify(service.$name(set: "x"))
    service.verifyNoMoreInteractions()
    clock.verifyNoMoreInteractions()
  }

  @Test func inOrderReportsCallsOutOfOrder() async {
    let service = AlbumServiceMock()
    service.name = "a"
    service.refresh()
    let messages = await issueMessages {
      let inOrder = InOrder()
      inOrder.verify(service.$refresh())
      inOrder.verify(service.$name(set: eq("a")))
    }
    #expect(
      messages == [
        """
        verifyCall in order failed - expected 1 call to name = eq("a") after refresh(), got 0
        1 call to set name matched earlier, out of order
        """
      ])
  }

  @Test func captorsCaptureTypedArguments() {
    let mock = AlbumServiceMock()
    try? mock.save(album)
    try? mock.save(Album(id: otherID, name: "second", group: "g"))
    let saved = ArgumentCaptor<Album>()
    verify(mock.$save(saved.capture()), .times(2))
    #expect(saved.allValues.map(\.name) == ["I'mperfect", "second"])
  }

  @Test func waitingForACallWithin() async {
    let mock = AlbumServiceMock()
    let task = Task.detached {
      try await Task.sleep(for: .milliseconds(20))
      mock.refresh()
    }
    await verify(mock.$refresh(), within: .seconds(5))
    _ = await task.result
  }

  @Test func unstubbedCallsReturnDefaultsWhereTheyExist() async throws {
    let mock = AlbumServiceMock()
    mock.refresh()
    #expect(mock.albums(matching: nil, limit: nil) == [])
    #expect(mock.rating(of: albumID) == 0)
    #expect(mock[0] == nil)
    #expect(mock.name == "")
    #expect(try mock.validate(album) == false)
  }

  @Test func anUnstubbedThrowingCallReportsOnceAndThrows() async {
    let mock = AlbumServiceMock()
    let thrown = Mutex<(any Error)?>(nil)
    let messages = await issueMessages {
      do { _ = try await mock.getAlbum(id: albumID) } catch { thrown.withLock { $0 = error } }
    }
    #expect(
      messages == [
        "unstubbed call to getAlbum(id: UUID(uuidString: \"6F3C2F3E-0000-4000-8000-000000000001\")): no stub matches, and its result "
          + "type Album has no default value; stub it with when(…).thenReturn(…), or conform Album to MockDefaultable"
      ])
    let error = thrown.withLock { $0 }
    #expect(error is UnstubbedCallError)
    #expect(error.map { "\($0)" } == "unstubbed call to getAlbum(id: UUID(uuidString: \"6F3C2F3E-0000-4000-8000-000000000001\"))")
  }

  @Test func anUnstubbedCallThatCannotThrowStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let mock = AlbumServiceMock()
      #expect(mock.load(id: 1) == "")
      _ = FeedMock().featured(of: UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000003")!)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "unstubbed call to featured(of: UUID(uuidString: \"6F3C2F3E-0000-4000-8000-000000000003\")): no stub matches, "
          + "and its result type Album has no default value"))
  }

  @Test func strictModeReportsUnexpectedCallsAndUnusedStubs() async {
    let messages = await issueMessages {
      let mock = AlbumServiceMock(strict: true)
      when(mock.$rating(of: eq(albumID))).thenReturn(5)
      when(mock.$rating(of: eq(otherID))).thenReturn(6)
      #expect(mock.rating(of: albumID) == 5)
      mock.refresh()
      mock.verifyAllStubsUsed()
    }
    #expect(
      messages == [
        "unexpected call to refresh() on a strict mock: no stub matches it",
        #"verifyAllStubsUsed failed - the stub for rating(of: eq(UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000002"))) was never used"#,
      ])
  }

  @Test func aReleasedStrictMockReportsItsUnusedStubs() async {
    let messages = await issueMessages {
      do {
        let mock = ClockMock(strict: true)
        when(mock.$now()).thenReturn(1)
      }
    }
    #expect(messages == ["strict mock released - the stub for now() was never used"])
  }

  @Test func optionalParametersTakeNilAwareMatchers() {
    let mock = AlbumServiceMock()
    _ = mock.albums(matching: nil, limit: nil)
    _ = mock.albums(matching: "jazz", limit: 2)
    _ = mock.albums(matching: "rock", limit: 10)
    verify(mock.$albums(matching: any(), limit: isNil() || moreThan(3)), .times(2))
    verify(mock.$albums(matching: hasPrefix("ja"), limit: lessThan(5)), .once)
    verify(mock.$albums(matching: eq("rock"), limit: greaterThanOrEqual(10)), .once)
    verify(mock.$albums(matching: contains("o"), limit: any()), .once)
    verify(mock.$albums(matching: isNil(), limit: isNil()), .once)
    verify(mock.$albums(matching: nil, limit: nil), .once)
    verify(mock.$albums(matching: "jazz", limit: 2), .once)
  }

  @Test func generatedAndHandWrittenMocksGiveTheSameAnswers() {
    let generated = AlbumServiceMock()
    let handWritten = HandWrittenAlbumService()
    let calls: [(String?, Int?)] = [(nil, nil), ("jazz", 2), ("rock", 10), ("", 0), ("Jazz", 4)]
    for (query, limit) in calls {
      _ = generated.albums(matching: query, limit: limit)
      _ = handWritten.albums(matching: query, limit: limit)
    }
    let queryMatchers: [Matcher<String?>] = [any(), isNil(), eq("jazz"), hasPrefix("j", ignoringCase: true), !isNil()]
    let limitMatchers: [Matcher<Int?>] = [any(), isNil() || moreThan(3), lessThan(5), eq(0), isIn(1...4)]
    for query in queryMatchers {
      for limit in limitMatchers {
        let viaHandle = generated.storage.log.count(
          matching: CallPattern("albums(matching:limit:)", arguments: .any))
        #expect(viaHandle == 5)
        let expected = count { verify(generated.$albums(matching: query, limit: limit), .times($0)) }
        let handWrittenCount = count {
          handWritten.verifyCall(withIdentifier: "albums(matching:limit:)", arguments: [query, limit], mode: .times($0))
        }
        #expect(expected == handWrittenCount, "\(query) \(limit)")
        // A stub with the same matchers answers exactly the calls verification counts.
        let stubbed = AlbumServiceMock()
        when(stubbed.$albums(matching: query, limit: limit)).thenReturn([album])
        let answered = calls.filter { !stubbed.albums(matching: $0.0, limit: $0.1).isEmpty }.count
        #expect(answered == expected, "\(query) \(limit)")
      }
    }
  }

  @Test func propertiesAndSubscripts() async throws {
    let mock = AlbumServiceMock()
    when(mock.$count()).thenReturn(3)
    when(mock.$status()).thenThrow(AlbumError.offline)
    when(mock.$subscript(1)).thenReturn(album)
    #expect(mock.count == 3)
    await #expect(throws: AlbumError.offline) { try await mock.status }
    #expect(mock[1] == album)
    #expect(mock[2] == nil)
    mock.name = "Mine"
    mock[2] = album
    verify(mock.$name(set: "Mine"))
    verify(mock.$name(set: any()), .once)
    verify(mock.$subscript(eq(2), set: eq(album)))
    verify(mock.$subscript(2, set: album))
    verify(mock.$subscript(any()), .times(2))
    verify(mock.$count())

    when(mock.$subscript("Wish", in: "The Cure")).thenReturn(1992)
    #expect(mock["Wish", in: "The Cure"] == 1992)
    #expect(mock["Wish", in: "Other"] == 0)
    verify(mock.$subscript(eq("Wish"), in: any()), .times(2))
  }

  @Test func staticMembersRecordIntoTheTypesStorage() {
    let name = "static-\(UUID())"
    when(AlbumServiceMock.$make(named: eq(name))).thenReturn("made")
    #expect(AlbumServiceMock.make(named: name) == "made")
    verify(AlbumServiceMock.$make(named: name))
  }

  @Test func closureParameters() {
    let mock = AlbumServiceMock()
    when(mock.$perform(any())).thenAnswer { work in work() }
    var ran = false
    mock.perform { ran = true }
    #expect(ran)
    verify(mock.$perform(any()))

    when(mock.$fetch(id: any(), completion: any())).thenAnswer { id, completion in
      completion(.success(Album(id: id, name: "fetched", group: "")))
    }
    let received = Mutex<String?>(nil)
    mock.fetch(id: albumID) { result in received.withLock { $0 = try? result.get().name } }
    #expect(received.withLock { $0 } == "fetched")
    verify(mock.$fetch(id: eq(albumID), completion: any()))
  }

  @Test func inoutParametersRecordTheirValueOnEntry() {
    let mock = AlbumServiceMock()
    var value = 41
    mock.increment(&value)
    verify(mock.$increment(41))
  }

  @Test func genericMethods() throws {
    let mock = AlbumServiceMock()
    let data = Data("1".utf8)
    when(mock.$decode(any(), as: any(Int.Type.self))).thenReturn(7)
    #expect(try mock.decode(data, as: Int.self) == 7)
    verify(mock.$decode(eq(data), as: any(Int.Type.self)))
  }

  @Test func overloadsHaveDistinctIdentifiers() {
    let mock = AlbumServiceMock()
    when(mock.$load(id: eq(1))).thenReturn("int")
    when(mock.$load(id: eq("1"))).thenReturn("string")
    #expect(mock.load(id: 1) == "int")
    #expect(mock.load(id: "1") == "string")
    verify(mock.$load(id: any(Int.self)), .once)
    verify(mock.$load(id: any(String.self)), .once)
  }

  @Test func typedThrows() {
    let mock = AlbumServiceMock()
    when(mock.$validate(any())).thenThrow(AlbumError.notFound)
    #expect(throws: AlbumError.notFound) { try mock.validate(album) }
  }

  @Test func variadicParameters() {
    let mock = AlbumServiceMock()
    when(mock.$tag(eq(["a", "b"]))).thenReturn(2)
    #expect(mock.tag("a", "b") == 2)
    verify(mock.$tag(["a", "b"]))
  }

  @Test func associatedTypesBecomeGenericParameters() {
    let repository = RepositoryMock<String>()
    when(repository.$item(at: eq(0))).thenReturn("first")
    #expect(repository.item(at: 0) == "first")
    #expect(repository.item(at: 1) == nil)
    repository.insert("x")
    verify(repository.$insert("x"))
  }

  @Test func actorAndMainActorProtocols() async {
    let counter = CounterMock()
    when(counter.$increment(by: any())).thenAnswer { $0 + 1 }
    #expect(await counter.increment(by: 2) == 3)
    verify(counter.$increment(by: 2))

    let delegate = await MainActor.run { ViewDelegateMock() }
    await delegate.didSelect(row: 3)
    verify(delegate.$didSelect(row: 3))
    when(delegate.$identifier()).thenReturn("delegate")
    #expect(delegate.identifier() == "delegate")
  }

  @Test func concurrentCallsLoseNothing() async {
    let clock = ClockMock()
    when(clock.$now()).thenReturn(1)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<500 { _ = clock.now() }
        }
      }
    }
    verify(clock.$now(), .times(4000))
  }

  @Test func concurrentCallsTakeSuccessiveAnswers() async {
    let clock = ClockMock()
    var stubbing = when(clock.$now())
    for value in 0..<100 { stubbing = stubbing.thenReturn(Double(value)) }
    let seen = await withTaskGroup(of: [Double].self) { group in
      for _ in 0..<4 {
        group.addTask { (0..<25).map { _ in clock.now() } }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(seen.sorted() == (0..<100).map(Double.init))
  }

  @Test func nilLikeArgumentsMatchTheSameWayAsHandWritten() {
    let logger = LoggerMock()
    logger.log(nil)
    logger.log(NSNull())
    logger.log(Int?.none)
    logger.log(5)
    verify(logger.$log(isNil()), .times(3))
    verify(logger.$log(nil), .times(3))
    verify(logger.$log(isNotNil()), .once)
    logger.verifyCall(withIdentifier: "log(_:)", arguments: [nil], mode: .times(3))
    logger.verifyCall(withIdentifier: "log(_:)", arguments: [NSNull()], mode: .times(3))
  }

  @Test func classArgumentsAreSnapshotsForEqualityAndInstancesForMatchers() {
    let logger = LoggerMock()
    let playlist = Playlist(titles: ["a"])
    logger.share(playlist)
    playlist.titles.append("b")
    // A matcher sees the instance itself, as it is now; equality to a value sees the call-time
    // structure (the snapshot).
    verify(logger.$share(having(\.titles, eq(["a", "b"]))), .once)
    verify(logger.$share(identical(to: playlist)), .once)
    verify(logger.$share(Playlist(titles: ["a"])), .once)
    verify(logger.$share(Playlist(titles: ["a", "b"])), .never)
    let messages = reportedMessages {
      verify(logger.$share(having(\.titles, eq(["a"]))))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to share(having(\\Playlist.titles, eq(["a"]))), got 0
        1 call to share(_:) had other arguments:
          #1 share(Playlist(titles: ["a"]))
             argument 1: expected having(\\Playlist.titles, eq(["a"])), got Playlist(titles: ["a", "b"]) (checked on the object as it is now; at the call it was Playlist(titles: ["a"]))
        """
      ])
  }

  @Test func aFailedVerificationMarksNothing() {
    let clock = ClockMock()
    when(clock.$now()).thenReturn(1)
    _ = clock.now()
    let messages = reportedMessages { verify(clock.$now(), .times(2)) }
    #expect(messages == ["verify failed - expected 2 calls to now(), got 1"])
    // The failed check left the call unverified; the next check passes and marks it.
    let stillUnverified = reportedMessages { clock.verifyNoMoreInteractions() }
    #expect(stillUnverified == ["verifyNoMoreInteractions failed - 1 call not verified:\n  #1 now()"])
    verify(clock.$now())
    clock.verifyNoMoreInteractions()
  }

  @Test func publicProtocolsGetPublicMocks() {
    let mock = PublicServiceMock()
    when(mock.$ping()).thenReturn(true)
    #expect(mock.ping())
  }
}

/// The messages of the issues `body` reports, collected instead of failing the test.
func reportedMessages(_ body: () -> Void) -> [String] {
  let collector = IssueCollector()
  withIssueReporters([collector]) { body() }
  return collector.messages
}

/// How many calls make `verify` pass with `.times(n)`: the n for which it reports nothing (issues
/// go to a collecting reporter, not to the test).
func count(_ verification: (Int) -> Void) -> Int {
  for n in 0...10 {
    let collector = IssueCollector()
    withIssueReporters([collector]) { verification(n) }
    if collector.messages.isEmpty { return n }
  }
  return -1
}

/// Collects reported issues instead of failing the test.
final class IssueCollector: IssueReporter {
  private let collected = Mutex<[String]>([])
  var messages: [String] { collected.withLock { $0 } }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    collected.withLock { $0.append(text) }
  }
}
