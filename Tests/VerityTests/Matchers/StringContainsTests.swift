import Testing
import Verity

@Suite struct StringContainsMatcherTests {
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
}
