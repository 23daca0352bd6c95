import Testing
import Verity
import VerityTestSupport

/// Counts how often its matchers run, to show which ones a combinator skipped.
private final class EvaluationCounter: Sendable {
  private let counts = TestLock<[String: Int]>([:])

  func matcher(_ name: String, result: MatchResult) -> Matcher<Int> {
    Matcher(name) { _ in
      self.counts.withLock { $0[name, default: 0] += 1 }
      return result
    }
  }

  func count(_ name: String) -> Int { counts.withLock { $0[name, default: 0] } }
}

@Suite struct CombinatorTests {
  @Test func andComposesDescriptions() {
    let exists: Matcher<String> = Matcher("exists", where: { !$0.isEmpty })
    let matcher = exists && contains("world")
    #expect(matcher.description == #"(exists && contains("world"))"#)
    #expect(matcher.matches("hello, world") == .match)
    #expect(matcher.matches("hello") == .mismatch(#""hello" does not contain "world""#))
    #expect(matcher.matches("") == .mismatch(#""" does not satisfy exists"#))
  }

  @Test func andSkipsTheSecondMatcherWhenTheFirstMismatches() {
    let counter = EvaluationCounter()
    let matcher =
      counter.matcher("first", result: .mismatch("first says no"))
      && counter.matcher("second", result: .match)
    #expect(matcher.matches(1) == .mismatch("first says no"))
    #expect(counter.count("first") == 1)
    #expect(counter.count("second") == 0)
  }

  @Test func andChecksTheSecondMatcherWhenTheFirstMatches() {
    let counter = EvaluationCounter()
    let matcher =
      counter.matcher("first", result: .match)
      && counter.matcher("second", result: .mismatch("second says no"))
    #expect(matcher.matches(1) == .mismatch("second says no"))
    #expect(counter.count("first") == 1)
    #expect(counter.count("second") == 1)
  }

  @Test func orSkipsTheSecondMatcherWhenTheFirstMatches() {
    let counter = EvaluationCounter()
    let matcher =
      counter.matcher("first", result: .match)
      || counter.matcher("second", result: .match)
    #expect(matcher.matches(1) == .match)
    #expect(counter.count("first") == 1)
    #expect(counter.count("second") == 0)
  }

  @Test func orJoinsBothReasonsWhenBothMismatch() {
    let counter = EvaluationCounter()
    let matcher =
      counter.matcher("first", result: .mismatch("a"))
      || counter.matcher("second", result: .mismatch("b"))
    #expect(matcher.description == "(first || second)")
    #expect(matcher.matches(1) == .mismatch("a and b"))
    #expect(counter.count("first") == 1)
    #expect(counter.count("second") == 1)
  }

  @Test func orMatchesWhenOnlyTheSecondMatches() {
    let matcher = lessThan(0) || greaterThan(10)
    #expect(matcher.matches(11) == .match)
    #expect(matcher.matches(5) == .mismatch("5 is not less than 0 and 5 is not greater than 10"))
  }

  @Test func notInverts() {
    let matcher = !eq(3)
    #expect(matcher.description == "!eq(3)")
    #expect(matcher.matches(4) == .match)
    #expect(matcher.matches(3) == .mismatch("3 matches eq(3)"))
  }

  @Test func nestedDescriptions() {
    let matcher = !(lessThan(0) || greaterThan(10)) && !eq(5)
    #expect(matcher.description == "(!(lessThan(0) || greaterThan(10)) && !eq(5))")
    #expect(matcher.matches(3) == .match)
    #expect(matcher.matches(5) == .mismatch("5 matches eq(5)"))
    #expect(matcher.matches(12) == .mismatch("12 matches (lessThan(0) || greaterThan(10))"))
  }
}
