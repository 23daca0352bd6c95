import Foundation
import Testing
import Verity

private struct Workout: Matchable, Equatable {
  var name: String
  var duration: Double
  var restDays: [Int]
}

private struct Streak: Matchable { var days: Int }

/// A compound type checked member by member with key paths of different value types.
private struct TrainingTask: MatchableCompound {
  var name: String
  var duration: Double
  var restDays: [Int]
  var streak: Streak
  var notes: [String: Any]

  func assertContentMatches(_ other: TrainingTask, in context: MatchableContext) throws {
    try assertMatches([\.name, \.duration, \.restDays], of: other)
    try assertMatches([\.streak, \.notes], of: other)
  }
}

/// A type with its own check: durations within a second match.
private struct Lap: Matchable {
  var seconds: Double
  func assertMatches(_ other: Lap, in context: MatchableContext) throws {
    guard abs(seconds - other.seconds) <= 1 else {
      throw MatchFailedError(expected: "\(seconds)", actual: "\(other.seconds)")
    }
  }
}

@Suite("Matchable")
struct MatchableTests {
  fileprivate let workout = Workout(name: "run", duration: 30, restDays: [1, 3])

  @Test func conformingNeedsNoBody() throws {
    try workout.assertMatches(workout)
    var other = workout
    other.duration = 45
    let error = try #require(throws: MatchFailedError.self) { try workout.assertMatches(other) }
    #expect(error.difference?.description == "duration: 30.0 → 45.0")
    #expect(error.description == "the values differ (expected → actual; 1 changed):\n  duration: 30.0 → 45.0")
  }

  @Test func compoundErrorsReadOutsideIn() throws {
    let task = TrainingTask(
      name: "run", duration: 30, restDays: [1], streak: Streak(days: 3), notes: ["mood": "good"])
    try task.assertMatches(task)
    var other = task
    other.streak.days = 4
    let error = try #require(throws: MatchFailedError.self) { try task.assertMatches(other) }
    #expect(
      error.description
        == "TrainingTask does not match: TrainingTask.streak does not match: the values differ (expected → actual; 1 changed):\n  days: 3 → 4")
    #expect(error.underlyingErrors.count == 1)
    var noted = task
    noted.notes["mood"] = "tired"
    let notes = try #require(throws: MatchFailedError.self) { try task.assertMatches(noted) }
    #expect(notes.description.hasSuffix(#"["mood"]: "good" → "tired""#))
  }

  @Test func keyPathsUseTheMembersOwnCheck() throws {
    struct Session: Matchable { var lap: Lap; var label: String }
    let session = Session(lap: Lap(seconds: 60), label: "a")
    try session.assertMatches([\.lap], of: Session(lap: Lap(seconds: 60.5), label: "b"))
    #expect(throws: MatchFailedError.self) {
      try session.assertMatches([\.lap], of: Session(lap: Lap(seconds: 62), label: "a"))
    }
  }

  @Test func stringsThatDifferOnlyInBlankLinesDoNotMatch() {
    #expect(throws: MatchFailedError.self) { try "a\nb".assertMatches("a\n\nb") }
    #expect(throws: Never.self) { try "a\nb".assertMatches("a\nb") }
  }

  @Test func contextOptionsApply() throws {
    var other = workout
    other.duration = 30.0000001
    #expect(throws: MatchFailedError.self) { try workout.assertMatches(other) }
    try workout.assertMatches(other, in: MatchableContext(options: DiffOptions(floatTolerance: 1e-3)))
  }
}

