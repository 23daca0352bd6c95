import Foundation
import Synchronization
import Testing
@testable import Verity
import VerityCore

/// Stubs (a call being made, answered in Swift), verification (the engine, over recorded bytes)
/// and InOrder pick the same calls for `eq`, `isNil` and their negations, at the edges a user reaches.
@Suite struct StubEdgeAgreementTests {
  final class Recorder: Mock {
    let storage = MockStorage()
    func take(_ value: Any?) { recordCall(withIdentifier: "take", arguments: [value]) }
  }

  static var values: [Any?] {
    [
      7, Int8(7), 7.0, "7", nil, NSNull(), Optional<Int>.none, Optional(7) as Any?, 0.0, -0.0,
      "é", "e\u{301}", "Straße", Double.nan,
    ]
  }

  /// - Parameter verdictOnAny: also checks that verification answers as `matches(any:)` (what
  ///   `Assert` and robots run).
  static func agree(
    _ matcher: any AnyArgumentMatcher, _ name: String, values: [Any?] = values, verdictOnAny: Bool = false
  ) {
    let recorder = Recorder()
    for value in values { recorder.take(value) }
    let stubbed = Recorder()
    stubbed.stub(withIdentifier: "take", arguments: [matcher], returning: true)
    let stubAnswers = values.map { stubbed.stubbedValue(forIdentifier: "take", arguments: [$0], default: false) }
    for (index, value) in values.enumerated() {
      let single = Recorder()
      single.take(value)
      let verified = reportedIssueCount { single.verifyCall(withIdentifier: "take", arguments: [matcher]) } == 0
      let ordered = Recorder()
      ordered.take(value)
      let inOrder = InOrder()
      let foundInOrder = reportedIssueCount {
        inOrder.verifyCall(on: ordered, withIdentifier: "take", arguments: [matcher])
      } == 0
      #expect(stubAnswers[index] == verified, "\(name) on \(String(describing: value)): stub \(stubAnswers[index]), verify \(verified)")
      #expect(foundInOrder == verified, "\(name) on \(String(describing: value)): InOrder \(foundInOrder), verify \(verified)")
      if verdictOnAny {
        let direct = matcher.matches(any: value).isMatch
        #expect(direct == verified, "\(name) on \(String(describing: value)): matches(any:) \(direct), verify \(verified)")
      }
    }
  }

  struct Reading: Equatable, Sendable {
    var value: Double
    var unit: String
  }

  struct OtherReading: Equatable, Sendable {
    var value: Double
    var unit: String
  }

  /// Only recorded after its stub and verification are made: its layout is not learned when `eq`
  /// is compiled.
  struct FreshReading: Equatable, Sendable {
    var value: Double
    var unit: String
  }

  /// `eq` of a plain struct: once the type's layout is learned it compiles straight to `==`
  /// (its bytes never decide), before that through the equality form. Every path gives `==`'s
  /// answer: NaN equal to nothing, -0.0 equal to 0.0, composed and decomposed text apart.
  @Test func eqOfAPlainStructAgreesEverywhere() {
    #expect(_TypeLayout._learnForTesting(Reading(value: 1, unit: "m")))
    let values: [Any?] = [
      Reading(value: 1, unit: "\u{E9}"), Reading(value: 1, unit: "e\u{301}"), Reading(value: .nan, unit: "m"),
      Reading(value: -0.0, unit: "m"), Reading(value: 0.0, unit: "m"), nil, NSNull(),
      OtherReading(value: 1, unit: "\u{E9}"), 1.0,
    ]
    for expected in [Reading(value: 1, unit: "\u{E9}"), Reading(value: .nan, unit: "m"), Reading(value: 0.0, unit: "m")] {
      Self.agree(eq(expected), "eq(\(expected))", values: values, verdictOnAny: true)
      Self.agree(!eq(expected), "!eq(\(expected))", values: values, verdictOnAny: true)
    }

    let expected = FreshReading(value: -0.0, unit: "m")
    #expect(_TypeLayout.learnedFast(FreshReading.self) == nil)
    let stubbed = Recorder()
    stubbed.stub(withIdentifier: "take", arguments: [eq(expected)], returning: true)
    let recorder = Recorder()
    let inOrder = InOrder()
    let before = Self.reportedIssueCount {
      recorder.verifyCall(withIdentifier: "take", arguments: [eq(expected)], mode: .never)
    }
    #expect(before == 0)
    let candidates = [FreshReading(value: 0.0, unit: "m"), FreshReading(value: .nan, unit: "m"), FreshReading(value: 0, unit: "n")]
    for candidate in candidates { recorder.take(candidate) }
    let answers = candidates.map { stubbed.stubbedValue(forIdentifier: "take", arguments: [$0], default: false) }
    #expect(answers == [true, false, false])
    let verified = Self.reportedIssueCount { recorder.verifyCall(withIdentifier: "take", arguments: [eq(expected)]) }
    #expect(verified == 0)
    let ordered = Self.reportedIssueCount {
      inOrder.verifyCall(on: recorder, withIdentifier: "take", arguments: [eq(expected)])
    }
    #expect(ordered == 0)
    let failed = Self.reportedIssueCount {
      recorder.verifyCall(withIdentifier: "take", arguments: [eq(expected)], mode: .times(2))
    }
    #expect(failed == 1)
    // A failed check leaves the calls for the next one.
    #expect(Self.reportedIssueCount { recorder.verifyCall(withIdentifier: "take", arguments: [eq(expected)]) } == 0)
  }

  static func reportedIssueCount(_ body: () -> Void) -> Int {
    let count = Counter()
    withKnownIssue(isIntermittent: true) { body() } matching: { _ in
      count.value.add(1, ordering: .relaxed)
      return true
    }
    return count.value.load(ordering: .relaxed)
  }

  final class Counter: Sendable {
    let value = Synchronization.Atomic<Int>(0)
  }

  @Test func eqAndIsNilAgree() {
    Self.agree(eq(7), "eq(7)")
    Self.agree(!eq(7), "!eq(7)")
    Self.agree(eq(0.0), "eq(0.0)")
    Self.agree(eq(-0.0), "eq(-0.0)")
    Self.agree(eq("é"), "eq(é)")
    Self.agree(eq("7"), "eq(\"7\")")
    Self.agree(isNil(), "isNil()")
    Self.agree(isNotNil(), "isNotNil()")
    Self.agree(eq(Int?.none), "eq(Int?.none)")
  }
}
