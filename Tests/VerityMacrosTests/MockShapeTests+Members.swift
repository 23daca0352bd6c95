import Foundation
import Synchronization
import Testing
import VerityMacros

// Members in the shapes real protocols have: existential and opaque parameters, names that are
// keywords, `#if` blocks, `where` clauses, overloads by effect and by result, `Self`, implicitly
// unwrapped optionals, `NSObjectProtocol`, initializers, closures beside plain values.

@Mock
protocol ErrorReporter: Sendable {
  func didFail(_ error: any Error)
  func record(_ value: any Sendable, for key: String)
}

struct ShapeError: Error, Equatable { var code: Int }

@Mock
protocol BodyWriter {
  func write(_ body: some Sequence<UInt8>) -> Int
  func encode(_ value: some Encodable & Sendable) throws
}

@Mock
protocol Router {
  func `for`(_ path: String) -> Int
  var `default`: String { get }
  func `repeat`(times: Int)
}

@Mock
protocol KeywordLookup {
  func find(for: String, in: String) -> Int
  func set(default: Int, repeat: Bool)
}

@Mock
protocol PlatformService {
  func common() -> Int
  #if os(Linux) || os(macOS) || os(iOS) || os(Windows)
  func hosted() -> String
  #else
  func embedded() -> String
  #endif
}

@Mock
protocol ElementSource where Element: Sendable {
  associatedtype Element
  associatedtype Elements: Collection & Sendable where Elements.Element == Element
  func all() -> Elements
  func first() -> Element?
}

/// A `where` clause that names a typealias of an associated type's member (a server whose
/// responder's context must come from a request source).
protocol RequestSource<Payload> { associatedtype Payload }
protocol Responder { associatedtype Context }
struct BytesSource: RequestSource { typealias Payload = [UInt8] }
struct BytesResponder: Responder { typealias Context = BytesSource }

@Mock
protocol HostedApplication where Context: RequestSource<[UInt8]> {
  associatedtype Handler: Responder
  typealias Context = Handler.Context
  var responder: Handler { get }
  func serve(port: Int) -> Bool
}

@Mock
protocol Server {
  func start(address: String) throws
  func start(address: String) async throws
}

@Mock
protocol Copying: Sendable {
  func copy() -> Self
}

@Mock
protocol Valued {
  func value() -> Int
  func value() -> String
}

@Mock
protocol LegacyAccount {
  var name: String! { get set }
  func lookup(_ id: String!) -> String!
}

@Mock
protocol LegacyDelegate: NSObjectProtocol {
  func didUpdate(_ count: Int)
}

@Mock
protocol Connector {
  init(host: String, port: Int)
  func connect() -> Bool
  func session() throws -> Album
}

@Mock
protocol Fetcher {
  func fetch(id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void)
}

/// Members with as many arguments as a handle passes one by one (6), and one more, whose handle
/// passes a list: both stub and verify alike.
@Mock
protocol WideQuery {
  func find(_ table: String, _ column: String, _ value: Int, limit: Int, offset: Int, descending: Bool) -> [Int]
  func find(
    _ table: String, _ column: String, _ value: Int, limit: Int, offset: Int, descending: Bool, cached: Bool
  ) -> [Int]
}

@Suite struct MockWideMemberTests {
  @Test func sixAndSevenArgumentsStubAndVerifyAlike() {
    let query = WideQueryMock()
    when(query.$find(eq("albums"), any(), eq(7), limit: any(), offset: eq(0), descending: any())).thenReturn([1])
    when(query.$find(eq("albums"), any(), eq(7), limit: any(), offset: eq(0), descending: any(), cached: eq(true)))
      .thenReturn([2])
    #expect(query.find("albums", "id", 7, limit: 10, offset: 0, descending: false) == [1])
    #expect(query.find("albums", "id", 8, limit: 10, offset: 0, descending: false) == [])
    #expect(query.find("albums", "id", 7, limit: 10, offset: 0, descending: true, cached: true) == [2])
    #expect(query.find("albums", "id", 7, limit: 10, offset: 0, descending: true, cached: false) == [])
    verify(query.$find(any(), any(), any(), limit: eq(10), offset: any(), descending: any()), .times(2))
    verify(query.$find("albums", "id", 7, limit: 10, offset: 0, descending: false))
    verify(query.$find(any(), any(), eq(7), limit: any(), offset: any(), descending: eq(true), cached: any()), .times(2))
    verify(query.$find("albums", "id", 7, limit: 10, offset: 0, descending: true, cached: false))
    query.verifyNoMoreInteractions()
  }
}

