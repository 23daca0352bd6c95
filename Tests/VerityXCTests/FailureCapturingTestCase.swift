import XCTest

/// An `XCTestCase` that can catch the failures a block records instead of failing the test, so a
/// test can check that Verity reports exactly the failures it should, where it should.
///
/// `XCTExpectFailure` does not exist in swift-corelibs-xctest (Linux), and an
/// `XCTestObservation` observer only watches failures that still fail the test. Every XCTest
/// failure passes through the test case's recording method, so this class overrides it: while
/// `capturingFailures` runs, failures are collected; otherwise they are recorded as usual.
class FailureCapturingTestCase: XCTestCase {
  struct CapturedFailure: Equatable {
    var description: String
    var filePath: String?
    var line: Int
  }

  private var captured: [CapturedFailure]?

  /// Runs `body` and returns the failures it recorded, without failing the test.
  func capturingFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
    captured = []
    defer { captured = nil }
    try body()
    return captured ?? []
  }

  /// Runs the asynchronous `body` and returns the failures it recorded, without failing the test.
  func capturingFailures(_ body: () async throws -> Void) async rethrows -> [CapturedFailure] {
    captured = []
    defer { captured = nil }
    try await body()
    return captured ?? []
  }

  #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
      guard captured != nil else { return super.record(issue) }
      captured?.append(
        CapturedFailure(
          description: issue.compactDescription,
          filePath: issue.sourceCodeContext.location?.fileURL.path,
          line: issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
  #else
    override func recordFailure(
      withDescription description: String,
      inFile filePath: String,
      atLine lineNumber: Int,
      expected: Bool
    ) {
      guard captured != nil else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      captured?.append(
        CapturedFailure(
          description: Self.removingHostApplicationNote(description), filePath: filePath, line: lineNumber))
    }
  #endif

  /// What IssueReporting (1.13) appends to every XCTest failure on Linux, where its check for
  /// XCTest frames reads unsymbolized call stacks (Verity's `reportFailure` explains why Verity
  /// keeps it: it reports through IssueReporting's public API only).
  static let hostApplicationNote = """


    ━━┉┅
    This issue was emitted from tests running in a host application.

    This can lead to false positives, where failures could have emitted from live application \
    code at launch time, and not from the current test.

    For more information (and workarounds), see "Testing gotchas":

    https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/documentation/dependencies/testing#Testing-gotchas
    """

  /// `description` without IssueReporting's note, when it ends with exactly that note; otherwise
  /// unchanged, so anything else after Verity's message still shows in the comparison.
  static func removingHostApplicationNote(_ description: String) -> String {
    guard description.hasSuffix(hostApplicationNote) else { return description }
    return String(description.dropLast(hostApplicationNote.count))
  }

  /// The message Verity reported, from an XCTest failure description: without XCTFail's
  /// "failed - " prefix (and, on Linux, IssueReporting's note, removed when captured). Nothing
  /// else is removed: the description must be exactly that.
  func _message(_ description: String) -> String {
    var message = Substring(description)
    let prefix = "failed - "
    if message.hasPrefix(prefix) {
      message = message.dropFirst(prefix.count)
    }
    return String(message)
  }
}