@Suite("Assertions with differences")
struct DifferenceAssertionTests {
  @Test func matchesAnyValueWithoutAConformance() {
    let before: [String: Any] = ["user": ["name": "Ada", "tags": ["a", "b"]]]
    let after: [String: Any] = ["user": ["name": "Ada", "tags": ["a", "c"]]]
    Assert(that: before as Any).matches(before as Any)
    let issues = reportedIssues {
      Assert(that: after as Any).matches(before as Any)
    }
    #expect(issues.map(\.message) == [
      """
      matches failed - Dictionary<String, Any> does not match: the values differ (expected → actual; 1 changed):
        ["user"]["tags"][1]: "b" → "c"
      """
    ])
  }

  @Test func matchesUsesTheConformance() {
    let issues = reportedIssues {
      Assert(that: Lap(seconds: 60.5)).matches(Lap(seconds: 60))
      Assert(that: Lap(seconds: 65)).matches(Lap(seconds: 60))
    }
    #expect(issues.map(\.message) == ["matches failed - Lap does not match: expected 60.0, got 65.0"])
  }

  @Test func hasNoDifference() {
    let expected = (0..<200).map { ["id": $0, "name": "n\($0)"] as [String: Any] }
    var actual = expected
    actual[137]["name"] = "changed"
    Assert(that: expected as Any).hasNoDifference(from: expected as Any)
    let issues = reportedIssues {
      Assert(that: actual as Any).hasNoDifference(from: expected as Any)
    }
    #expect(issues.map(\.message) == [
      """
      hasNoDifference failed - the values differ (expected → actual; 1 changed):
        [137]["name"]: "n137" → "changed"
      """
    ])
  }

  @Test func isEqualToShowsTheDifferenceOfLongValues() {
    let expected = (0..<200).map { "item \($0)" }
    var actual = expected
    actual[137] = "other"
    let issues = reportedIssues {
      Assert(that: actual).isEqualTo(expected)
      Assert(that: 41).isEqualTo(42)
      Assert(that: String(repeating: "a", count: 10_000) + "b").isEqualTo(String(repeating: "a", count: 10_000) + "c")
    }
    #expect(issues.map(\.message) == [
      """
      isEqualTo failed - the values differ (expected → actual; 1 changed):
        [137]: "item 137" → "other"
      """,
      "isEqualTo failed - 41 is not equal to 42",
      """
      isEqualTo failed - the values differ (expected → actual; 1 changed):
        strings differ at line 1, byte 10001 (offset 10000; 10001 → 10001 bytes):
          - …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac
          + …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab
      """,
    ])
  }

  @Test func hasNoDifferenceReportsTheDifferenceOnce() {
    struct Book: Equatable { var title: String; var year: Int }
    let expected = (0..<50).map { Book(title: "b\($0)", year: 2000) }
    var actual = expected
    actual[41].year = 2001
    Assert(that: expected).hasNoDifference(from: expected)  // reports nothing
    let issues = reportedIssues {
      Assert(that: actual).hasNoDifference(from: expected).isEqualTo(actual)
    }
    #expect(issues.map(\.message) == [
      """
      hasNoDifference failed - the values differ (expected → actual; 1 changed):
        [41].year: 2000 → 2001
      """
    ])
    // The collapsed tree of the same difference, for a message of your own.
    #expect(diff(expected, actual)?.renderedTree() == """
        [
          … (41 unchanged)
          [41]: Book(
            … (1 unchanged)
      -     year: 2000
      +     year: 2001
          )
          … (8 unchanged)
        ]
      """)
  }
}

private struct Place: Equatable { var city: String; var geo: Coordinates }
private struct Coordinates: Equatable { var lat: Double; var lon: Double }
private struct Customer: Equatable { var name: String; var email: String; var address: Place }

private final class CustomerStore: Mock {
  let storage = MockStorage()
  func save(_ customer: Customer) { recordCall(withIdentifier: "save", arguments: [customer]) }
}

@Suite("verifyCall shows argument differences")
struct ArgumentDifferenceTests {
  @Test func closestCallShowsThePathThatDiffers() {
    let store = CustomerStore()
    let customer = Customer(
      name: "Ada Lovelace", email: "ada@example.com",
      address: Place(city: "London", geo: Coordinates(lat: 51.5, lon: -0.1)))
    var moved = customer
    moved.address.geo.lon = -0.2
    store.save(moved)
    let issues = reportedIssues {
      store.verifyCall(withIdentifier: "save", arguments: [customer])
    }
    #expect(issues.count == 1)
    let lines = issues.first?.message.split(separator: "\n").map(String.init) ?? []
    #expect(lines.last == "     argument 1: address.geo.lon: -0.1 → -0.2")
  }
}

@Suite("eq with long values")
struct LongEqualityTests {
  @Test func eqMismatchShowsTheDifferenceAndABoundedDescription() {
    let expected = (0..<100).map { "value \($0)" }
    var actual = expected
    actual[42] = "changed"
    let matcher = eq(expected)
    #expect(matcher.description.hasSuffix("…)"))
    #expect(matcher.description.count < 220)
    let issues = reportedIssues {
      Assert(that: actual).matches(matcher)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        """
        matches failed - the values differ (expected → actual; 1 changed):
          [42]: "value 42" → "changed" (expected eq(["value 0",
        """) == true)
  }
}
