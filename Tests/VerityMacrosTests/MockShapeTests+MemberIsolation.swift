import Testing
import VerityMacros

// Isolation read from the syntax tree (issue 55): a member isolated to a global actor in a
// protocol that is not (the generated member keeps the attribute, so a spy calls the real member
// where it runs), a global actor whose name does not end in "Actor", and a protocol that refines
// an actor protocol (it restates `Actor`: a macro sees only the protocol it is attached to).

@globalActor actor Serial {
  static let shared = Serial()
}

/// A `@MainActor` member in a protocol that is not isolated.
@Mock
protocol MainActorMembers {
  @MainActor func foo()
  @MainActor func count() -> Int
  @MainActor var title: String { get set }
  @MainActor func load() async throws -> [String]
  func plain(_ value: Int) -> Int
}

@MainActor final class RealMainActorMembers: MainActorMembers {
  var fooCalls = 0
  var title = "real"
  func foo() { fooCalls += 1 }
  func count() -> Int { fooCalls }
  func load() async throws -> [String] { [title] }
  nonisolated func plain(_ value: Int) -> Int { value * 2 }
}

/// A protocol isolated to a global actor named `Serial`.
@Serial @Mock
protocol SerialCounter {
  func next() -> Int
}

/// A member isolated to `Serial`, in a protocol that is not.
@Mock
protocol SerialMembers {
  @Serial func tick() -> Int
}

@Serial final class RealSerialCounter: SerialCounter, SerialMembers {
  var value = 0
  func next() -> Int {
    value += 1
    return value
  }
  func tick() -> Int { next() * 10 }
}

/// An actor protocol, and one that refines it (restating `Actor`).
@Mock
protocol CountingActor: Actor {
  func increment() -> Int
}

@Mock
protocol NamedCountingActor: CountingActor, Actor {
  var name: String { get }
  func rename(_ name: String)
}

/// An actor protocol with a `@MainActor` member: that member is not isolated to the actor.
@Mock
protocol ActorWithMainActorMember: Actor {
  @MainActor func label() -> String
  func bump() -> Int
}

actor RealActorWithMainActorMember: ActorWithMainActorMember {
  var count = 0
  @MainActor func label() -> String { "main" }
  func bump() -> Int {
    count += 1
    return count
  }
}

actor RealNamedCounter: NamedCountingActor {
  var count = 0
  var name = "counter"
  func increment() -> Int {
    count += 1
    return count
  }
  func rename(_ name: String) { self.name = name }
}

@Suite struct MockMemberIsolationShapeTests {
  @MainActor @Test func aMainActorMemberIsStubbedVerifiedAndSpied() async throws {
    let mock = MainActorMembersMock()
    when(mock.$count()).thenReturn(3)
    mock.foo()
    #expect(mock.count() == 3)
    mock.title = "set"
    verify(mock.$foo())
    verify(mock.$title(set: "set"))

    let real = RealMainActorMembers()
    let spy = MainActorMembersMock(spying: real)
    spy.foo()
    spy.foo()
    #expect(real.fooCalls == 2)
    #expect(spy.count() == 2)
    spy.title = "spied"
    #expect(real.title == "spied")
    #expect(spy.title == "spied")
    #expect(spy.plain(4) == 8)
    #expect(try await spy.load() == ["spied"])
    when(spy.$count()).thenReturn(7)
    #expect(spy.count() == 7)
    verify(spy.$foo(), .times(2))
    verify(spy.$count(), .times(2))
    verify(spy.$load())
  }

  @MainActor @Test func aMainActorMemberOfAnActorProtocol() async {
    let mock = ActorWithMainActorMemberMock()
    when(mock.$label()).thenReturn("stubbed")
    #expect(mock.label() == "stubbed")
    verify(mock.$label())

    let spy = ActorWithMainActorMemberMock(spying: RealActorWithMainActorMember())
    #expect(spy.label() == "main")
    #expect(await spy.bump() == 1)
    verify(spy.$label())
    verify(spy.$bump())
  }

  @Serial @Test func aGlobalActorWhoseNameDoesNotEndInActor() {
    let mock = SerialCounterMock()
    when(mock.$next()).thenReturn(5)
    #expect(mock.next() == 5)
    verify(mock.$next())

    let real = RealSerialCounter()
    let spy = SerialCounterMock(spying: real)
    #expect(spy.next() == 1)
    #expect(spy.next() == 2)
    verify(spy.$next(), .times(2))

    let members = SerialMembersMock()
    when(members.$tick()).thenReturn(4)
    #expect(members.tick() == 4)
    verify(members.$tick())
    let memberSpy = SerialMembersMock(spying: real)
    #expect(memberSpy.tick() == 30)
    verify(memberSpy.$tick())
  }

  @Test func aProtocolThatRefinesAnActorProtocol() async {
    let mock = NamedCountingActorMock()
    when(mock.$increment()).thenReturn(41)
    when(mock.$name()).thenReturn("mocked")
    #expect(await mock.increment() == 41)
    #expect(await mock.name == "mocked")
    await mock.rename("x")
    verify(mock.$increment())
    verify(mock.$rename("x"))

    let real = RealNamedCounter()
    let spy = NamedCountingActorMock(spying: real)
    #expect(await spy.increment() == 1)
    await spy.rename("renamed")
    #expect(await real.name == "renamed")
    #expect(await spy.name == "renamed")
    verify(spy.$increment())
    verify(spy.$name())
  }
}
