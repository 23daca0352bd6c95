import Testing
import Verity

@Suite struct StringMatcherTests {
  @Test func containsSubstring() {
    let matcher = contains("world")
    #expect(matcher.description == "contains(\"world\")")
    #expect(matcher.matches("hello, world") == .match)
    #expect(matcher.matches("hello") == .mismatch("\"hello\" does not contain \"world\""))
    #expect(matcher.matches("WORLD") == .mismatch("\"WORLD\" does not contain \"world\""))
  }

  @Test func containsIgnoringCase() {
    let matcher = contains("WORLD", ignoringCase: true)
    #expect(matcher.description == "contains(\"WORLD\", ignoringCase: true)")
    #expect(matcher.matches("Hello, World") == .match)
    #expect(
      matcher.matches("hello")
        == .mismatch("\"hello\" does not contain \"WORLD\" (ignoring case)"))
  }

  @Test func everyStringContainsTheEmptyString() {
    #expect(contains("").matches("") == .match)
    #expect(contains("").matches("x") == .match)
  }

  @Test func hasPrefixMatcher() {
    #expect(hasPrefix("he").description == "hasPrefix(\"he\")")
    #expect(hasPrefix("he").matches("hello") == .match)
    #expect(
      hasPrefix("yo").matches("hello") == .mismatch("\"hello\" does not have prefix \"yo\""))
    #expect(hasPrefix("HE", ignoringCase: true).matches("hello") == .match)
    #expect(
      hasPrefix("HE").matches("hello") == .mismatch("\"hello\" does not have prefix \"HE\""))
    #expect(
      hasPrefix("X", ignoringCase: true).matches("hello")
        == .mismatch("\"hello\" does not have prefix \"X\" (ignoring case)"))
  }

  @Test func hasSuffixMatcher() {
    #expect(hasSuffix("lo").description == "hasSuffix(\"lo\")")
    #expect(hasSuffix("lo").matches("hello") == .match)
    #expect(
      hasSuffix("yo").matches("hello") == .mismatch("\"hello\" does not have suffix \"yo\""))
    #expect(
      hasSuffix("LO", ignoringCase: true).description == "hasSuffix(\"LO\", ignoringCase: true)")
    #expect(hasSuffix("LO", ignoringCase: true).matches("hello") == .match)
  }

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
