import Testing
@testable import Verity

final class FakeProfileStore: Mock {
  let storage = MockStorage()
  func update(name: String?, age: Int) { recordCall(withIdentifier: "update", typedArguments: name, age) }
}

/// How verification arguments become engine patterns: `any()` and `eq()` of encodable values run
/// in C; everything else is a predicate on the kept value.
@Suite struct ArgumentCompilationTests {
  func pattern(_ element: Any?) -> ArgumentPattern { ExpectedArgument(element).pattern }

  @Test func anyAndEncodableEqRunInTheEngine() {
    guard case .any = pattern(any()) else { Issue.record("any() is not .any"); return }
    guard case .any = pattern(ArgumentCaptor<Int>()) else { Issue.record("a captor is not .any"); return }
    guard case .equal(let structure) = pattern(eq("x")) else { Issue.record("eq(\"x\") is not .equal"); return }
    #expect(structure == Structure("x"))
    guard case .equal(let value) = pattern(42) else { Issue.record("42 is not .equal"); return }
    #expect(value == Structure(42))
  }

  @Test func otherMatchersArePredicates() {
    struct Point: Equatable, Sendable { var x: Int }  // Equatable, not StructurallyEncodable
    guard case .valuePredicate = pattern(eq(Point(x: 1))) else { Issue.record("eq(Point) is not a predicate"); return }
    guard case .valuePredicate = pattern(hasPrefix("a")) else { Issue.record("hasPrefix is not a predicate"); return }
    guard case .valuePredicate = pattern(any() && hasPrefix("a")) else { Issue.record("a mixed combinator is not a predicate"); return }
    guard case .any = pattern(any() && any()) else { Issue.record("any() && any() is not .any"); return }
  }

  @Test func untypedNilMatchersSeeATypedNilArgument() {
    let store = FakeProfileStore()
    store.update(name: nil, age: 3)
    store.update(name: "Ada", age: 4)

    store.verifyCall(withIdentifier: "update", arguments: [isNil(), any()])
    store.verifyCall(withIdentifier: "update", arguments: [isNotNil(), 4])
    store.verifyCall(withIdentifier: "update", arguments: [nil, lessThan(4)])

    // An `Any` holding an optional: the matcher must still see nil.
    let boxedNil: Any = Optional<String>.none as Any
    store.recordCall(withIdentifier: "rename", arguments: [boxedNil])
    store.verifyCall(withIdentifier: "rename", arguments: [isNil()])
    store.verifyCall(withIdentifier: "rename", arguments: [isNotNil()], mode: .never)
  }

  @Test func predicatesRunOnlyForCallsPassingTheEngineChecks() {
    let counter = FixtureCounter()
    let counted = Matcher<Int>("counted()") { _ in
      counter.increment()
      return .match
    }
    let store = FakeStore()
    for index in 0..<1_000 { store.save(index, index % 100 == 0 ? "rare" : "common") }

    store.verifyCall(withIdentifier: "save", arguments: [counted, "rare"], mode: .times(10))
    #expect(counter.count == 10)
  }
}
