import Foundation
import Testing

@testable import Verity

private struct Place: Equatable { var city: String; var zip: Int }

/// Issue "right answers, round 3", case 8: options that mean nothing are a clear failure at the
/// caller's line, and a pattern that ignored nothing is named.
@Suite struct DiffOptionsValidationTests {
  @Test(arguments: [
    (DiffOptions(floatTolerance: .nan), "floatTolerance is nan (it must be finite and at least 0)"),
    (DiffOptions(floatTolerance: .infinity), "floatTolerance is inf (it must be finite and at least 0)"),
    (DiffOptions(floatTolerance: -1), "floatTolerance is -1.0 (it must be finite and at least 0)"),
    (DiffOptions(editLimit: 0), "editLimit is 0 (it must be at least 1)"),
    (DiffOptions(lineLimit: -3), "lineLimit is -3 (it must be at least 1)"),
    (DiffOptions(identityField: ""), "identityField is empty (nil aligns elements by value)"),
    (DiffOptions(ignoredPaths: ["a..b"]), #"ignoredPaths pattern "a..b" is not a path (see DifferencePath.Pattern)"#),
  ])
  func invalidOptionsAreAFailureAtTheCallersLine(options: DiffOptions, problem: String) {
    let line = #line + 2
    let issues = reportedIssues {
      _ = diff(1.0, 1.5, options: options)
    }
    #expect(issues == [ReportedIssue(message: "diff failed - invalid DiffOptions: \(problem)", line: line)])
    let chained = reportedIssues {
      Assert(that: 1.0).hasNoDifference(from: 1.0, options: options)
    }
    #expect(chained.map(\.message) == ["hasNoDifference failed - invalid DiffOptions: \(problem)"])
  }

  @Test func validOptionsReportNothing() {
    #expect(DiffOptions()._problem == nil)
    #expect(DiffOptions(floatTolerance: 0.5, identityField: "id", ignoredPaths: ["a[*].b"], editLimit: 1, lineLimit: 1)._problem == nil)
    #expect(diff(1.0, 1.4, options: DiffOptions(floatTolerance: 0.5)) == nil)
  }

  @Test func aPatternThatIgnoredNothingIsNamedInTheFailure() {
    let options = DiffOptions(ignoredPaths: ["citty", "zip"])
    let issues = reportedIssues {
      Assert(that: Place(city: "Paris", zip: 1)).hasNoDifference(from: Place(city: "Lyon", zip: 2), options: options)
    }
    #expect(issues.map(\.message) == [
      """
      hasNoDifference failed - the values differ (expected → actual; 1 changed):
        city: "Lyon" → "Paris"
      ignoredPaths that ignored no difference: "citty"
      """
    ])
  }

  /// Issue 47, item 9: a misspelled `ignoredFields` entry is named as a misspelled path is.
  @Test func anIgnoredFieldThatNeitherValueHasIsNamedInTheFailure() {
    let options = DiffOptions(ignoredFields: ["zipp", "zip", "country"])
    let issues = reportedIssues {
      Assert(that: Place(city: "Paris", zip: 1)).hasNoDifference(from: Place(city: "Lyon", zip: 2), options: options)
    }
    #expect(issues.map(\.message) == [
      """
      hasNoDifference failed - the values differ (expected → actual; 1 changed):
        city: "Lyon" → "Paris"
      ignoredFields that name no field of either value: "country", "zipp"
      """
    ])
  }

  @Test func negativeCallCountsAreAFailure() {
    let fake = FakeTaker()
    fake.take(1)
    for (mode, text) in [(VerificationMode.times(-1), ".times(-1)"), (.atLeast(-2), ".atLeast(-2)"), (.atMost(-1), ".atMost(-1)")] {
      let issues = reportedIssues {
        fake.verifyCall(withIdentifier: "take", arguments: [1], mode: mode)
      }
      #expect(issues.map(\.message) == ["verifyCall failed - invalid mode \(text): a call count cannot be negative"])
      let ordered = reportedIssues {
        InOrder().verifyCall(on: fake, withIdentifier: "take", arguments: [1], mode: mode)
      }
      #expect(ordered.map(\.message) == ["verifyCall in order failed - invalid mode \(text): a call count cannot be negative"])
    }
  }
}
