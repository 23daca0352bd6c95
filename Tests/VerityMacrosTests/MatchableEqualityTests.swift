import Foundation
import Testing
import Verity
import VerityMacros

/// An entity whose `==` compares only its `id`, with the macro.
@Matchable
struct Member: Equatable, Sendable {
  var id: Int
  var name: String
  static func == (lhs: Member, rhs: Member) -> Bool { lhs.id == rhs.id }
}

/// The same entity without the macro: the reference for what "equal" means.
struct PlainMember: Equatable, Sendable {
  var id: Int
  var name: String
  static func == (lhs: PlainMember, rhs: PlainMember) -> Bool { lhs.id == rhs.id }
}

@Mock
protocol MemberDirectory {
  func add(_ member: Member)
  func find(_ member: Member) -> String
}

/// A hand-written mock taking any value.
final class MemberStore: Mock, Sendable {
  let storage = MockStorage()
  func save(_ value: Any?) { recordCall(withIdentifier: "save", arguments: [value]) }
  func load(_ value: Any?) -> String {
    recordCall(withIdentifier: "load", arguments: [value])
    return stubbedValue(forIdentifier: "load", arguments: [value], default: "none")
  }
}

/// A class with stored properties, and a final `@Matchable` subclass that adds one.
class Animal {
  var legs: Int
  init(legs: Int) { self.legs = legs }
}

@Matchable
final class Dog: Animal {
  var name: String
  init(name: String, legs: Int) {
    self.name = name
    super.init(legs: legs)
  }
}

@Suite("@Matchable keeps what equal means")
struct MatchableEqualityTests {
  /// `eq`, plain values, stubs and in-order checks answer with the type's `==`, with or without the
  /// macro, and for containers of such values too.
  func expectEqualityFollowsEquals<E: Equatable & Sendable>(
    _ saved: E, sameID: E, otherID: E, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(saved == sameID && saved != otherID, sourceLocation: sourceLocation)
    let store = MemberStore()
    store.save(saved)
    store.save([saved])
    store.verifyCall(withIdentifier: "save", arguments: [sameID])
    store.verifyCall(withIdentifier: "save", arguments: [eq(sameID)])
    store.verifyCall(withIdentifier: "save", arguments: [[sameID]])
    store.verifyCall(withIdentifier: "save", arguments: [eq([sameID])])
    store.verifyCall(withIdentifier: "save", arguments: [otherID], mode: .never)
    store.verifyCall(withIdentifier: "save", arguments: [eq(otherID)], mode: .never)
    store.verifyCall(withIdentifier: "save", arguments: [[otherID]], mode: .never)
    InOrder().verifyCall(on: store, withIdentifier: "save", arguments: [sameID])
    store.stub(withIdentifier: "load", arguments: [sameID], returning: "found")
    #expect(store.load(saved) == "found", sourceLocation: sourceLocation)
    #expect(store.load(otherID) == "none", sourceLocation: sourceLocation)
    #expect(eq(sameID).matches(saved).isMatch, sourceLocation: sourceLocation)
    #expect(eq(sameID).matches(any: saved).isMatch, sourceLocation: sourceLocation)
    Assert(that: saved).isEqualTo(sameID)
    Assert(that: saved).matches(eq(sameID))
  }

  @Test func equalityFollowsUserDefinedEqualsWithTheMacro() {
    expectEqualityFollowsEquals(
      Member(id: 1, name: "Ada"), sameID: Member(id: 1, name: "Ada L."), otherID: Member(id: 2, name: "Ada"))
  }

  @Test func equalityFollowsUserDefinedEqualsWithoutTheMacro() {
    expectEqualityFollowsEquals(
      PlainMember(id: 1, name: "Ada"), sameID: PlainMember(id: 1, name: "Ada L."),
      otherID: PlainMember(id: 2, name: "Ada"))
  }

  @Test func generatedMocksFollowUserDefinedEquals() {
    let directory = MemberDirectoryMock()
    when(directory.$find(Member(id: 1, name: "stub"))).thenReturn("found")
    directory.add(Member(id: 1, name: "Ada"))
    #expect(directory.find(Member(id: 1, name: "Ada")) == "found")
    verify(directory.$add(Member(id: 1, name: "other name")))
    verify(directory.$add(eq(Member(id: 1, name: "other name"))))
    verify(directory.$add(Member(id: 2, name: "Ada")), .never)
  }

  /// The diff is structural: it shows the name even where `==` (comparing ids) says equal, on the
  /// typed path as on the `Any` path.
  @Test func diffIsStructuralWhateverEqualsSays() throws {
    let before = Member(id: 1, name: "Ada")
    let after = Member(id: 1, name: "Grace")
    let typed = try #require(diff(before, after))
    let untyped = try #require(diff(before as Any, after as Any))
    #expect(typed.edits.map(\.path.description) == ["name"])
    #expect(untyped.edits.map(\.path.description) == ["name"])
  }

  /// One value, one answer: a typed optional and the same value passed as `Any` diff alike.
  @Test func typedAndUntypedDiffsAgree() throws {
    let member = Member(id: 1, name: "Ada")
    // The last pair is == (same id) but differs by name: the typed diff used to answer nil there.
    let cases: [(Member?, Member?)] = [
      (nil, member), (member, nil), (nil, nil), (member, Member(id: 2, name: "B")), (member, Member(id: 1, name: "Grace")),
    ]
    for (first, second) in cases {
      let typed = diff(first, second)
      let untyped = diff(first as Any, second as Any)
      #expect(typed?.edits.count == untyped?.edits.count, "\(String(describing: first)) → \(String(describing: second))")
      #expect(typed?.renderedPaths() == untyped?.renderedPaths())
    }
    let nested: [(Int??, Int??)] = [(.some(nil), .none), (.some(nil), 1), (.none, .some(.some(1)))]
    for (first, second) in nested {
      #expect(diff(first, second)?.edits.count == diff(first as Any, second as Any)?.edits.count)
    }
  }

  /// A final `@Matchable` class that inherits stored properties is written with them.
  @Test func inheritedStoredPropertiesAreCompared() throws {
    let four = Dog(name: "Rex", legs: 4)
    let three = Dog(name: "Rex", legs: 3)
    #expect(Structure(four) != Structure(three))
    let difference = try #require(diff(four, three))
    #expect(difference.edits.map(\.path.description) == ["legs"])
    #expect(throws: MatchFailedError.self) { try four.assertMatches(three) }
    #expect(Structure(four).bytes == Structure._byReflection(four).bytes)
  }
}
