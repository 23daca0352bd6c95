internal import CVerityEngine
internal import IssueReporting

/// The Swift Testing test that the current task runs: the same for every call made while one test
/// runs (from its own task or the tasks it creates, but not a `Task.detached`), different between
/// tests.
///
/// It names a test, not a case of a parameterized test: Swift Testing's `Test.Case` has no public
/// identity, so every case of one test gets the same key (a scope bound per case, Verity's
/// `withScopedStaticMocks` or the `.scopedStaticMocks` trait, tells the cases apart), and
/// ``_RunningSwiftTest/isParameterized`` says when that is so.
///
/// Two sources answer, the first that is there:
/// 1. VerityTesting's probe (``_SwiftTestingProbe``), linked into every test process that uses the
///    `Verity` product: it reads Swift Testing's `Test.current` directly.
/// 2. IssueReporting's public `TestContext.current`, which finds Swift Testing by `dlsym` and has
///    it build the test's ID on every read (a process without VerityTesting: VerityMocking's, or
///    a dynamic library whose weak `vrt_swift_testing_probe` was not replaced). It cannot tell
///    whether the test is parameterized: ``_RunningSwiftTest/isParameterized`` is then `nil`, and
///    the one who acts on it says so (the static mock stores warn once per process).
///
/// ```swift
/// if let test = _CurrentSwiftTestingTest.running { print(test.key) }
/// ```
package enum _CurrentSwiftTestingTest {
  /// The current Swift Testing test, or `nil` outside one (XCTest, a detached task, code that
  /// runs outside any test).
  package static var running: _RunningSwiftTest? { running(probe: _SwiftTestingProbe.linked) }

  /// The current Swift Testing test as `probe` reads it, or as IssueReporting does when `probe` is
  /// `nil` (what a process without VerityTesting gets; tests pass `nil` to see that fallback).
  package static func running(probe: _SwiftTestingProbe?) -> _RunningSwiftTest? {
    if let probe { return probe.runningTest() }
    guard case .swiftTesting(let testing)? = TestContext.current, let testing else { return nil }
    return _RunningSwiftTest(key: _SwiftTestingTestKey(id: testing.test.id), name: "", isParameterized: nil)
  }
}

/// What VerityTesting tells the core about Swift Testing: the running test, and how to record an
/// issue in it. The core cannot import Swift Testing (an app's own targets link the core without
/// it); VerityTesting, which only a test process links, makes one probe for the process and hands
/// it over through the C engine's `vrt_swift_testing_probe` (see vrt_test_probe.h).
package final class _SwiftTestingProbe: Sendable {
  /// The running test, or `nil` outside one.
  let runningTest: @Sendable () -> _RunningSwiftTest?
  /// Records an issue with this message in the running test, at the test's declaration.
  let recordIssue: @Sendable (String) -> Void

  package init(
    runningTest: @escaping @Sendable () -> _RunningSwiftTest?,
    recordIssue: @escaping @Sendable (String) -> Void
  ) {
    self.runningTest = runningTest
    self.recordIssue = recordIssue
  }

  /// The probe of this process, or `nil` when VerityTesting is not linked into it.
  package static let linked: _SwiftTestingProbe? = vrt_swift_testing_probe().map {
    Unmanaged<_SwiftTestingProbe>.fromOpaque($0).takeUnretainedValue()
  }

  /// Records an issue with this message in the running test, at the test's declaration.
  package func recordIssueInRunningTest(_ message: String) {
    recordIssue(message)
  }
}

/// A running Swift Testing test, as ``_CurrentSwiftTestingTest/running`` reads it.
package struct _RunningSwiftTest: Sendable {
  /// Which test it is.
  package let key: _SwiftTestingTestKey
  /// Its name, as Swift Testing gives it (`eachCase(value:)`); empty when IssueReporting answered.
  package let name: String
  /// Whether it runs one case per argument (its cases share ``key``); `nil` when IssueReporting
  /// answered, which cannot tell.
  package let isParameterized: Bool?

  package init(key: _SwiftTestingTestKey, name: String, isParameterized: Bool?) {
    self.key = key
    self.name = name
    self.isParameterized = isParameterized
  }
}

/// The identity of one Swift Testing test: its declaration (name and source location, unique in a
/// process) as VerityTesting reads it, or its `Test.ID` as IssueReporting reports it. One process
/// uses one kind only, whichever source is there.
package struct _SwiftTestingTestKey: Hashable, Sendable, CustomStringConvertible {
  private enum Identity: Hashable, Sendable {
    case declaration(name: String, fileID: String, line: Int, column: Int)
    case issueReporting(TestContext.Testing.Test.ID)
  }

  private let identity: Identity

  /// The test declared as `name` at this place.
  package init(name: String, fileID: String, line: Int, column: Int) {
    identity = .declaration(name: name, fileID: fileID, line: line, column: column)
  }

  fileprivate init(id: TestContext.Testing.Test.ID) { identity = .issueReporting(id) }

  package var description: String {
    switch identity {
    case .declaration(let name, let fileID, let line, let column): "\(name) (\(fileID):\(line):\(column))"
    case .issueReporting(let id): "\(id.rawValue)"
    }
  }
}
