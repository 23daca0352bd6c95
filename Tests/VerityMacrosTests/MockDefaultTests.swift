import Foundation
import Testing
import VerityMacros

// MARK: Fixtures

struct Permissions: OptionSet, Sendable {
  let rawValue: Int
  static let read = Permissions(rawValue: 1)
}

/// A type of the user's own with a nil: `ExpressibleByNilLiteral` is its default.
struct Selection: ExpressibleByNilLiteral, Equatable, Sendable {
  var index: Int?
  init(nilLiteral: ()) { index = nil }
  init(index: Int) { self.index = index }
}

/// A result of every kind that has an empty value, and one that has none.
@Mock
protocol Feed {
  func updates() -> AsyncStream<Int>
  func events() -> AsyncThrowingStream<Int, Error>
  func window() -> ArraySlice<Int>
  func payload() -> Data
  func word() -> Substring
  func scalars() -> String.UnicodeScalarView
  func contiguous() -> ContiguousArray<Int>
  func tags() -> Set<String>
  func index() -> [String: Int]
  func permissions() -> Permissions
  func selection() -> Selection
  func price() -> Decimal
  func timeout() -> Duration
  func latest() async throws -> Data
  func featured(of id: UUID) -> Album
}

// MARK: Tests

@Suite struct MockDefaultTests {
  @Test func unstubbedCallsReturnTheEmptyValueOfTheirResultType() async throws {
    let feed = FeedMock()
    var updates = feed.updates().makeAsyncIterator()
    #expect(await updates.next() == nil)
    var events = feed.events().makeAsyncIterator()
    #expect(try await events.next() == nil)
    #expect(feed.window() == [])
    #expect(feed.payload() == Data())
    #expect(feed.word() == "")
    #expect(feed.scalars().isEmpty)
    #expect(feed.contiguous() == [])
    #expect(feed.tags() == [])
    #expect(feed.index() == [:])
    #expect(feed.permissions() == [])
    #expect(feed.selection() == nil)
    #expect(feed.price() == 0)
    #expect(feed.timeout() == .zero)
    #expect(try await feed.latest() == Data())
    #expect(AlbumServiceMock().cover(of: albumID) == Data())
  }

  @Test func aStubStillAnswersBeforeTheEmptyValue() {
    let feed = FeedMock()
    when(feed.$payload()).thenReturn(Data([1, 2]))
    when(feed.$selection()).thenReturn(Selection(index: 3))
    #expect(feed.payload() == Data([1, 2]))
    #expect(feed.selection() == Selection(index: 3))
  }

  @Test func anUnstubbedCallWhoseResultHasNoEmptyValueStillStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = FeedMock().featured(of: UUID(uuidString: "6F3C2F3E-0000-4000-8000-000000000003")!)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      standardError.contains(
        "unstubbed call to featured(of: UUID(uuidString: \"6F3C2F3E-0000-4000-8000-000000000003\")): no stub matches, "
          + "and its result type Album has no default value; stub it with when(…).thenReturn(…), "
          + "or conform Album to MockDefaultable"))
  }
}
