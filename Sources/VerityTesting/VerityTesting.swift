// VerityTesting is what only a test process links. The products `Verity` and `VerityMacros` bring
// it to a test target; `VerityMocking`, for an app's or a library's own targets, does not.
//
// - IssueReportingTestSupport (a dynamic library): IssueReporting, which reports Verity's
//   failures, finds Swift Testing through it at run time (on Linux, `Issue.record` is reached only
//   through this library's symbols; without it a failure prints "An issue was recorded without
//   linking the Testing framework" and the test passes). Nothing here calls it: the dependency
//   in Package.swift is what links it into the test process.
// - `XCUIElement` as a `RobotElement` on Apple platforms (XCUIElement+RobotElement.swift); a UI
//   test file that uses it writes `import VerityTesting`.
// - The probe through which the core reads the running Swift Testing test (SwiftTestingProbe.swift).
// - The Swift Testing trait `.scopedStaticMocks` (ScopedStaticMocksTrait.swift): each test case
//   gets static mock members of its own; a test file that uses it writes `import VerityTesting`.
