// The Matchable seed's examples (shared/seeds/001), written as its users wrote them:
// `assertMatches` on primitive values, a 13-property `Task` checked as a `MatchableCompound` with
// key-path lists, and `XCTAssert(_:matches:)` from its XCTest extensions.

import Foundation
import Testing
import Verity
import XCTest

public enum TaskState: Sendable { case planned, active, done }

/// The seed's `Task`, with its 13 properties (its users' type shadows the concurrency `Task` in
/// their test module, as here).
public struct Task: Sendable {
    public var state: TaskState
    public var name: String
    public var icon: String
    public var details: String
    public var started: Date?
    public var hasDescription: Bool
    public var hasDuration: Bool
    public var isScheduled: Bool
    public var duration: Double
    public var scheduledHour: Int
    public var scheduledMinute: Int
    public var streaks: [Int]
    public var restDays: Set<Int>
}

extension Task: MatchableCompound {
    public func assertContentMatches(_ other: Task, in context: MatchableContext) throws {
        try assertMatches([\.state], of: other)
        try assertMatches([\.name, \.icon, \.details], of: other)
        try assertMatches([\.started], of: other)
        try assertMatches([\.hasDescription, \.hasDuration, \.isScheduled], of: other)
        try assertMatches([\.duration], of: other)
        try assertMatches([\.scheduledHour, \.scheduledMinute], of: other)
        try assertMatches([\.streaks], of: other)
        try assertMatches([\.restDays], of: other)
    }
}

let savedModel = Task(
    state: .active, name: "Run", icon: "figure.run", details: "Easy 5k",
    started: Date(timeIntervalSince1970: 1_700_000_000), hasDescription: true, hasDuration: true,
    isScheduled: true, duration: 1800, scheduledHour: 7, scheduledMinute: 30, streaks: [3, 5, 8],
    restDays: [6, 7])

final class MatchableSeedTests: XCTestCase {

    func testValuesMatch() throws {
        let x = "workout"
        let y = "work" + "out"
        try x.assertMatches(y)

        let (int1, int2) = (42, 42)
        let (double1, double2) = (0.5, 0.5)
        let (string1, string2) = ("a", "a")
        try int1.assertMatches(int2)
        try double1.assertMatches(double2)
        try string1.assertMatches(string2)
    }

    func testTheFirstFailureThrows() {
        XCTAssertThrowsError(try 1.assertMatches(2))
    }

    func testCompoundTypeMatches() throws {
        let reloadedModel = savedModel
        try savedModel.assertMatches(reloadedModel)
        XCTAssert(savedModel, matches: reloadedModel)
    }

    /// "Any catching code can dig down into these compound errors": the outer error names `Task`,
    /// its underlying error the member that differs.
    func testCompoundErrorsNameTheMember() {
        var reloadedModel = savedModel
        reloadedModel.scheduledMinute = 45
        XCTAssertThrowsError(try savedModel.assertMatches(reloadedModel)) { error in
            let outer = error as? MatchFailedError
            XCTAssertEqual(outer?.typeName, "Task")
            let member = outer?.underlyingErrors.first as? MatchFailedError
            XCTAssertEqual(member?.path, "scheduledMinute")
            XCTAssertEqual(
                "\(error)",
                """
                Task does not match: Task.scheduledMinute does not match: the values differ (expected → actual; 1 changed):
                  30 → 45
                """)
        }
    }
}

@Suite struct MatchableSeedReporting {
    /// `XCTAssert(savedModel, matches: reloadedModel)` fails the test once, at its line, saying
    /// where the models differ.
    @Test func xctAssertMatchesReportsTheMismatch() {
        var reloadedModel = savedModel
        reloadedModel.restDays = [6]
        let line = #line + 2
        withKnownIssue {
            XCTAssert(reloadedModel, matches: savedModel)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                XCTAssert(_:matches:) failed - Task does not match: Task.restDays does not match: the values differ (expected → actual; 1 removed):
                  removed 7
                """
            ] && issue.sourceLocation?.line == line
        }
    }
}
