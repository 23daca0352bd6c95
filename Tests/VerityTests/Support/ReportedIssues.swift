import Testing

/// One issue reported while running a body: its message and line.
struct ReportedIssue: Equatable, CustomStringConvertible {
  var message: String
  var line: Int

  var description: String { "line \(line): \(message)" }
}

/// Runs `body`, which is expected to report issues, and returns every issue it reported (as known
/// issues, so they don't fail the test). If it reports none, the test fails: `withKnownIssue`
/// records "Known issue was not recorded".
func reportedIssues(_ body: () throws -> Void) rethrows -> [ReportedIssue] {
  let recorder = FixtureIssueRecorder()
  try withKnownIssue { try body() } matching: { recorder.record($0) }
  return recorder.reportedIssues
}

/// Async form of ``reportedIssues(_:)``.
func reportedIssues(_ body: () async throws -> Void) async rethrows -> [ReportedIssue] {
  let recorder = FixtureIssueRecorder()
  try await withKnownIssue { try await body() } matching: { recorder.record($0) }
  return recorder.reportedIssues
}

extension FixtureIssueRecorder {
  var reportedIssues: [ReportedIssue] {
    zip(messages, lines).map { ReportedIssue(message: $0, line: $1 ?? -1) }
  }
}

/// The messages of the issues `body` reports, none or some, without failing the test either way.
func issueMessages(_ body: () -> Void) -> [String] {
  let recorder = FixtureIssueRecorder()
  withKnownIssue(isIntermittent: true) { body() } matching: { recorder.record($0) }
  return recorder.messages
}
