import Foundation
import Testing
import Verity

/// Built-in comparisons, ranges and string matchers run in the C engine during verification (for
/// calls whose argument has exactly the matcher's type) and in Swift everywhere else. Both must
/// give the same answer: each matcher's count through `verifyCall` must equal the count of
/// recorded values the Swift matcher accepts, over values of mixed types recorded through
/// `[Any?]`, including ones only Swift can decide (another integer width, non-ASCII strings,
/// carriage returns, NaN and negative zero).
@Suite struct EngineMatcherAgreementTests {
  final class Recorder: Mock {
    let storage = MockStorage()
    func take(_ value: Any?) { recordCall(withIdentifier: "take", arguments: [value, "tail"]) }
  }

  static var numbers: [Any?] {
    var values: [Any?] = [Int.min, Int.min + 1, -1_000, -2, -1, 0, 1, 2, 3, 99, 100, 101, Int.max]
    values += [Int8(-128), Int8(2), Int8(127), UInt64.max, UInt64(100), Int32(-5)]
    values += [-1.5, -0.0, 0.0, 0.5, 2.0, 2.5, 100.0, Double.infinity, -Double.infinity, Double.nan]
    values += [Float(2.5), Float(-0.0), Float.nan, nil, NSNull(), "2", true]
    return values
  }

  static var strings: [Any?] {
    [
      "", "a", "abc", "ABC", "abcdef", "xabc", "xxabcxx", "Abc", "aBc", "abc\r\n", "\r\nabc", "ab\rc",
      "caf\u{E9}", "cafe\u{301}", "abc\u{301}", "\u{301}abc", "STRASSE", "stra\u{DF}e", "\u{212A}", "k", "K", 42, nil,
      NSNull(),
      Optional<String>.some("abc") as Any,
    ]
  }

  /// Records `values`, then checks each matcher: verifyCall with exactly the Swift count passes
  /// (a disagreement fails the test with verifyCall's own message, which names the matcher and
  /// both counts).
  func check<T>(_ values: [Any?], _ matchers: [Matcher<T>]) {
    let recorder = Recorder()
    for value in values { recorder.take(value) }
    for matcher in matchers {
      let expected = values.filter { matcher.matches(any: $0).isMatch }.count
      recorder.verifyCall(withIdentifier: "take", arguments: [matcher, any()], mode: .times(expected))
    }
  }

  @Test func integerComparisonsAndRanges() {
    check(
      Self.numbers,
      [
        lessThan(3), lessThan(Int.min + 1), greaterThan(-2), moreThan(100), lessThanOrEqual(100),
        greaterThanOrEqual(Int.max), isIn(-2..<3), isIn(-1_000...100), isIn(0...), isIn(..<0), isIn(...2),
        lessThan(3) && greaterThan(0), !lessThan(3),
      ])
    check(Self.numbers, [lessThan(Int8(3)), greaterThanOrEqual(Int8(-128)), isIn(Int8(0)...Int8(127))])
    check(Self.numbers, [greaterThan(UInt64(100)), lessThanOrEqual(UInt64.max), isIn(UInt64(0)..<UInt64(101))])
  }

  @Test func floatingPointComparisonsAndRanges() {
    check(
      Self.numbers,
      [
        lessThan(2.5), greaterThan(-0.0), lessThanOrEqual(0.0), greaterThanOrEqual(Double.infinity),
        isIn(-1.5..<2.5), isIn(0.0...100.0), isIn(0.5...), lessThan(Double.nan), greaterThan(-Double.infinity),
      ])
    check(Self.numbers, [lessThan(Float(3)), greaterThanOrEqual(Float(-0.0)), isIn(Float(0)...Float(2.5))])
  }

  @Test func stringMatchers() {
    let needles = ["", "a", "abc", "ABC", "bc", "c", "x", "ss", "k", "\r", "\n"]
    var matchers: [Matcher<String>] = []
    for needle in needles {
      for ignoringCase in [false, true] {
        matchers += [
          hasPrefix(needle, ignoringCase: ignoringCase), hasSuffix(needle, ignoringCase: ignoringCase),
          contains(needle, ignoringCase: ignoringCase),
        ]
      }
    }
    check(Self.strings, matchers)
  }

