internal import IssueReporting

/// Reports one test failure at the given source location.
///
/// This is the single path by which Verity reports failures. It goes through IssueReporting, so the
/// same call fails the running Swift Testing test or XCTest test, exactly once. Every public entry
/// point that can fail takes `fileID`, `filePath`, `line` and `column` defaulted to the caller's
/// location and passes them here.
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
