import Testing
import Verity

@Suite struct HasCountMatcherTests {
  @Test func hasCountMatcher() {
    let matcher: Matcher<[Int]> = hasCount(2)
    #expect(matcher.description == "hasCount(2)")
    #expect(matcher.matches([1, 2]) == .match)
    #expect(matcher.matches([1, 2, 3]) == .mismatch("count of [1, 2, 3] is 3, not 2"))
  }

  @Test func hasCountOnStringsCountsCharacters() {
    let matcher: Matcher<String> = hasCount(2)
    #expect(matcher.matches("hé") == .match)
    #expect(matcher.matches("abc") == .mismatch("count of \"abc\" is 3, not 2"))
  }
}