  /// A second verification of the same pattern, and one after more calls, agree too (the engine's
  /// indexes and the type table are extended, not rebuilt).
  @Test func repeatedVerificationsAgreeAsTheLogGrows() {
    let recorder = Recorder()
    var values: [Any?] = []
    for round in 0..<3 {
      for i in 0..<200 {
        let value: Any? = i % 3 == 0 ? Int8(truncatingIfNeeded: i) : i % 3 == 1 ? i * round : Double(i)
        values.append(value)
        recorder.take(value)
      }
      for matcher in [lessThan(150), greaterThanOrEqual(20), isIn(10..<300)] {
        let expected = values.filter { matcher.matches(any: $0).isMatch }.count
        recorder.verifyCall(withIdentifier: "take", arguments: [matcher, any()], mode: .times(expected))
      }
    }
  }

  /// InOrder (the engine's first-match query, with the callback for the calls it hands back) and
  /// stubs (the Swift matcher on the call being made) pick the same calls as verifyCall.
  @Test func inOrderAndStubsAgreeWithVerification() {
    let values: [Any?] = [Int8(1), 7, "x", 2, nil, 1.5, 0, -3]
    for matcher in [lessThan(3), isIn(0...5), greaterThanOrEqual(-3)] {
      let recorder = Recorder()
      for value in values { recorder.take(value) }
      let expected = values.filter { matcher.matches(any: $0).isMatch }.count
      let inOrder = InOrder()
      for _ in 0..<expected {
        inOrder.verifyCall(on: recorder, withIdentifier: "take", arguments: [matcher, any()])
      }
      inOrder.verifyCall(on: recorder, withIdentifier: "take", arguments: [matcher, any()], mode: .never)

      let stubbed = Recorder()
      stubbed.stub(withIdentifier: "take", arguments: [matcher, any()], returning: true)
      let answers = values.map {
        stubbed.stubbedValue(forIdentifier: "take", arguments: [$0, "tail"], default: false)
      }
      #expect(answers == values.map { matcher.matches(any: $0).isMatch }, "\(matcher.description)")
    }
  }

  /// A failed verification through either fast path (a custom matcher in the Swift loop, a
  /// comparison in the engine) marks nothing: the next check still sees every call.
  @Test func aFailedVerificationLeavesEveryCallForTheNextCheck() {
    let recorder = Recorder()
    for value in [1, 2, 3] as [Any?] { recorder.take(value) }
    let odd = Matcher<Int>("isOdd()", where: { $0 & 1 == 1 })
    withKnownIssue { recorder.verifyCall(withIdentifier: "take", arguments: [odd, any()]) }
    withKnownIssue { recorder.verifyCall(withIdentifier: "take", arguments: [lessThan(3), any()]) }
    let issues = reportedIssues { recorder.verifyNoMoreInteractions() }
    #expect(issues.map(\.message).first?.hasPrefix("verifyNoMoreInteractions failed - 3 calls not verified") == true)
    recorder.verifyCall(withIdentifier: "take", arguments: [odd, any()], mode: .times(2))
    recorder.verifyCall(withIdentifier: "take", arguments: [lessThan(3), any()], mode: .times(2))
    recorder.verifyNoMoreInteractions()
  }

  /// A failed verification lists the closest calls (ranked through the engine's callback path for
  /// the calls it cannot decide, here the Int8).
  @Test func failureMessagesShowTheRejectedValues() {
    let recorder = Recorder()
    recorder.take(5)
    recorder.take(Int8(7))
    let issues = reportedIssues {
      recorder.verifyCall(withIdentifier: "take", arguments: [lessThan(3), any()])
    }
    #expect(
      issues.map(\.message) == [
        """
        verifyCall failed - expected 1 call to take(lessThan(3), any()), got 0
        2 calls to take had other arguments:
          #1 take(5, "tail")
             argument 1: expected lessThan(3), got 5
          #2 take(7, "tail")
             argument 1: expected lessThan(3), got 7
        """
      ])
  }
}
