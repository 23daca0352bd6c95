import Foundation
import Synchronization
import Testing
import Verity
import VerityMacros

/// Where an issue was reported: its file name and line.
private func issueLocations(_ body: () -> Void) -> [String] {
  let locations = Mutex<[String]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    let location = issue.sourceLocation.map { "\($0.fileName):\($0.line)" } ?? "none"
    locations.withLock { $0.append(location) }
    return true
  }
  return locations.withLock { $0 }
}

/// Issue "right answers, round 3", case 11: failures a call causes are reported in the test that
/// caused them, never at the protocol's `@Mock` line in the app's source.
@Suite struct MockFailureLocationTests {
  @Test func anUnexpectedCallIsReportedWhereTheTestCreatedTheMock() {
    let created = #line + 2
    let locations = issueLocations {
      let mock = AlbumServiceMock(strict: true)
      mock.refresh()
    }
    #expect(locations == ["MockFailureLocationTests.swift:\(created)"])
  }

  @Test func anUnexpectedCallIsReportedWhereTheTestLastStubbedOrVerified() {
    let mock = AlbumServiceMock(strict: true)
    let stubbed = #line + 1
    when(mock.$rating(of: any())).thenReturn(1)
    var locations = issueLocations { _ = mock.name }
    #expect(locations == ["MockFailureLocationTests.swift:\(stubbed)"])
    _ = mock.rating(of: albumID)
    let verified = #line + 1
    verify(mock.$rating(of: any()))
    locations = issueLocations { mock.refresh() }
    #expect(locations == ["MockFailureLocationTests.swift:\(verified)"])
  }

  @Test func aStubThatDoesNotFitIsReportedAtItsWhen() {
    let mock = AlbumServiceMock()
    let stubbed = #line + 1
    when(mock.$rating(of: any())).thenAnswer { _ in throw AlbumError.notFound }
    let locations = issueLocations { _ = mock.rating(of: albumID) }
    #expect(locations == ["MockFailureLocationTests.swift:\(stubbed)"])
  }

  /// Issue 47, item 13: `thenThrow` on a member that cannot throw is reported at the `when`, as a
  /// typed-throws member's other error is, and adds no stub: the call gets its default.
  @Test func thenThrowOnAMemberThatCannotThrowIsReportedAtItsWhen() async throws {
    let mock = AlbumServiceMock()
    let stubbed = #line + 2
    let locations = issueLocations {
      when(mock.$rating(of: any())).thenThrow(AlbumError.notFound)
    }
    #expect(locations == ["MockFailureLocationTests.swift:\(stubbed)"])
    let messages = await issueMessages {
      when(mock.$name()).thenThrow(AlbumError.offline)
      when(mock.$name(set: "a")).thenThrow(AlbumError.offline)
      when(mock.$subscript("a", in: "b")).thenThrow(AlbumError.offline)
      when(mock.$perform()).thenThrow(AlbumError.offline)
    }
    #expect(
      messages == [
        "when failed - the stub for name throws offline, but name cannot throw",
        "when failed - the stub for name = \"a\" throws offline, but name cannot throw",
        "when failed - the stub for subscript(\"a\", in: \"b\") throws offline, but subscript(_:in:) cannot throw",
        "when failed - the stub for perform(any()) throws offline, but perform(_:) cannot throw",
      ])
    // No stub was added: the calls answer their defaults, with no other report.
    #expect(mock.rating(of: albumID) == 0)
    // A member that can throw still takes the error.
    when(mock.$status()).thenThrow(AlbumError.offline)
    await #expect(throws: AlbumError.offline) { try await mock.status }
  }

  @Test func anUnusedStubIsReportedAtItsWhen() {
    let stubbed = #line + 3
    let locations = issueLocations {
      let mock = ClockMock(strict: true)
      when(mock.$now()).thenReturn(1)
    }
    #expect(locations == ["MockFailureLocationTests.swift:\(stubbed)"])
  }
}

@Mock
protocol PreferenceStore {
  func store(_ value: Int??)
  func load() -> Int??
}

/// Issue "right answers, round 3", case 4, in generated mocks: an `Int??` parameter compiles
/// without warnings and follows Verity's one nil.
@Suite struct GeneratedNestedOptionalTests {
  @Test func aNestedOptionalParameterIsOneNilInHandles() {
    let settings = PreferenceStoreMock()
    let someNil: Int?? = .some(nil)
    settings.store(someNil)
    settings.store(.some(.some(3)))
    verify(settings.$store(someNil))
    verify(settings.$store(eq(someNil)))
    verify(settings.$store(isNil()))
    verify(settings.$store(nil))
    verify(settings.$store(3))
    verify(settings.$store(isNotNil()))
    when(settings.$load()).thenReturn(someNil)
    #expect(settings.load() == someNil)
  }
}
