import Testing
import Verity

@Suite struct IsEmptyMatcherTests {
  @Test func isEmptyMatcher() {
    let matcher: Matcher<[Int]> = isEmpty()
    #expect(matcher.description == "isEmpty()")
    #expect(matcher.matches([]) == .match)
    #expect(matcher.matches([1]) == .mismatch("[1] is not empty"))
    let strings: Matcher<String> = isEmpty()
    #expect(strings.matches("a") == .mismatch("\"a\" is not empty"))
  }
}
