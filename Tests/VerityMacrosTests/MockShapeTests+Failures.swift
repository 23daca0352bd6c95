import Foundation
import Synchronization
import Testing
import VerityMacros

// Captors of closures and values that are not `Sendable`, and what a mock reports where a stub, an
// answer or a call goes wrong: typed-throws stubs and answers of another error, the error type's
// default for an unstubbed typed-throws call, a mock made by its `init` requirement.

/// A member that throws only its own error type.
@Mock
protocol TypedValidator {
  func validate(_ name: String) throws(ShapeError) -> Bool
}

/// Closures and values that are not `Sendable`, for captors.
@Mock
protocol LegacyLoader {
  func load(id: Int, completion: @escaping (Result<String, any Error>) -> Void)
  func track(_ event: String, properties: [String: Any])
  func show(_ playlist: Playlist)
}

@Suite struct MockCaptorAndFailureShapeTests {
  @Test func captorsOfNonSendableClosuresAndValues() async {
    let mock = LegacyLoaderMock()
    var loaded: [String] = []
    mock.load(id: 1) { result in loaded.append((try? result.get()) ?? "failed") }
    mock.track("open", properties: ["count": 2, "names": ["a"]])
    let playlist = Playlist(titles: ["x"])
    mock.show(playlist)

    let completion = ArgumentCaptor<(Result<String, any Error>) -> Void>()
    verify(mock.$load(id: 1, completion: completion.capture()))
    completion.lastValue?(.success("album"))
    #expect(loaded == ["album"])

    let properties = ArgumentCaptor<[String: Any]>()
    verify(mock.$track(eq("open"), properties: properties.capture()))
    #expect(properties.lastValue?["count"] as? Int == 2)

    let shown = ArgumentCaptor<Playlist>()
    verify(mock.$show(shown.capture()))
    #expect(shown.lastValue === playlist)

    let messages = await issueMessages { verify(mock.$load(id: 2)) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to load(id: 2, completion: any()), got 0
        1 call to load(id:completion:) had other arguments:
          #1 load(id: 1, completion: <function (Result<String, Error>) -> ()>)
             argument 1: expected 2, got 1
        """
      ])
  }

  @Test func aTypedThrowsStubOfAnotherErrorIsReportedAtItsWhen() async throws {
    let mock = TypedValidatorMock()
    let line = #line + 2
    let issues = await recordedIssues {
      when(mock.$validate(any())).thenThrow(AlbumError.offline)
    }
    #expect(
      issues.map(\.message) == [
        "when failed - the stub for validate(any()) throws offline, but validate(_:) throws only ShapeError"
      ])
    #expect(issues.map(\.line) == [line])
    // The refused stub answers nothing: the call gets its default.
    #expect(try mock.validate("a") == false)
    when(mock.$validate("b")).thenThrow(ShapeError(code: 2))
    #expect(throws: ShapeError(code: 2)) { try mock.validate("b") }
  }

  @Test func aTypedThrowsAnswerOfAnotherErrorIsReportedInTheTest() async throws {
    let mock = TypedValidatorMock()
    let line = #line + 1
    when(mock.$validate(any())).thenAnswer { _ in throw AlbumError.notFound }
    var result: Bool? = nil
    let issues = await recordedIssues { result = try? mock.validate("a") }
    // Reported, then answered with the result's default.
    #expect(result == false)
    #expect(
      issues.map(\.message) == [
        "validate(_:) failed - a stub throws notFound, but validate(_:) throws only ShapeError"
      ])
    #expect(issues.map(\.line) == [line])
  }

  @Test func aMockMadeByItsInitRequirementReportsAtTheTestsLine() async {
    let line = #line + 1
    let mock = ConnectorMock(host: "db", port: 1)
    let issues = await recordedIssues { _ = try? mock.session() }
    #expect(
      issues.map(\.message) == [
        "unstubbed call to session(): no stub matches, and its result type Album has no default value; "
          + "stub it with when(…).thenReturn(…), or conform Album to MockDefaultable"
      ])
    #expect(issues.map(\.line) == [line])
  }
}

/// The message and line of each issue `body` reports (as known issues).
func recordedIssues(_ body: () async throws -> Void) async rethrows -> [(message: String, line: Int)] {
  let issues = Mutex<[(message: String, line: Int)]>([])
  try await withKnownIssue {
    try await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    issues.withLock { $0.append((message, issue.sourceLocation?.line ?? 0)) }
    return true
  }
  return issues.withLock { $0 }
}

/// An error type with a default: an unstubbed typed-throws call whose result has none throws it.
enum LookupError: Error, Equatable, MockDefaultable {
  case unavailable
  case missing(String)
  static var mockDefault: LookupError { .unavailable }
}

@Mock
protocol TypedLookup {
  func lookup(_ key: String) throws(LookupError) -> Album
}

@Suite struct MockTypedThrowsDefaultErrorTests {
  @Test func anUnstubbedCallThrowsTheErrorTypesDefault() async throws {
    let mock = TypedLookupMock()
    let line = #line + 1
    when(mock.$lookup("b")).thenThrow(LookupError.missing("b"))
    var thrown: [LookupError] = []
    let issues = await recordedIssues {
      do throws(LookupError) { _ = try mock.lookup("a") } catch { thrown.append(error) }
    }
    #expect(thrown == [.unavailable])
    #expect(
      issues.map(\.message) == [
        #"unstubbed call to lookup("a"): no stub matches, and its result type Album has no default value; "#
          + "stub it with when(…).thenReturn(…), or conform Album to MockDefaultable"
      ])
    #expect(issues.map(\.line) == [line])
    #expect(throws: LookupError.missing("b")) { try mock.lookup("b") }
    verify(mock.$lookup(any()), .times(2))
  }

  @Test func anAnswerThrowingAnotherErrorThrowsTheErrorTypesDefault() async throws {
    let mock = TypedLookupMock()
    let line = #line + 1
    when(mock.$lookup(any())).thenAnswer { _ in throw AlbumError.notFound }
    var thrown: [LookupError] = []
    let issues = await recordedIssues {
      do throws(LookupError) { _ = try mock.lookup("a") } catch { thrown.append(error) }
    }
    #expect(thrown == [.unavailable])
    #expect(
      issues.map(\.message) == [
        "lookup(_:) failed - a stub throws notFound, but lookup(_:) throws only LookupError"
      ])
    #expect(issues.map(\.line) == [line])
    verify(mock.$lookup("a"))
  }
}
