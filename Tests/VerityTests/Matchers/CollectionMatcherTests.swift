import Testing
import Verity
import VerityTestSupport

@Suite struct CollectionMatcherTests {
  @Test func hasCountMatcher() {
    let matcher: Matcher<[Int]> = hasCount(2)
    #expect(matcher.description == "hasCount(2)")
    #expect(matcher.matches([1, 2]) == .match)
    #expect(matcher.matches([1, 2, 3]) == .mismatch("count of [1, 2, 3] is 3, not 2"))
  }

  @Test func hasCountOnStringsCountsCharacters() {
    let matcher: Matcher<String> = hasCount(2)
    #expect(matcher.matches("hé") == .match)
    #expect(matcher.matches("abc") == .mismatch("count of \"abc\" is 3, not 2"))
  }

  @Test func isEmptyMatcher() {
    let matcher: Matcher<[Int]> = isEmpty()
    #expect(matcher.description == "isEmpty()")
    #expect(matcher.matches([]) == .match)
    #expect(matcher.matches([1]) == .mismatch("[1] is not empty"))
    let strings: Matcher<String> = isEmpty()
    #expect(strings.matches("a") == .mismatch("\"a\" is not empty"))
  }

  @Test func containsAnElementMatching() {
    let matcher: Matcher<[Int]> = contains(greaterThan(2))
    #expect(matcher.description == "contains(greaterThan(2))")
    #expect(matcher.matches([1, 3]) == .match)
    #expect(matcher.matches([1, 2]) == .mismatch("[1, 2] has no element matching greaterThan(2)"))
    #expect(matcher.matches([]) == .mismatch("[] has no element matching greaterThan(2)"))
  }

  @Test func containsAnEqualElement() {
    let matcher: Matcher<[String]> = contains("b")
    #expect(matcher.description == "contains(eq(\"b\"))")
    #expect(matcher.matches(["a", "b"]) == .match)
    #expect(matcher.matches(["a"]) == .mismatch("[\"a\"] has no element matching eq(\"b\")"))
  }

  @Test func containsStopsAtTheFirstMatch() {
    let checked = TestLock<[Int]>([])
    let spy = Matcher<Int>("spy") { value in
      checked.withLock { $0.append(value) }
      return value == 2 ? .match : .mismatch("no")
    }
    let matcher: Matcher<[Int]> = contains(spy)
    #expect(matcher.matches([1, 2, 3, 4]) == .match)
    #expect(checked.withLock { $0 } == [1, 2])
  }

  @Test func allSatisfyMatcher() {
    let matcher: Matcher<[Int]> = allSatisfy(greaterThan(0))
    #expect(matcher.description == "allSatisfy(greaterThan(0))")
    #expect(matcher.matches([1, 2]) == .match)
    #expect(matcher.matches([]) == .match)
    #expect(
      matcher.matches([1, -2, -3])
        == .mismatch(
          "element 1 of [1, -2, -3] does not match greaterThan(0): -2 is not greater than 0"))
  }

  @Test func matchersWorkOnOtherCollections() {
    let set: Matcher<Set<Int>> = hasCount(1)
    #expect(set.matches([7]) == .match)
    let dictionary: Matcher<[String: Int]> = isEmpty()
    #expect(dictionary.matches(["a": 1]) == .mismatch("[\"a\": 1] is not empty"))
  }
}

private struct User: Sendable {
  var name: String
  var age: Int
  var nickname: String?
}

@Suite struct HavingMatcherTests {
  @Test func checksTheProperty() {
    let matcher: Matcher<User> = having(\.name, eq("Ada"))
    #expect(matcher.description == #"having(\User.name, eq("Ada"))"#)
    #expect(matcher.matches(User(name: "Ada", age: 36)) == .match)
    #expect(
      matcher.matches(User(name: "Bob", age: 3))
        == .mismatch(#"\User.name: "Bob" is not equal to "Ada""#))
  }

  @Test func composesWithOtherMatchers() {
    let adult: Matcher<User> =
      having(\.nickname, isNotNil()) && having(\.age, greaterThanOrEqual(18))
    #expect(adult.matches(User(name: "Ada", age: 36, nickname: "A")) == .match)
    #expect(
      adult.matches(User(name: "Bob", age: 3, nickname: "B"))
        == .mismatch(#"\User.age: 3 is not greater than or equal to 18"#))
    #expect(
      adult.matches(User(name: "Cy", age: 40))
        == .mismatch(#"\User.nickname: value is nil"#))
  }
}
