import Foundation
import Testing
import VerityMacros

// Protocols that inherit other protocols, in the shapes real packages have: a marker, a parent
// whose requirements all have defaults, a `@Mock` parent, another module's parent restated, and a
// parent whose requirements an extension of the mock implements.

/// A marker protocol: no requirements.
protocol ShapeMarker {}

@Mock
protocol TaggedSource: ShapeMarker, Sendable {
  func tag() -> String
}

/// A parent whose requirements all have defaults, as swift-log's `LogHandler` and
/// swift-metrics' handlers have for their newer members.
protocol FlushingSink {
  func flush()
  var flushInterval: Double { get }
}

extension FlushingSink {
  func flush() {}
  var flushInterval: Double { 1 }
}

@Mock
protocol CounterSink: FlushingSink {
  func increment(by amount: Int64)
}

/// A `@Mock` parent: its mock, and the mock of every protocol that inherits it, get its members.
@Mock
protocol KeyReader {
  func read(key: String) -> String?
  var keyCount: Int { get }
}

@Mock
protocol KeyStore: KeyReader {
  func write(key: String, value: String)
}

/// Two levels: the grandchild's mock gets both parents' members.
@Mock
protocol KeyCache: KeyStore {
  func evict(key: String)
}

/// Another module's protocol (`CustomStringConvertible`, from the standard library), its
/// requirement restated so the macro sees it.
@Mock
protocol DescribedClock: CustomStringConvertible {
  var description: String { get }
  func now() -> Double
}

/// A parent the macro cannot see, without defaults: the mock is finished in an extension.
protocol Closing {
  func close(reason: String)
}

@Mock
protocol Stream: Closing {
  func send(_ bytes: [UInt8])
}

extension StreamMock {
  func close(reason: String) {
    recordCall(withIdentifier: "close(reason:)", arguments: [reason])
  }

  /// A hand-written handle (only a macro may declare a `$` name).
  func closeCall(reason: Matcher<String> = any()) -> MockCall<String, Void> {
    MockCall(storage: storage, identifier: "close(reason:)", arguments: [reason])
  }
}

@Suite struct MockInheritanceShapeTests {
  @Test func aMarkerProtocolNeedsNothing() async {
    let mock = TaggedSourceMock()
    when(mock.$tag()).thenReturn("v1")
    let marked: any ShapeMarker = mock
    #expect((marked as? any TaggedSource)?.tag() == "v1")
    verify(mock.$tag())
    let messages = await issueMessages { verify(mock.$tag(), .never) }
    #expect(messages == ["verify failed - expected no calls to tag(), got 1"])
  }

  @Test func inheritedRequirementsWithDefaultsUseTheDefaults() async {
    let mock = CounterSinkMock()
    mock.increment(by: 3)
    mock.flush()
    #expect(mock.flushInterval == 1)
    verify(mock.$increment(by: 3))
    let messages = await issueMessages { verify(mock.$increment(by: 4)) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to increment(by: 4), got 0
        1 call to increment(by:) had other arguments:
          #1 increment(by: 3)
             argument 1: expected 4, got 3
        """
      ])
  }

  @Test func aMockParentGivesItsMembersAndHandlesToTheChild() async {
    let store = KeyStoreMock()
    when(store.$read(key: "a")).thenReturn("1")
    when(store.$keyCount()).thenReturn(2)
    store.write(key: "b", value: "2")
    #expect(store.read(key: "a") == "1")
    #expect(store.read(key: "b") == nil)
    #expect(store.keyCount == 2)
    let reader: any KeyReader = store
    #expect(reader.read(key: "a") == "1")
    verify(store.$read(key: any()), .times(3))
    verify(store.$write(key: "b", value: "2"))
    let messages = await issueMessages { verify(store.$read(key: "c")) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to read(key: "c"), got 0
        3 calls to read(key:) had other arguments:
          #2 read(key: "a")
             argument 1: expected "c", got "a"
          #3 read(key: "b")
             argument 1: expected "c", got "b"
          #5 read(key: "a")
             argument 1: expected "c", got "a"
        """
      ])
  }

  @Test func aGrandchildGetsEveryParentsMembers() {
    let cache = KeyCacheMock()
    when(cache.$read(key: any())).thenReturn("x")
    cache.write(key: "k", value: "v")
    #expect(cache.read(key: "k") == "x")
    cache.evict(key: "k")
    let inOrder = InOrder()
    inOrder.verify(cache.$write(key: eq("k"), value: any()))
    inOrder.verify(cache.$read(key: "k"))
    inOrder.verify(cache.$evict(key: "k"))
    cache.verifyNoMoreInteractions()
  }

  @Test func anotherModulesRequirementRestatedIsMocked() async {
    let clock = DescribedClockMock()
    when(clock.$description()).thenReturn("clock")
    when(clock.$now()).thenReturn(2.5)
    #expect("\(clock)" == "clock")
    #expect(clock.now() == 2.5)
    verify(clock.$description())
    let messages = await issueMessages { verify(clock.$now(), .times(2)) }
    #expect(messages == ["verify failed - expected 2 calls to now(), got 1"])
  }

  @Test func aMockFinishedInAnExtension() async {
    let stream = StreamMock()
    stream.send([1, 2])
    stream.close(reason: "done")
    let closing: any Closing = stream
    closing.close(reason: "again")
    verify(stream.$send([1, 2]))
    verify(stream.closeCall(reason: any()), .times(2))
    let messages = await issueMessages { verify(stream.closeCall(reason: eq("never"))) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to close(reason: eq("never")), got 0
        2 calls to close(reason:) had other arguments:
          #2 close(reason: "done")
             argument 1: expected eq("never"), got "done"
          #3 close(reason: "again")
             argument 1: expected eq("never"), got "again"
        """
      ])
  }
}

/// A parent with primary associated types, and a child that fixes one of them and names the other,
/// as Hummingbird's `RouterMiddleware<Context>: MiddlewareProtocol where Input == Request` does.
@Mock
protocol StageHandler<Input, Output>: Sendable {
  associatedtype Input
  associatedtype Output
  func handle(_ input: Input) async throws -> Output
}

@Mock
protocol TextStage<Output>: StageHandler where Input == String {}

@Suite struct MockInheritedAssociatedTypeTests {
  @Test func aChildNamesTheParentsPrimaryAssociatedTypes() async throws {
    let stage = TextStageMock<Int>()
    when(stage.$handle("abc")).thenReturn(3)
    #expect(try await stage.handle("abc") == 3)
    verify(stage.$handle(any()))
    let messages = await issueMessages { verify(stage.$handle("x")) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to handle("x"), got 0
        1 call to handle(_:) had other arguments:
          #1 handle("abc")
             argument 1: expected "x", got "abc"
        """
      ])
  }
}
