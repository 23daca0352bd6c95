import Testing
import Verity

@Suite struct HasSuffixMatcherTests {
  @Test func hasSuffixMatcher() {
    #expect(hasSuffix("lo").description == "hasSuffix(\"lo\")")
    #expect(hasSuffix("lo").matches("hello") == .match)
    #expect(
      hasSuffix("yo").matches("hello") == .mismatch("\"hello\" does not have suffix \"yo\""))
    #expect(
      hasSuffix("LO", ignoringCase: true).description == "hasSuffix(\"LO\", ignoringCase: true)")
    #expect(hasSuffix("LO", ignoringCase: true).matches("hello") == .match)
  }
}
