import Foundation
import Synchronization
import Testing
import Verity

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

  static func agree(_ matcher: any AnyArgumentMatcher, _ name: String) {
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
    }
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
