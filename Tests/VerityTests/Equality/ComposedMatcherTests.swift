import Foundation
import Testing

@testable import Verity

/// Issue "right answers, round 4", items 1 and 2: a matcher answers the same alone and composed,
/// for a value of its own type or of another width or kind, and a captor inside a composition
/// captures the calls the whole matcher accepted.
@Suite struct ComposedMatcherTests {
  /// Records as the README's hand-written mocks do, through `[Any?]`.
  final class Reader: Mock, Sendable {
    let storage = MockStorage()
    func read(_ value: Any?) { recordCall(withIdentifier: "read", arguments: [value]) }

    func readCall(_ count: Matcher<Int>) -> MockCall<Int, Void> {
      MockCall(storage: storage, identifier: "read", matchers: count)
    }
  }

  /// Item 1: in a list, an `Int8(5)`, a `Float(0.5)` and a `Substring` meet `eq`, `||`, `lessThan`
  /// and `isIn` by one rule, alone and composed.
  @Test func aValueOfAnotherWidthOrKindGetsOneAnswerAloneAndComposed() {
    let reader = Reader()
    reader.read(Int8(5))
    reader.verifyCall(withIdentifier: "read", arguments: [eq(5)])
    reader.verifyCall(withIdentifier: "read", arguments: [eq(5) || eq(6)])
    reader.verifyCall(withIdentifier: "read", arguments: [eq(6) || eq(5)])
    reader.verifyCall(withIdentifier: "read", arguments: [lessThan(6)])
    reader.verifyCall(withIdentifier: "read", arguments: [isIn(0..<10)])
    reader.verifyCall(withIdentifier: "read", arguments: [greaterThan(0) && lessThan(6)])
    reader.verifyCall(withIdentifier: "read", arguments: [!eq(6)])
    reader.verifyCall(withIdentifier: "read", arguments: [!(eq(6) || eq(7))])
    reader.verifyCall(withIdentifier: "read", arguments: [!eq(5)], mode: .never)
    reader.verifyCall(withIdentifier: "read", arguments: [!(eq(5) || eq(6))], mode: .never)
    reader.verifyCall(withIdentifier: "read", arguments: [lessThan(5)], mode: .never)

    let floats = Reader()
    floats.read(Float(0.5))
    floats.verifyCall(withIdentifier: "read", arguments: [eq(0.5)])
    floats.verifyCall(withIdentifier: "read", arguments: [eq(0.5) || eq(0.25)])
    floats.verifyCall(withIdentifier: "read", arguments: [lessThan(1.0)])
    // A Float(0.1) is not the Double 0.1: its exact value differs, as its structure does.
    floats.read(Float(0.1))
    floats.verifyCall(withIdentifier: "read", arguments: [eq(0.1) || eq(0.2)], mode: .never)
    floats.verifyCall(withIdentifier: "read", arguments: [eq(0.1)], mode: .never)

    let text = Reader()
    text.read("xaby".dropFirst().dropLast())
    text.verifyCall(withIdentifier: "read", arguments: [eq("ab")])
    text.verifyCall(withIdentifier: "read", arguments: [eq("ab") || eq("cd")])
    text.verifyCall(withIdentifier: "read", arguments: [hasPrefix("a") && hasSuffix("b")])
  }

  /// Item 1: the same answers from `matches(any:)`, the rule every path reads.
  @Test func matchesAnyReadsOtherWidthsAndKindsByValue() {
    #expect(eq(5).matches(any: Int8(5)) == .match)
    #expect((eq(5) || eq(6)).matches(any: Int8(5)) == .match)
    #expect(lessThan(6).matches(any: UInt16(5)) == .match)
    #expect(isIn(0..<10).matches(any: Int64(5)) == .match)
    #expect((eq(0.5) || eq(0.25)).matches(any: Float(0.5)) == .match)
    #expect((eq("ab") || eq("cd")).matches(any: Substring("ab")) == .match)
    #expect(eq("a").matches(any: Character("a")) == .match)
    #expect(lessThan(6).matches(any: NSNumber(value: 5)) == .match)
    #expect((eq([1, 2]) || eq([3])).matches(any: [Int8(1), Int8(2)]) == .match)
    // Out of range of the matcher's type: not a value of it.
    #expect(lessThan(Int8(5)).matches(any: -1000) == .mismatch("value of type Int does not conform to expected type Int8"))
    #expect(lessThan(6).matches(any: "x") == .mismatch("value of type String does not conform to expected type Int"))
    #expect((lessThan(6) || eq(9)).matches(any: "x") == .mismatch(
      "value of type String does not conform to expected type Int and value of type String does not conform to expected type Int"))
    #expect((!eq(5)).matches(any: Int8(5)) == .mismatch("5 matches eq(5)"))
    #expect((!eq(5)).matches(any: "x") == .match)
  }

  /// Item 2: a captor inside `&&`, `||` and `!` captures the calls the whole matcher accepted.
  @Test func aCaptorInsideACompositionCapturesTheCallsTheWholeMatcherAccepted() {
    let reader = Reader()
    for value in [3, -1, 8, 0] { reader.read(value) }

    let positive = ArgumentCaptor<Int>()
    verify(reader.readCall(greaterThan(0) && positive.capture()), .times(2))
    #expect(positive.allValues == [3, 8])

    let either = ArgumentCaptor<Int>()
    verify(reader.readCall(eq(-1) || (greaterThan(5) && either.capture())), .times(2))
    // `||` accepted -1 and 8; the captor captures both calls the whole matcher accepted.
    #expect(either.allValues == [-1, 8])

    let none = ArgumentCaptor<Int>()
    verify(reader.readCall(!none.capture()), .never)
    #expect(none.allValues == [])

    let notSmall = ArgumentCaptor<Int>()
    verify(reader.readCall(!(lessThan(3) && notSmall.capture())), .times(2))
    #expect(notSmall.allValues == [3, 8])

    let listed = ArgumentCaptor<Int>()
    reader.verifyCall(withIdentifier: "read", arguments: [greaterThan(2) && listed.capture()], mode: .times(2))
    #expect(listed.allValues == [3, 8])
  }

  /// Item 2: a failing verification captures nothing, composed or not.
  @Test func aFailingCompositionCapturesNothing() {
    let reader = Reader()
    reader.read(3)
    let captor = ArgumentCaptor<Int>()
    let issues = reportedIssues {
      verify(reader.readCall(greaterThan(5) && captor.capture()))
    }
    #expect(issues.map(\.message) == [
      """
      verify failed - expected 1 call to read((greaterThan(5) && captor(Int))), got 0
      1 call to read had other arguments:
        #1 read(3)
           argument 1: expected (greaterThan(5) && captor(Int)), got 3
      """
    ])
    #expect(captor.allValues == [])
  }
}
