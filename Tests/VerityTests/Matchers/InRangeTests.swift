import Testing
import Verity

@Suite struct RangeMatcherTests {
  @Test func halfOpenRange() {
    let matcher = `in`(1..<5)
    #expect(matcher.description == "in(1..<5)")
    #expect(matcher.matches(1) == .match)
    #expect(matcher.matches(5) == .mismatch("5 is not in 1..<5"))
  }

  @Test func closedRange() {
    let matcher = `in`(1...5)
    #expect(matcher.description == "in(1...5)")
    #expect(matcher.matches(5) == .match)
    #expect(matcher.matches(7) == .mismatch("7 is not in 1...5"))
  }

  @Test func partialRanges() {
    #expect(isIn(1...).matches(0) == .mismatch("0 is not in 1..."))
    #expect(isIn(..<5).matches(5) == .mismatch("5 is not in ..<5"))
    #expect(isIn(...5).matches(6) == .mismatch("6 is not in ...5"))
    #expect(isIn(...5).matches(5) == .match)
  }

  @Test func isInIsTheSameMatcher() {
    #expect(isIn(0..<10).description == "in(0..<10)")
    #expect(isIn(0..<10).matches(10) == .mismatch("10 is not in 0..<10"))
  }

  @Test func rangesOfStrings() {
    #expect(isIn("a"..."c").matches("d") == .mismatch(#""d" is not in "a"..."c""#))
  }
}
