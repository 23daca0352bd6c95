import Testing
import Verity

private final class Account: CustomStringConvertible {
  let id: Int
  init(id: Int) { self.id = id }
  var description: String { "Account(\(id))" }
}

@Suite struct IdenticalMatcherTests {
  @Test func sameInstanceMatches() {
    let account = Account(id: 1)
    #expect(identical(to: account).description == "identical(to: Account(1))")
    #expect(identical(to: account).matches(account) == .match)
  }

  @Test func equalButDistinctInstanceMismatches() {
    let account = Account(id: 1)
    let other = Account(id: 1)
    #expect(
      identical(to: account).matches(other)
        == .mismatch("Account(1) is not the same instance as Account(1)"))
    withExtendedLifetime(account) {}
  }
}

private protocol Delegate: AnyObject {}

private final class Coordinator: Delegate, CustomStringConvertible {
  var description: String { "Coordinator" }
}

@Suite struct IdenticalExistentialMatcherTests {
  @Test func matchesClassBoundExistentials() {
    let coordinator = Coordinator()
    let matcher: Matcher<any Delegate> = identical(to: coordinator)
    #expect(matcher.matches(coordinator) == .match)
    #expect(
      matcher.matches(Coordinator())
        == .mismatch("Coordinator is not the same instance as Coordinator"))
  }

  @Test func matchesOptionals() {
    let coordinator = Coordinator()
    let matcher: Matcher<(any Delegate)?> = identical(to: coordinator)
    #expect(matcher.matches(coordinator) == .match)
    #expect(matcher.matches(nil) == .mismatch("nil is not a class instance"))
  }

  @Test func valuesAreNotInstances() {
    let matcher: Matcher<Any> = identical(to: Coordinator())
    #expect(matcher.matches(5) == .mismatch("5 is not a class instance"))
  }
}
