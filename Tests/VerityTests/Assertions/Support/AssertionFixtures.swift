import Testing
import Verity
import VerityTestSupport

enum FixtureLoginError: Error, Equatable {
  case locked
  case wrongPassword(attempts: Int)
}

/// An error type that is not `Equatable`.
struct FixtureOpaqueError: Error {
  let code: Int
}

final class FixtureBox: CustomStringConvertible {
  let id: Int
  init(id: Int) { self.id = id }
  var description: String { "FixtureBox(\(id))" }
}

/// A thread-safe counter for closures that must be `Sendable`.
final class FixtureCounter: Sendable {
  private let value = TestLock(0)

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  var count: Int { value.withLock { $0 } }
}

/// Records the issues a `withKnownIssue` block reports.
final class FixtureIssueRecorder: Sendable {
  private let issues = TestLock<[Issue]>([])

  func record(_ issue: Issue) -> Bool {
    issues.withLock { $0.append(issue) }
    return true
  }

  var recorded: [Issue] { issues.withLock { $0 } }
  var messages: [String] { recorded.map { $0.comments.map(\.rawValue).joined(separator: "\n") } }
  var lines: [Int?] { recorded.map { $0.sourceLocation?.line } }
}

/// A helper in this file that continues a chain started elsewhere: its operator's failure is
/// reported here, where the operator is written, not where the chain started.
func fixtureExpectEven(_ assertion: Assertion<Int>) {
  assertion.matches(Matcher("isEven") { $0.isMultiple(of: 2) ? .match : .mismatch("\($0) is odd") })
}

/// The line of the operator in ``fixtureExpectEven(_:)``.
let fixtureExpectEvenLine = #line - 4
