import Testing
import Verity

@Suite struct AllSatisfyMatcherTests {
  @Test func allSatisfyMatcher() {
    let matcher: Matcher<[Int]> = allSatisfy(greaterThan(0))
    #expect(matcher.description == "allSatisfy(greaterThan(0))")
    #expect(matcher.matches([1, 2]) == .match)
    #expect(matcher.matches([]) == .match)
    #expect(
      matcher.matches([1, -2, -3])
        == .mismatch(
          "element 1 of [1, -2, -3] does not match greaterThan(0): -2 is not greater than 0"))
  }
}
