import Testing
import Verity
import VerityTestSupport

@Suite struct CollectionContainsMatcherTests {
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

  @Test func matchersWorkOnOtherCollections() {
    let set: Matcher<Set<Int>> = hasCount(1)
    #expect(set.matches([7]) == .match)
    let dictionary: Matcher<[String: Int]> = isEmpty()
    #expect(dictionary.matches(["a": 1]) == .mismatch("[\"a\": 1] is not empty"))
  }
}
