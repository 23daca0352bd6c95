import Testing
import VerityMacros

// Decisions `@Mock` reads from the syntax tree, not from the text of a type (issue 55): `Actor`
// inside a composition; a throwing autoclosure and a variadic parameter (a spy does not pass
// those members on: the real member would wrap the autoclosure again, and Swift cannot pass an
// array on as a variadic list).

@Mock
protocol ComposedActor: Actor & Sendable {
  func next() -> Int
}

actor RealComposedActor: ComposedActor {
  var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}

@Mock
protocol UnforwardedShapes {
  func log(_ message: @autoclosure () throws -> String) throws -> Int
  func sum(_ values: Int...) -> Int
  func plain() -> Int
}

final class RealUnforwardedShapes: UnforwardedShapes, Sendable {
  func log(_ message: @autoclosure () throws -> String) throws -> Int { try message().count }
  func sum(_ values: Int...) -> Int { values.reduce(0, +) }
  func plain() -> Int { 7 }
}

@Suite struct MockSyntaxDecisionShapeTests {
  @Test func actorInACompositionMakesAnActorMock() async {
    let spy = ComposedActorMock(spying: RealComposedActor())
    #expect(await spy.next() == 1)
    when(spy.$next()).thenReturn(10)
    #expect(await spy.next() == 10)
    verify(spy.$next(), .times(2))
  }

  @Test func aSpyAnswersAThrowingAutoclosureAndAVariadicMemberFromStubs() throws {
    let spy = UnforwardedShapesMock(spying: RealUnforwardedShapes())
    #expect(spy.plain() == 7)
    #expect(try spy.log("hello") == 0)
    #expect(spy.sum(1, 2, 3) == 0)
    when(spy.$sum(any())).thenReturn(6)
    #expect(spy.sum(1, 2, 3) == 6)
    verify(spy.$log(any()))
    verify(spy.$sum([1, 2, 3]), .times(2))
  }
}
