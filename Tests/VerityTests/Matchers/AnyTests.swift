import Testing
import Verity

@Suite struct AnyMatcherTests {
  @Test func anyAcceptsEverything() {
    let matcher: Matcher<String> = any()
    #expect(matcher.description == "any()")
    #expect(matcher.matches("") == .match)
    #expect(matcher.matches("anything") == .match)
  }

  @Test func anyOfATypeNamesTheType() {
    #expect(any(Int.self).description == "any(Int)")
    #expect(any(Int.self).matches(-1) == .match)
    #expect(any([String].self).description == "any(Array<String>)")
  }

  @Test func untypedAnyAcceptsNil() {
    let matcher: Matcher<Any?> = any()
    #expect(matcher.matches(nil) == .match)
    #expect(matcher.matches(3) == .match)
  }
}
