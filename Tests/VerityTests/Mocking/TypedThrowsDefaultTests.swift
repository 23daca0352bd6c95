import Synchronization
import Testing

@testable import Verity

/// A typed-throws member of a generated mock with neither a result nor an error to answer with
/// (Sources/Verity/Mocking/GeneratedMocks.swift): what it answers when its error type has a
/// default, and the message that stops the process when nothing has one (that stop cannot run in
/// a test process, so the message is checked by itself).
@Suite struct TypedThrowsDefaultTests {
  enum ParseError: Error, Equatable, MockDefaultable {
    case empty
    case invalid
    static var mockDefault: ParseError { .empty }
  }

  struct Document: Equatable { var text: String }

  final class Parser: Mock {
    let storage = MockStorage()
  }

  @Test func aMismatchWithNoDefaultResultThrowsTheDefaultError() async {
    let parser = Parser()
    var thrown: [ParseError] = []
    let issues = await recordedMessages {
      do throws(ParseError) {
        let _: Document = try parser.storage.typedErrorMismatch(CancellationError(), as: ParseError.self, "parse(_:)")
      } catch {
        thrown.append(error)
      }
    }
    #expect(thrown == [.empty])
    #expect(issues == ["parse(_:) failed - a stub throws CancellationError(), but parse(_:) throws only ParseError"])
  }

  @Test func aMismatchWithADefaultResultReturnsIt() async throws {
    let parser = Parser()
    var count: Int?
    let issues = await recordedMessages {
      count = try? (parser.storage.typedErrorMismatch(CancellationError(), as: ParseError.self, "count(_:)") as Int)
    }
    #expect(count == 0)
    #expect(issues == ["count(_:) failed - a stub throws CancellationError(), but count(_:) throws only ParseError"])
  }

  @Test func theStopMessageSaysWhatToConform() {
    #expect(
      _typedThrowsStopMessage(
        "unstubbed call to parse(\"\"): parse(_:) throws only ParseError", result: Document.self, error: ParseError.self)
        == "unstubbed call to parse(\"\"): parse(_:) throws only ParseError; neither its result type Document nor its "
        + "error type ParseError has a default value: stub it with when(…).thenReturn(…), or conform Document or "
        + "ParseError to MockDefaultable")
    #expect(
      _typedThrowsStopMessage("validate(_:) failed - a stub throws x, but validate(_:) throws only ParseError", result: nil, error: ParseError.self)
        == "validate(_:) failed - a stub throws x, but validate(_:) throws only ParseError; ParseError has no default "
        + "value: stub the call with when(…).thenThrow(…), or conform ParseError to MockDefaultable")
  }

  /// The messages of the issues `body` reports (as known issues).
  func recordedMessages(_ body: () async throws -> Void) async rethrows -> [String] {
    let messages = Mutex<[String]>([])
    try await withKnownIssue {
      try await body()
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    return messages.withLock { $0 }
  }
}