@Suite struct MockMemberShapeTests {
  @Test func existentialParameters() async {
    let mock = ErrorReporterMock()
    mock.didFail(ShapeError(code: 7))
    mock.record(42, for: "answer")
    let failure = ArgumentCaptor<any Error>()
    verify(mock.$didFail(failure.capture()))
    #expect((failure.lastValue as? ShapeError) == ShapeError(code: 7))
    verify(mock.$record(any(), for: eq("answer")))
    let messages = await issueMessages { verify(mock.$record(any(), for: eq("question"))) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to record(any(), for: eq("question")), got 0
        1 call to record(_:for:) had other arguments:
          #2 record(42, for: "answer")
             argument 2: expected eq("question"), got "answer"
        """
      ])
  }

  @Test func opaqueParametersAreRecorded() async throws {
    let mock = BodyWriterMock()
    when(mock.$write(any())).thenAnswer { body in Array(body).count }
    #expect(mock.write([1, 2, 3] as [UInt8]) == 3)
    #expect(mock.write(Data([4])) == 1)
    try mock.encode("text")
    verify(mock.$write(any()), .times(2))
    verify(mock.$encode(any()))
    let messages = await issueMessages { verify(mock.$encode(any()), .never) }
    #expect(messages == [#"verify failed - expected no calls to encode(any()), got 1"#])
  }

  @Test func backtickedMemberNames() async {
    let mock = RouterMock()
    when(mock.$for("/a")).thenReturn(1)
    when(mock.$default()).thenReturn("home")
    #expect(mock.for("/a") == 1)
    #expect(mock.default == "home")
    mock.repeat(times: 2)
    verify(mock.$repeat(times: 2))
    verify(mock.$for(any()))
    let messages = await issueMessages { verify(mock.$repeat(times: 3)) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to repeat(times: 3), got 0
        1 call to repeat(times:) had other arguments:
          #3 repeat(times: 2)
             argument 1: expected 3, got 2
        """
      ])
  }

  @Test func keywordParameterNames() async {
    let mock = KeywordLookupMock()
    when(mock.$find(for: "a", in: "b")).thenAnswer { key, scope in key.count + scope.count }
    #expect(mock.find(for: "a", in: "b") == 2)
    mock.set(default: 1, repeat: true)
    verify(mock.$set(default: 1, repeat: true))
    let messages = await issueMessages { verify(mock.$find(for: eq("x"), in: any())) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to find(for: eq("x"), in: any()), got 0
        1 call to find(for:in:) had other arguments:
          #1 find(for: "a", in: "b")
             argument 1: expected eq("x"), got "a"
        """
      ])
  }

  @Test func membersInsideIfBlocks() async {
    let mock = PlatformServiceMock()
    when(mock.$hosted()).thenReturn("yes")
    #expect(mock.hosted() == "yes")
    #expect(mock.common() == 0)
    verify(mock.$hosted())
    let messages = await issueMessages { verify(mock.$common(), .never) }
    #expect(messages == ["verify failed - expected no calls to common(), got 1"])
  }

  @Test func whereClausesOnTheProtocolAndItsAssociatedTypes() async {
    let mock = ElementSourceMock<Int, [Int]>()
    when(mock.$all()).thenReturn([1, 2])
    when(mock.$first()).thenReturn(1)
    #expect(mock.all() == [1, 2])
    #expect(mock.first() == 1)
    verify(mock.$all())
    let messages = await issueMessages { verify(mock.$first(), .times(2)) }
    #expect(messages == ["verify failed - expected 2 calls to first(), got 1"])
  }

  @Test func whereClausesThatNameATypealias() async {
    let mock = HostedApplicationMock<BytesResponder>()
    when(mock.$serve(port: 8080)).thenReturn(true)
    #expect(mock.serve(port: 8080))
    #expect(!mock.serve(port: 80))
    verify(mock.$serve(port: 8080))
    let messages = await issueMessages { verify(mock.$serve(port: any()), .once) }
    #expect(messages == ["verify failed - expected 1 call to serve(port: any()), got 2"])
  }

  @Test func syncAndAsyncOverloadsHaveTheirOwnHandles() async throws {
    let mock = ServerMock()
    when(mock.$startAsync(address: "b")).thenThrow(ShapeError(code: 1))
    // In an async function, a call takes the async overload; a synchronous one takes the other.
    func startSynchronously(_ server: some Server) throws { try server.start(address: "a") }
    try startSynchronously(mock)
    await #expect(throws: ShapeError(code: 1)) { try await mock.start(address: "b") }
    verify(mock.$start(address: "a"))
    verify(mock.$startAsync(address: "b"))
    let messages = await issueMessages { verify(mock.$start(address: "b")) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to start(address: "b"), got 0
        1 call to start(address: String) had other arguments:
          #1 start(address: "a")
             argument 1: expected "b", got "a"
        """
      ])
  }

  @Test func selfResults() async {
    let mock = CopyingMock()
    let copy = CopyingMock()
    when(mock.$copy()).thenReturn(copy)
    #expect(mock.copy() === copy)
    verify(mock.$copy())
    let messages = await issueMessages { verify(copy.$copy()) }
    #expect(messages == ["verify failed - expected 1 call to copy(), got 0\nNo calls were recorded."])
  }

  @Test func overloadsByResultAreSeparateMembers() async {
    let mock = ValuedMock()
    when(mock.$value(returning: Int.self)).thenReturn(7)
    when(mock.$value(returning: String.self)).thenReturn("seven")
    let number: Int = mock.value()
    let text: String = mock.value()
    let again: Int = mock.value()
    #expect(number == 7 && again == 7 && text == "seven")
    verify(mock.$value(returning: Int.self), .times(2))
    verify(mock.$value(returning: String.self), .once)
    let messages = await issueMessages { verify(mock.$value(returning: String.self), .times(2)) }
    #expect(messages == ["verify failed - expected 2 calls to value() -> String, got 1"])
  }

  @Test func implicitlyUnwrappedOptionals() async {
    let mock = LegacyAccountMock()
    when(mock.$name()).thenReturn("ann")
    when(mock.$lookup(isNil())).thenReturn(nil)
    when(mock.$lookup(eq("1"))).thenReturn("one")
    let name: String = mock.name
    #expect(name == "ann")
    #expect(mock.lookup("1") == "one")
    #expect(mock.lookup(nil) == nil)
    mock.name = nil
    verify(mock.$name(set: isNil()))
    verify(mock.$lookup(any()), .times(2))
    let messages = await issueMessages { verify(mock.$name(set: eq("bob"))) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to name = eq("bob"), got 0
        1 call to set name had other arguments:
          #4 name = nil
             argument 1: expected eq("bob"), got nil
        """
      ])
  }

  @Test func anNSObjectProtocolsMockIsAnNSObject() async {
    let mock = LegacyDelegateMock()
    let object: NSObject = mock
    #expect(object.isEqual(mock))
    mock.didUpdate(3)
    verify(mock.$didUpdate(3))
    let messages = await issueMessages { verify(mock.$didUpdate(4)) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to didUpdate(4), got 0
        1 call to didUpdate(_:) had other arguments:
          #1 didUpdate(3)
             argument 1: expected 4, got 3
        """
      ])
  }

  @Test func initializerRequirementsHaveInitHandles() async {
    func make<C: Connector>(_: C.Type) -> C { C(host: "db", port: 5432) }
    let mock = make(ConnectorMock.self)
    when(mock.$connect()).thenReturn(true)
    #expect(mock.connect())
    verify(mock.$init(host: "db", port: 5432))
    verify(mock.$connect())
    let direct = ConnectorMock(host: "cache", port: 6379)
    let messages = await issueMessages { verify(direct.$init(host: eq("db"), port: any())) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to init(host: eq("db"), port: any()), got 0
        1 call to init(host:port:) had other arguments:
          #1 init(host: "cache", port: 6379)
             argument 1: expected eq("db"), got "cache"
        """
      ])
  }

  @Test func plainValuesBesideAClosure() async {
    let mock = FetcherMock()
    let results = Mutex<[String]>([])
    mock.fetch(id: 1) { result in results.withLock { $0.append((try? result.get()) ?? "failed") } }
    let completion = ArgumentCaptor<@Sendable (Result<String, any Error>) -> Void>()
    verify(mock.$fetch(id: 1, completion: completion.capture()))
    completion.lastValue?(.success("album"))
    #expect(results.withLock { $0 } == ["album"])
    verify(mock.$fetch(id: 1))
    let messages = await issueMessages { verify(mock.$fetch(id: 2)) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to fetch(id: 2, completion: any()), got 0
        1 call to fetch(id:completion:) had other arguments:
          #1 fetch(id: 1, completion: <function @Sendable (Result<String, Error>) -> ()>)
             argument 1: expected 2, got 1
        """
      ])
  }
}
