import Testing
import Verity

@Suite struct NilMatcherTests {
  @Test func isNilAcceptsOnlyNil() {
    let matcher: Matcher<Int?> = isNil()
    #expect(matcher.description == "isNil()")
    #expect(matcher.matches(nil) == .match)
    #expect(matcher.matches(5) == .mismatch("5 is not nil"))
  }

  @Test func isNotNilRejectsNil() {
    let matcher: Matcher<String?> = isNotNil()
    #expect(matcher.description == "isNotNil()")
    #expect(matcher.matches("a") == .match)
    #expect(matcher.matches(nil) == .mismatch("value is nil"))
  }

  @Test func untypedNilMatchersLookThroughNestedOptionals() {
    let none: Int? = nil
    let nested: Any? = .some(none as Any)
    let nilMatcher: Matcher<Any?> = isNil()
    let notNilMatcher: Matcher<Any?> = isNotNil()
    #expect(nilMatcher.matches(nested) == .match)
    #expect(nilMatcher.matches(nil) == .match)
    #expect(nilMatcher.matches(Optional(Optional(2)) as Any) == .mismatch("2 is not nil"))
    #expect(notNilMatcher.matches(nested) == .mismatch("value is Optional(nil), an optional holding nil, which counts as nil"))
    #expect(notNilMatcher.matches("x") == .match)
  }
}
