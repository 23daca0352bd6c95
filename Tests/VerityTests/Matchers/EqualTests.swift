import Testing
import Verity

@Suite struct EqualMatcherTests {
  @Test func equalValuesMatch() {
    #expect(eq(3).matches(3) == .match)
    #expect(eq("x").matches("x") == .match)
  }

  @Test func differentValuesMismatch() {
    #expect(eq(3).description == "eq(3)")
    #expect(eq(3).matches(4) == .mismatch("4 is not equal to 3"))
    #expect(eq("x").description == "eq(\"x\")")
    #expect(eq("x").matches("y") == .mismatch("\"y\" is not equal to \"x\""))
  }

  @Test func optionalsRenderAsTheirValue() {
    let matcher = eq(Optional(3))
    #expect(matcher.description == "eq(3)")
    #expect(matcher.matches(nil) == .mismatch("nil is not equal to 3"))
  }

  @Test func stringsAreEscaped() {
    #expect(eq("a\"b").matches("c") == .mismatch(#""c" is not equal to "a\"b""#))
  }
}
