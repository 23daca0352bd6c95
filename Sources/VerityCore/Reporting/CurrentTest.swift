internal import IssueReporting

/// The Swift Testing test that the current task runs, as IssueReporting's public
/// `TestContext.current` names it: equal for every call made while one test runs (from its own
/// task or the tasks it creates, but not a `Task.detached`), different between tests.
///
/// It names a test, not a case of a parameterized test: Swift Testing's `Test.Case` has no public
/// identity, so every case of one test gets the same key (a scope bound per case, Verity's
/// `withScopedStaticMocks` or the `.scopedStaticMocks` trait, tells the cases apart).
///
/// ```swift
/// if let test = _CurrentSwiftTestingTest.key { print(test) }
/// ```
package enum _CurrentSwiftTestingTest {
  /// The current Swift Testing test, or `nil` outside one (XCTest, a detached task, code that
  /// runs outside any test). Each read asks IssueReporting, which looks Swift Testing up through
  /// IssueReportingTestSupport (a `dlsym`): read it where that cost is acceptable, never on the
  /// path of an instance member.
  package static var key: _SwiftTestingTestKey? {
    guard case .swiftTesting(let testing)? = TestContext.current, let testing else { return nil }
    return _SwiftTestingTestKey(id: testing.test.id)
  }
}

/// The identity of one Swift Testing test (its `Test.ID`, as IssueReporting reports it).
package struct _SwiftTestingTestKey: Hashable, Sendable, CustomStringConvertible {
  private let id: TestContext.Testing.Test.ID

  fileprivate init(id: TestContext.Testing.Test.ID) { self.id = id }

  package var description: String { "\(id.rawValue)" }
}
