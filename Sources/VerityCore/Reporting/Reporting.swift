internal import IssueReporting

/// Reports one test failure at the given source location.
///
/// This is the single path by which Verity reports failures. It goes through IssueReporting's
/// public `reportIssue`, so the same call fails the running Swift Testing test or XCTest test,
/// exactly once, and honours `withExpectedIssue`. Every public entry point that can fail takes
/// `fileID`, `filePath`, `line` and `column` defaulted to the caller's location and passes them
/// here.
///
/// On Linux, IssueReporting (1.13) appends a note about "tests running in a host application" to
/// XCTest failures (its check for XCTest frames reads call-stack symbols, which Linux leaves
/// unsymbolized); Swift Testing failures carry no note. Verity keeps to IssueReporting's public
/// API, so the note stays: the message above it is Verity's, unchanged.
///
/// ```swift
/// reportFailure("verifyCall failed - wanted 1 call, got 0", fileID: #fileID, filePath: #filePath,
///               line: #line, column: #column)
/// ```
package func reportFailure(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
