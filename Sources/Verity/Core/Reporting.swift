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
  #if !_runtime(_ObjC)
    // On Linux, IssueReporting 1.13.1 appends a "host application" note to every XCTest failure:
    // its heuristic looks for XCTest frames in `Thread.callStackSymbols`, which are not symbolized
    // there. With the default reporter in place and an XCTest test running, Verity reports
    // through the same internal XCTFail path the default reporter takes, minus the note; that path
    // still honours `withExpectedIssue`. Any other reporter set-up goes through `reportIssue`.
    if TestContext.current == .xcTest, IssueReporters.current.count == 1,
      IssueReporters.current[0] is _DefaultReporter
    {
      _issueReportingXCTFail(message, file: filePath, line: line)
      return
    }
  #endif
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

#if !_runtime(_ObjC)
  /// IssueReporting's internal `_XCTFail(_:file:line:)` (`@usableFromInline`, so its symbol is
  /// part of the module's ABI): XCTFail through IssueReportingTestSupport, skipped inside
  /// `withExpectedIssue`. The package pins IssueReporting to 1.13.1 exactly; a different mangled
  /// name would fail to link, never silently.
  @_silgen_name("$s14IssueReporting8_XCTFail_4file4lineySS_s12StaticStringVSutF")
  func _issueReportingXCTFail(_ message: String, file: StaticString, line: UInt)
#endif
