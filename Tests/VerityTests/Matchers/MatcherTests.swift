import Testing
import Verity

// A custom matcher, written the way the documentation shows.
private func isEven() -> Matcher<Int> {
  Matcher("isEven()") { value in
    value.isMultiple(of: 2) ? .match : .mismatch("\(value) is odd")
  }
}

@Suite struct MatcherTests {
  @Test func customMatcherMatchesAndExplainsMismatches() {
    #expect(isEven().description == "isEven()")
    #expect(isEven().matches(4) == .match)
    #expect(isEven().matches(7) == .mismatch("7 is odd"))
  }

  @Test func predicateMatcherWritesAGenericMismatch() {
    let short = Matcher<String>("shorterThan(3)", where: { $0.count < 3 })
    #expect(short.matches("ab") == .match)
    #expect(short.matches("abcd") == .mismatch("\"abcd\" does not satisfy shorterThan(3)"))
  }

  @Test func customMatchersCompose() {
    let matcher = isEven() || eq(7)
    #expect(matcher.description == "(isEven() || eq(7))")
    #expect(matcher.matches(7) == .match)
    #expect(matcher.matches(9) == .mismatch("9 is odd and 9 is not equal to 7"))
  }

  @Test func descriptionIsAlsoTheStringConversion() {
    #expect("\(eq(3))" == "eq(3)")
  }

  @Test func matchResultAccessors() {
    #expect(MatchResult.match.isMatch)
    #expect(!MatchResult.mismatch("x").isMatch)
    #expect(MatchResult.match.mismatchDescription == nil)
    #expect(MatchResult.mismatch("why").mismatchDescription == "why")
  }

  @Test func matchersAreSendable() async {
    let matcher: Matcher<Int> = greaterThan(2) && !eq(5)
    let result = await Task.detached { matcher.matches(3) }.value
    #expect(result == .match)
  }
}
