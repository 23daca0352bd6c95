import Testing
import Verity

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
