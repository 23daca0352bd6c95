import Testing
import Verity

@Suite struct HasPrefixMatcherTests {
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
}
