import Testing

@testable import Verity

/// `Matcher.engineForm` is package API: the mock verification layer turns it into engine queries.
@Suite struct EngineFormTests {
  private func form<T>(_ matcher: Matcher<T>) -> String {
    switch matcher.engineForm {
    case .opaque: "opaque"
    case .any: "any"
    case .equal(let value): "equal(\(value))"
    case .notEqual(let value): "notEqual(\(value))"
    }
  }

  /// Only a matcher that accepts every value is ANY in the engine; a typed `any` must still
  /// reject other types, so it is checked in Swift.
  @Test func onlyUntypedAnyIsAny() {
    let typed: Matcher<Int> = any()
    let untyped: Matcher<Any?> = any()
    let anything: Matcher<Any> = any()
    #expect(form(typed) == "opaque")
    #expect(form(untyped) == "any")
    #expect(form(anything) == "any")
    #expect(form(any(String.self)) == "opaque")
    #expect(form(any(Any?.self)) == "any")
  }

  @Test func eqCarriesItsValue() {
    #expect(form(eq(5)) == "equal(5)")
    #expect(form(eq("x")) == "equal(x)")
    guard case .equal(let value) = eq(5).engineForm else {
      Issue.record("eq is not an equal form")
      return
    }
    #expect(value as? Int == 5)
  }

  /// `isNil()` and `isNotNil()` compare with the nil structure, as a plain `nil` does; `!` turns
  /// an equality into its opposite.
  @Test func nilMatchersAndNegationsCompareStructures() {
    let isNilMatcher: Matcher<Int?> = isNil()
    let isNotNilMatcher: Matcher<Int?> = isNotNil()
    #expect(form(isNilMatcher) == "equal(nil)")
    #expect(form(isNotNilMatcher) == "notEqual(nil)")
    #expect(form(isNil()) == "equal(nil)")
    #expect(form(!eq(3)) == "notEqual(3)")
    #expect(form(!(!eq(3))) == "equal(3)")
  }

  @Test func otherMatchersAreOpaque() {
    #expect(form(greaterThan(1)) == "opaque")
    #expect(form(contains("a")) == "opaque")
    #expect(form(Matcher<Int>("custom") { _ in .match }) == "opaque")
  }

  @Test func combinators() {
    let anyInt: Matcher<Int> = any()
    let untyped: Matcher<Any?> = any()
    #expect(form(untyped && untyped) == "any")
    #expect(form(anyInt && any()) == "opaque")
    #expect(form(anyInt && eq(1)) == "opaque")
    #expect(form(eq(1) && eq(1)) == "opaque")
    #expect(form(anyInt || any()) == "opaque")
    #expect(form(!anyInt) == "opaque")
  }
}

/// `eq` of a small integer shares one core per value (cores are immutable): the matchers answer
/// and read as fresh ones do, and a matcher made from one (a captor's) has a core of its own.
@Suite struct SharedEqualCoreTests {
  @Test func smallIntegersShareACoreAndStayThemselves() async {
    #expect(eq(7)._core === eq(7)._core)
    #expect(eq(-4095)._core === eq(-4095)._core)
    #expect(eq(4096)._core !== eq(4096)._core)
    #expect(eq(7)._core !== eq(8)._core)
    let seven = eq(7)
    #expect(seven.description == "eq(7)")
    #expect(seven.matches(7).isMatch)
    #expect(seven.matches(8) == .mismatch("8 is not equal to 7"))
    var captured = eq(7)
    captured._captor = ArgumentCaptor<Int>()
    #expect(captured._core !== seven._core)
    #expect(eq(7)._captor == nil)
    // Made from many tasks at once, every matcher of one value gets the same core.
    let cores = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 { group.addTask { ObjectIdentifier(eq(1234)._core) } }
      var found = Set<ObjectIdentifier>()
      for await core in group { found.insert(core) }
      return found
    }
    #expect(cores.count == 1)
  }
}

/// `any()` shares one core per type: it reads and answers as a fresh one, `any(T.self)` keeps
/// its own naming core, and a captor's matcher gets a core of its own.
@Suite struct SharedAnyCoreTests {
  @Test func anyOfATypeSharesACore() async {
    let a: Matcher<Int> = any()
    let b: Matcher<Int> = any()
    let text: Matcher<String> = any()
    #expect(a._core === b._core)
    #expect(ObjectIdentifier(a._core) != ObjectIdentifier(text._core))
    #expect(any(Int.self)._core !== a._core)
    #expect(a.description == "any()")
    #expect(any(Int.self).description == "any(Int)")
    #expect(a.matches(3).isMatch)
    #expect(text.matches("x").isMatch)
    var captured: Matcher<Int> = any()
    captured._captor = ArgumentCaptor<Int>()
    #expect(captured._core !== a._core)
    #expect((any() as Matcher<Int>)._captor == nil)
    let cores = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 { group.addTask { ObjectIdentifier((any() as Matcher<[Double]>)._core) } }
      var found = Set<ObjectIdentifier>()
      for await core in group { found.insert(core) }
      return found
    }
    #expect(cores.count == 1)
  }
}
