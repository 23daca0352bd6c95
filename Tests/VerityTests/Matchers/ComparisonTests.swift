import Testing
import Verity

@Suite struct ComparisonMatcherTests {
  @Test func lessThanMatcher() {
    #expect(lessThan(3).description == "lessThan(3)")
    #expect(lessThan(3).matches(2) == .match)
    #expect(lessThan(3).matches(3) == .mismatch("3 is not less than 3"))
  }

  @Test func greaterThanMatcher() {
    #expect(greaterThan(3).description == "greaterThan(3)")
    #expect(greaterThan(3).matches(4) == .match)
    #expect(greaterThan(3).matches(3) == .mismatch("3 is not greater than 3"))
  }

  @Test func moreThanIsGreaterThanUnderAnotherName() {
    #expect(moreThan(3).description == "moreThan(3)")
    #expect(moreThan(3).matches(4) == .match)
    #expect(moreThan(3).matches(1) == .mismatch("1 is not more than 3"))
  }

  @Test func lessThanOrEqualMatcher() {
    #expect(lessThanOrEqual(3).description == "lessThanOrEqual(3)")
    #expect(lessThanOrEqual(3).matches(3) == .match)
    #expect(lessThanOrEqual(3).matches(4) == .mismatch("4 is not less than or equal to 3"))
  }

  @Test func greaterThanOrEqualMatcher() {
    #expect(greaterThanOrEqual(3).description == "greaterThanOrEqual(3)")
    #expect(greaterThanOrEqual(3).matches(3) == .match)
    #expect(greaterThanOrEqual(3).matches(2) == .mismatch("2 is not greater than or equal to 3"))
  }

  @Test func comparesStrings() {
    #expect(lessThan("b").matches("c") == .mismatch("\"c\" is not less than \"b\""))
  }
}
