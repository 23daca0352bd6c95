import Testing
import Verity

struct Album: Equatable, Sendable {
  var id: Int
  var title: String
}

enum AlbumError: Error, Equatable {
  case notFound
}

final class FakeAlbumService: Mock {
  let storage = MockStorage()

  func album(id: Int) throws -> Album? {
    recordCall(withIdentifier: "album", arguments: [id])
    return try stubbedValue(forIdentifier: "album", arguments: [id])
  }
}

@Suite struct StubTests {
  let service = FakeAlbumService()

  @Test func noStubGivesNil() throws {
    #expect(try service.album(id: 1) == nil)
  }

  @Test func theLastMatchingStubWins() throws {
    service.stub(withIdentifier: "album", arguments: [any()], returning: Album(id: 0, title: "any"))
    service.stub(withIdentifier: "album", arguments: [42], returning: Album(id: 42, title: "answer"))
    service.stub(withIdentifier: "album", arguments: [greaterThan(100)], returning: Album(id: 100, title: "big"))

    #expect(try service.album(id: 42) == Album(id: 42, title: "answer"))
    #expect(try service.album(id: 7) == Album(id: 0, title: "any"))
    #expect(try service.album(id: 500) == Album(id: 100, title: "big"))
    service.verifyCall(withIdentifier: "album", arguments: .any, mode: .times(3))
  }

  /// Calls are told apart from stubbed members by their identifier's length before the lookup:
  /// members whose identifiers share a length (or a length modulo 64) still get only their own
  /// stubs.
  @Test func identifiersOfOneLengthKeepTheirOwnStubs() {
    let mock = FakeAlbumService()
    let short = String(repeating: "a", count: 3)
    let long = String(repeating: "b", count: 3 + 64)
    mock.stub(withIdentifier: "abc", arguments: .any, returning: 1)
    #expect(mock.stubbedValue(forIdentifier: "abd", arguments: [], default: 0) == 0)
    #expect(mock.stubbedValue(forIdentifier: long, arguments: [], default: 0) == 0)
    #expect(mock.stubbedValue(forIdentifier: "abc", arguments: [], default: 0) == 1)
    #expect(mock.stubbedValue(forIdentifier: short, arguments: [], default: 0) == 0)
    mock.stub(withIdentifier: long, arguments: .any, returning: 2)
    #expect(mock.stubbedValue(forIdentifier: long, arguments: [], default: 0) == 2)
    #expect(mock.stubbedValue(forIdentifier: "abc", arguments: [], default: 0) == 1)
  }

  @Test func throwingStubs() {
    service.stub(withIdentifier: "album", arguments: [-1], throwing: AlbumError.notFound)
    #expect(throws: AlbumError.notFound) { try service.album(id: -1) }
    #expect((try? service.album(id: 1)) == .some(nil))
  }

  @Test func aStubOfTheWrongTypeIsReported() {
    service.stub(withIdentifier: "album", returning: "not an album")
    let issues = reportedIssues {
      #expect((try? service.album(id: 1)) == .some(nil))
    }
    #expect(issues.map(\.message) == [
      "stubbedValue failed - the stub for album(any arguments) returns String, not Album"
    ])
  }

  @Test func removeAllStubs() throws {
    service.stub(withIdentifier: "album", returning: Album(id: 1, title: "x"))
    service.removeAllStubs()
    #expect(try service.album(id: 1) == nil)
  }
}
