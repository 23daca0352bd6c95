import Foundation
import Testing

@testable import Verity
import VerityTestSupport

@Suite struct ElementConditionTests {
  let screen = loginScreen()
  func element(_ id: LoginElement) -> InMemoryElement { screen.descendant(withIdentifier: id.rawValue) }

  @Test func eachConditionPassesAndFails() {
    let cases: [(Condition, LoginElement, MatchResult)] = [
      (.exists, .emailField, .match),
      (.exists, .banner, .mismatch("element does not exist")),
      (.doesNotExist, .banner, .match),
      (.doesNotExist, .emailField, .mismatch("element exists")),
      (.enabled, .emailField, .match),
      (.enabled, .submit, .mismatch("element is not enabled")),
      (.enabled, .banner, .mismatch("element does not exist")),
      (.empty, .passwordField, .match),  // the value is the placeholder
      (.empty, .submit, .match),  // no value
      (.empty, .emailField, .mismatch(#"value is "hello""#)),
      (.equal(to: "HELLO"), .emailField, .match),
      (.equal(to: "hell"), .emailField, .mismatch(#"value is "hello""#)),
      (.equal(to: 3), .quantity, .match),
      (.equal(to: 4), .quantity, .mismatch(#"value is "3""#)),
      (.equal(to: 9.5), .price, .match),
      (.equal(to: 9.4), .price, .mismatch(#"value is "9.5""#)),
      (.equal(to: true), .rememberMe, .match),
      (.equal(to: false), .rememberMe, .mismatch(#"value is "1""#)),
      (.placeholderEqual(to: "email"), .emailField, .match),
      (.placeholderEqual(to: "Name"), .emailField, .mismatch(#"placeholder is "Email""#)),
      (.placeholderEqual(to: "Name"), .submit, .mismatch("element has no placeholder")),
      (.contains("ELL"), .emailField, .match),
      (.contains("sign"), .submit, .match),  // the label
      (.contains("world"), .emailField, .mismatch(#"value is "hello""#)),
      (.contains("out"), .submit, .mismatch(#"label is "Sign In", value is """#)),
    ]
    for (condition, id, expected) in cases {
      #expect(condition.matches(element(id)) == expected, "\(condition.description) on \(id)")
    }
  }

  @Test func equalAndContainsFoldCase() {
    let street = InMemoryElement(identifier: "street", text: "STRASSE")
    #expect(Condition.equal(to: "straße").matches(street).isMatch)
    #expect(Condition.contains("ß").matches(street).isMatch)
  }

  @Test func composedNames() {
    #expect(Condition.exists.description == "exists")
    #expect((!Condition.exists).description == "!(exists)")
    #expect((Condition.exists && .contains("world")).description == #"(exists && contains("world"))"#)
    #expect((Condition.exists || .enabled).description == "(exists || enabled)")
    #expect((!(Condition.exists(waiting: 2.5))).description == "!exists(waiting: 2.5)")
    #expect(Condition.doesNotExist(waiting: 10).description == "doesNotExist(waiting: 10)")
    #expect((!Condition.contains("x")).description == #"!contains("x")"#)
  }

  @Test func operatorsShortCircuit() {
    let counter = FixtureCounter()
    let counted = Condition.condition("counted") { _ in
      counter.increment()
      return .match
    }
    _ = (Condition.enabled && counted).matches(element(.submit))  // left fails
    _ = (Condition.exists || counted).matches(element(.submit))  // left passes
    #expect(counter.count == 0)
    _ = (Condition.exists && counted).matches(element(.submit))
    #expect(counter.count == 1)
  }

  @Test func conditionsAreMatchersInAssert() {
    Assert(that: element(.emailField)).matches(.exists && .enabled && .contains("hell"))
    withKnownIssue {
      Assert(that: element(.submit)).matches(.exists && .enabled)
    } matching: { issue in
      issue.description.contains("matches failed - element is not enabled (expected (exists && enabled))")
    }
  }

  @Test func customConditions() {
    let hasSevenChildren = Condition.condition("hasSevenChildren") { element in
      element.childElements.count == 7 ? .match : .mismatch("it has \(element.childElements.count) children")
    }
    #expect(hasSevenChildren.matches(screen).isMatch)
    #expect(hasSevenChildren.matches(element(.submit)) == .mismatch("it has 0 children"))
  }
}
