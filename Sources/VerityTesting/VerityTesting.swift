// VerityTesting is what only a test process links. The products `Verity` and `VerityMacros` bring
// it to a test target; `VerityMocking`, for an app's or a library's own targets, does not.
//
// - IssueReportingTestSupport (a dynamic library): IssueReporting, which reports Verity's
//   failures, finds Swift Testing through it at run time (on Linux, `Issue.record` is reached only
//   through this library's symbols; without it a failure prints "An issue was recorded without
//   linking the Testing framework" and the test passes). Nothing here calls it: the dependency
//   is what links it into the test process.
// - `XCUIElement` as a ``RobotElement`` on Apple platforms (XCUIElement+RobotElement.swift).

/// The products that bring this module, and what it links; see the file's header.
///
/// ```swift
/// .testTarget(name: "AppTests", dependencies: [.product(name: "VerityMacros", package: "Verity")])
/// ```
public enum VerityTesting {
  /// Whether the test process links IssueReportingTestSupport, through which failures reach
  /// Swift Testing: always true where this module is linked.
  public static let linksIssueReportingTestSupport = true
}
