import Foundation
import Testing
import VerityMacros

// Initializer requirements of a `@Mock` parent reach the mock of every protocol that inherits it
// (issue 35): final classes, `NSObject` subclasses, actors, global-actor protocols, failable,
// throwing and async initializers, at any depth.

@Mock
protocol NamedThing {
  init(name: String)
  var name: String { get }
}

@Mock
protocol Greeter: NamedThing {
  func greet() -> String
}

/// Two levels below the initializer's protocol.
@Mock
protocol LoudGreeter: Greeter {
  func shout()
}

@Mock
protocol LegacyNamed: NSObjectProtocol {
  init(name: String)
}

/// The child restates `NSObjectProtocol` (as an actor-constrained child restates `Actor`): the
/// mock's kind comes from what the protocol itself inherits.
@Mock
protocol LegacyGreeter: LegacyNamed, NSObjectProtocol {
  func greet()
}

@Mock
protocol NamedStore: Actor {
  init(name: String)
  func load() -> Int
}

@Mock
protocol CachingStore: NamedStore, Actor {
  func clear()
}

@MainActor @Mock
protocol TitledScreen {
  init(title: String)
  func show()
}

@MainActor @Mock
protocol DetailScreen: TitledScreen {
  func showDetail(_ id: Int)
}

@Mock
protocol ParsedDocument {
  init?(text: String)
  init(bytes: [UInt8]) throws
  init(url: String) async
  init(path: String) async throws(ShapeError)
}

@Mock
protocol PagedDocument: ParsedDocument {
  func page(_ number: Int) -> String?
}

@Suite struct MockInheritedInitializerShapeTests {
  @Test func aChildsMockHasItsParentsInitializer() async {
    func make<T: NamedThing>(_: T.Type, name: String) -> T { T(name: name) }
    let greeter = make(GreeterMock.self, name: "ann")
    when(greeter.$greet()).thenReturn("hello")
    #expect(greeter.greet() == "hello")
    verify(greeter.$init(name: "ann"))
    verify(greeter.$greet())
    let direct = GreeterMock(name: "bob")
    let messages = await issueMessages { verify(direct.$init(name: eq("ann"))) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to init(name: eq("ann")), got 0
        1 call to init(name:) had other arguments:
          #1 init(name: "bob")
             argument 1: expected eq("ann"), got "bob"
        """
      ])
  }

  @Test func aGrandchildsMockHasItToo() async {
    func make<T: NamedThing>(_: T.Type) -> T { T(name: "cy") }
    let loud = make(LoudGreeterMock.self)
    when(loud.$name()).thenReturn("cy")
    #expect(loud.name == "cy")
    loud.shout()
    let inOrder = InOrder()
    inOrder.verify(loud.$init(name: "cy"))
    inOrder.verify(loud.$shout())
    let messages = await issueMessages { verify(loud.$init(name: any()), .never) }
    #expect(messages == ["verify failed - expected no calls to init(name: any()), got 1"])
  }

  @Test func anNSObjectChildsMockHasItsParentsInitializer() async {
    func make<T: LegacyNamed>(_: T.Type) -> T { T(name: "dee") }
    let greeter = make(LegacyGreeterMock.self)
    let object: NSObject = greeter
    #expect(object.isEqual(greeter))
    greeter.greet()
    verify(greeter.$init(name: "dee"))
    verify(greeter.$greet())
    let messages = await issueMessages { verify(greeter.$greet(), .times(2)) }
    #expect(messages == ["verify failed - expected 2 calls to greet(), got 1"])
  }

  @Test func anActorChildsMockHasItsParentsInitializer() async {
    func make<T: NamedStore>(_: T.Type) -> T { T(name: "eve") }
    let store = make(CachingStoreMock.self)
    when(store.$load()).thenReturn(3)
    #expect(await store.load() == 3)
    await store.clear()
    verify(store.$init(name: "eve"))
    verify(store.$clear())
    let messages = await issueMessages { verify(store.$init(name: "fay")) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to init(name: "fay"), got 0
        1 call to init(name:) had other arguments:
          #1 init(name: "eve")
             argument 1: expected "fay", got "eve"
        """
      ])
  }

  @Test func aGlobalActorChildsMockHasItsParentsInitializer() async {
    @MainActor func make<T: TitledScreen>(_: T.Type) -> T { T(title: "home") }
    let (screen, direct) = await MainActor.run {
      let screen = make(DetailScreenMock.self)
      screen.show()
      screen.showDetail(2)
      return (screen, DetailScreenMock(title: "settings"))
    }
    verify(screen.$init(title: "home"))
    verify(screen.$showDetail(2))
    verify(direct.$init(title: "settings"))
    let messages = await issueMessages { verify(screen.$showDetail(3)) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to showDetail(3), got 0
        1 call to showDetail(_:) had other arguments:
          #3 showDetail(2)
             argument 1: expected 3, got 2
        """
      ])
  }

  @Test func failableThrowingAndAsyncInitializersReachTheChild() async throws {
    func parse<T: ParsedDocument>(_: T.Type) async throws -> [T] {
      [T(text: "a"), try T(bytes: [1]), await T(url: "u"), try await T(path: "p")].compactMap { $0 }
    }
    let documents = try await parse(PagedDocumentMock.self)
    #expect(documents.count == 4)
    when(documents[0].$page(1)).thenReturn("one")
    #expect(documents[0].page(1) == "one")
    verify(documents[0].$init(text: "a"))
    verify(documents[1].$init(bytes: [1]))
    verify(documents[2].$init(url: "u"))
    verify(documents[3].$init(path: "p"))
    let messages = await issueMessages { verify(documents[1].$init(text: any())) }
    #expect(
      messages == [
        "verify failed - expected 1 call to init(text: any()), got 0\n"
          + "No call to init(text:) was recorded; recorded: init(bytes:) (1 call)"
      ])
  }
}
