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
