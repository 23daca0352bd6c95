import Testing
import Verity

private protocol Shape {}

private struct Circle: Shape {}

private struct Square: Shape {}

@Suite struct IsTypeMatcherTests {
  @Test func matchesTheDynamicType() {
    let matcher: Matcher<any Shape> = isType(Circle.self)
    #expect(matcher.description == "isType(Circle)")
    #expect(matcher.matches(Circle()) == .match)
    #expect(
      matcher.matches(Square())
        == .mismatch("value of type Square does not conform to expected type Circle"))
  }

  @Test func matchesProtocolConformance() {
    let matcher = isType((any Shape).self)
    #expect(matcher.matches(Circle()) == .match)
    #expect(
      matcher.matches(8) == .mismatch("value of type Int does not conform to expected type Shape"))
  }

  @Test func withoutContextMatchesAny() {
    let matcher = isType(String.self)
    #expect(
      matcher.matches(8) == .mismatch("value of type Int does not conform to expected type String"))
  }
}
