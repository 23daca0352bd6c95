/// Fails the running test when `value` does not match `expected`, with the path to the first
/// mismatch: the assertion Matchable's users call from their tests (it came with Matchable's
/// companion XCTest extensions).
///
/// Calls `expected.assertMatches(value)` (``Matchable/assertMatches(_:in:)``, located here) and
/// reports what it throws once, at this call, in XCTest and in Swift Testing alike, as
/// `XCTAssert(_:matches:) failed - <error>`, and `message`, when there is one, on a line of its
/// own after it:
///
/// ```swift
/// XCTAssert(reloadedModel, matches: savedModel)
/// // XCTAssert(_:matches:) failed - Task does not match: Task.name does not match:
/// //   expected "Run", got "Walk"
/// ```
///
/// The same check in Verity's chainable form is `Assert(that: value).matches(expected)`.
///
/// - Parameters:
///   - value: The value under test.
///   - expected: The reference value; its ``Matchable`` conformance decides how to compare.
///   - message: Added to the failure message, on its own last line.
///   - fileID: The caller's file (`#fileID`), where a failure is reported.
///   - filePath: The caller's file path (`#filePath`).
///   - line: The caller's line (`#line`).
///   - column: The caller's column (`#column`).
public func XCTAssert<T: Matchable>(
  _ value: T,
  matches expected: T,
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let context = MatchableContext(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    try expected.assertMatches(value, in: context)
  } catch {
    let note = message()
    reportFailure(
      "XCTAssert(_:matches:) failed - \(error)" + (note.isEmpty ? "" : "\n\(note)"),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
