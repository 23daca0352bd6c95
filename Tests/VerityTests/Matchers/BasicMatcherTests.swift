import Testing
import Verity

@Suite struct AnyMatcherTests {
  @Test func anyAcceptsEverything() {
    let matcher: Matcher<String> = any()
    #expect(matcher.description == "any()")
    #expect(matcher.matches("") == .match)
    #expect(matcher.matches("anything") == .match)
  }

  @Test func anyOfATypeNamesTheType() {
    #expect(any(Int.self).description == "any(Int)")
    #expect(any(Int.self).matches(-1) == .match)
    #expect(any([String].self).description == "any(Array<String>)")
  }

  @Test func untypedAnyAcceptsNil() {
    let matcher: Matcher<Any?> = any()
    #expect(matcher.matches(nil) == .match)
    #expect(matcher.matches(3) == .match)
  }
}

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

@Suite struct NilMatcherTests {
  @Test func isNilAcceptsOnlyNil() {
    let matcher: Matcher<Int?> = isNil()
    #expect(matcher.description == "isNil()")
    #expect(matcher.matches(nil) == .match)
    #expect(matcher.matches(5) == .mismatch("5 is not nil"))
  }

  @Test func isNotNilRejectsNil() {
    let matcher: Matcher<String?> = isNotNil()
    #expect(matcher.description == "isNotNil()")
    #expect(matcher.matches("a") == .match)
    #expect(matcher.matches(nil) == .mismatch("value is nil"))
  }

  @Test func untypedNilMatchersLookThroughNestedOptionals() {
    let none: Int? = nil
    let nested: Any? = .some(none as Any)
    let nilMatcher: Matcher<Any?> = isNil()
    let notNilMatcher: Matcher<Any?> = isNotNil()
    #expect(nilMatcher.matches(nested) == .match)
    #expect(nilMatcher.matches(nil) == .match)
    #expect(nilMatcher.matches(Optional(Optional(2)) as Any) == .mismatch("2 is not nil"))
    #expect(notNilMatcher.matches(nested) == .mismatch("value is Optional(nil), an optional holding nil, which counts as nil"))
    #expect(notNilMatcher.matches("x") == .match)
  }
}

@Suite struct ComparisonMatcherTests {
  @Test func lessThanMatcher() {
    #expect(lessThan(3).description == "lessThan(3)")
    #expect(lessThan(3).matches(2) == .match)
    #expect(lessThan(3).matches(3) == .mismatch("3 is not less than 3"))
  }

  @Test func greaterThanMatcher() {
    #expect(greaterThan(3).description == "greaterThan(3)")
    #expect(greaterThan(3).matches(4) == .match)
    #expect(greaterThan(3).matches(3) == .mismatch("3 is not greater than 3"))
  }

  @Test func moreThanIsGreaterThanUnderAnotherName() {
    #expect(moreThan(3).description == "moreThan(3)")
    #expect(moreThan(3).matches(4) == .match)
    #expect(moreThan(3).matches(1) == .mismatch("1 is not more than 3"))
  }

  @Test func lessThanOrEqualMatcher() {
    #expect(lessThanOrEqual(3).description == "lessThanOrEqual(3)")
    #expect(lessThanOrEqual(3).matches(3) == .match)
    #expect(lessThanOrEqual(3).matches(4) == .mismatch("4 is not less than or equal to 3"))
  }

  @Test func greaterThanOrEqualMatcher() {
    #expect(greaterThanOrEqual(3).description == "greaterThanOrEqual(3)")
    #expect(greaterThanOrEqual(3).matches(3) == .match)
    #expect(greaterThanOrEqual(3).matches(2) == .mismatch("2 is not greater than or equal to 3"))
  }

  @Test func comparesStrings() {
    #expect(lessThan("b").matches("c") == .mismatch("\"c\" is not less than \"b\""))
  }
}

@Suite struct RangeMatcherTests {
  @Test func halfOpenRange() {
    let matcher = `in`(1..<5)
    #expect(matcher.description == "in(1..<5)")
    #expect(matcher.matches(1) == .match)
    #expect(matcher.matches(5) == .mismatch("5 is not in 1..<5"))
  }

  @Test func closedRange() {
    let matcher = `in`(1...5)
    #expect(matcher.description == "in(1...5)")
    #expect(matcher.matches(5) == .match)
    #expect(matcher.matches(7) == .mismatch("7 is not in 1...5"))
  }

  @Test func partialRanges() {
    #expect(isIn(1...).matches(0) == .mismatch("0 is not in 1..."))
    #expect(isIn(..<5).matches(5) == .mismatch("5 is not in ..<5"))
    #expect(isIn(...5).matches(6) == .mismatch("6 is not in ...5"))
    #expect(isIn(...5).matches(5) == .match)
  }

  @Test func isInIsTheSameMatcher() {
    #expect(isIn(0..<10).description == "in(0..<10)")
    #expect(isIn(0..<10).matches(10) == .mismatch("10 is not in 0..<10"))
  }

  @Test func rangesOfStrings() {
    #expect(isIn("a"..."c").matches("d") == .mismatch(#""d" is not in "a"..."c""#))
  }
}

@Suite struct ApproximatelyMatcherTests {
  @Test func withinTolerance() {
    let matcher = approximately(1.0, tolerance: 0.01)
    #expect(matcher.description == "approximately(1.0, tolerance: 0.01)")
    #expect(matcher.matches(1.005) == .match)
    #expect(matcher.matches(0.995) == .match)
  }

  @Test func outsideTolerance() {
    let matcher = approximately(1.0, tolerance: 0.01)
    #expect(matcher.matches(1.5) == .mismatch("1.5 is not within 0.01 of 1.0"))
  }

  @Test func nanNeverMatches() {
    #expect(
      approximately(Double.nan, tolerance: 1).matches(.nan)
        == .mismatch("nan is not within 1.0 of nan"))
  }

  @Test func equalInfinitiesMatch() {
    #expect(approximately(Double.infinity, tolerance: 0).matches(.infinity) == .match)
  }
}

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
