import Testing
import Verity

@Suite struct MatchesRegexMatcherTests {
  @Test func regexSearchesAnywhere() {
    let matcher = matchesRegex(#"\d+"#)
    #expect(matcher.description == #"matchesRegex(/\d+/)"#)
    #expect(matcher.matches("order 66") == .match)
    #expect(matcher.matches("no digits") == .mismatch(#""no digits" does not match /\d+/"#))
  }

  @Test func anchoredRegexNeedsAWholeMatch() {
    let matcher = matchesRegex(#"^\d+$"#)
    #expect(matcher.matches("66") == .match)
    #expect(matcher.matches("order 66") == .mismatch(#""order 66" does not match /^\d+$/"#))
  }

  @Test func regexIgnoringCase() {
    let matcher = matchesRegex("^HELLO", ignoringCase: true)
    #expect(matcher.description == "matchesRegex(/^HELLO/, ignoringCase: true)")
    #expect(matcher.matches("hello there") == .match)
    #expect(
      matcher.matches("oh hello")
        == .mismatch(#""oh hello" does not match /^HELLO/ (ignoring case)"#))
    #expect(
      matchesRegex("^HELLO").matches("hello") == .mismatch(#""hello" does not match /^HELLO/"#))
  }

  @Test func invalidRegexMismatchesInsteadOfCrashing() {
    let result = matchesRegex("(unclosed").matches("anything")
    let why = try! #require(result.mismatchDescription)
    #expect(why.hasPrefix("invalid regular expression /(unclosed/: "))
  }
}
