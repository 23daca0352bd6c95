import Testing
import Verity

@Suite struct AnyArgumentMatcherTests {
  @Test func mixedArgumentListsTypeCheck() {
    let arguments: [Any?] = [eq("x"), any(), 5, isNil(), isType(Int.self)]
    #expect(arguments.count == 5)
    #expect((arguments[0] as? any AnyArgumentMatcher)?.description == "eq(\"x\")")
    #expect((arguments[1] as? any AnyArgumentMatcher)?.description == "any()")
    #expect(arguments[2] as? any AnyArgumentMatcher == nil)
    #expect((arguments[3] as? any AnyArgumentMatcher)?.matches(any: nil) == .match)
    #expect((arguments[4] as? any AnyArgumentMatcher)?.matches(any: 1) == .match)
  }

  @Test func valuesOfTheMatcherTypeAreChecked() {
    let matcher: any AnyArgumentMatcher = eq(3)
    #expect(matcher.matches(any: 3) == .match)
    #expect(matcher.matches(any: 4) == .mismatch("4 is not equal to 3"))
  }

  @Test func valuesOfAnotherTypeMismatch() {
    let matcher: any AnyArgumentMatcher = eq(3)
    #expect(
      matcher.matches(any: "3")
        == .mismatch("value of type String does not conform to expected type Int"))
    let typedAny: any AnyArgumentMatcher = any(Int.self)
    #expect(
      typedAny.matches(any: 3.0)
        == .mismatch("value of type Double does not conform to expected type Int"))
  }

  @Test func nilForANonOptionalTypeMismatches() {
    let matcher: any AnyArgumentMatcher = eq(3)
    #expect(matcher.matches(any: nil) == .mismatch("nil is not a value of type Int"))
  }

  @Test func optionalWrappingIsLookedThrough() {
    let matcher: any AnyArgumentMatcher = eq(3)
    let optional: Int? = 3
    #expect(matcher.matches(any: optional) == .match)
    #expect(matcher.matches(any: Optional(Optional(3)) as Any) == .match)
  }

  @Test func nilIsCheckedWhenTheMatcherTypeIsOptional() {
    let isNilMatcher: Matcher<Int?> = isNil()
    let erased: any AnyArgumentMatcher = isNilMatcher
    let none: Int? = nil
    #expect(erased.matches(any: nil) == .match)
    #expect(erased.matches(any: none as Any) == .match)
    #expect(erased.matches(any: 2) == .mismatch("2 is not nil"))

    let optionalEq: any AnyArgumentMatcher = eq(Optional(3))
    #expect(optionalEq.matches(any: 3) == .match)
    #expect(optionalEq.matches(any: nil) == .mismatch("nil is not equal to 3"))
  }

  @Test func subclassesMatchASuperclassMatcher() {
    class Animal {}
    final class Dog: Animal {}
    let matcher: Matcher<Animal> = any()
    #expect(matcher.matches(any: Dog()) == .match)
  }
}
