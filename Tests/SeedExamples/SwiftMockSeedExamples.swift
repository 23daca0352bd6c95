// The SwiftMock seed's examples (shared/seeds/002: "Argument Matchers"), written as its users
// wrote them: `@Mock` on the album service, `when(...).thenReturn` with `any()` and `eq(_:)`, the
// nullability and comparison matchers, `&&` and `||`, and a matcher of one's own.

import Foundation
import Synchronization
import Testing
import VerityMacros
import XCTest

public struct Album: Equatable, Sendable {
    public var uuid: UUID
    public var name: String
    public var group: String
}

@Mock
public protocol AlbumService {
	func getAlbum(id: UUID) async throws -> Album
}

/// The matchers the article names, on arguments that can be nil or compared.
@Mock
public protocol AlbumSearch {
	func albums(group: String?, year: Int) async throws -> [Album]
}

final class SwiftMockSeedTests: XCTestCase {

	// ### Any
	func test() async throws {
		let expected = Album(
			uuid: UUID(),
			name: "I'mperfect",
			group: "Ling Toshite Shigure"
		)

		let mock = AlbumServiceMock()

		// The article writes `$getAlbum(uuid:)`: its protocol's parameter is `id`.
		when(mock.$getAlbum(id: any()))
			.thenReturn(expected)

		let album = try await mock.getAlbum(id: UUID())
		XCTAssertEqual(album, expected)
	}

	// ### Equal
	func testEqual() async throws {
		let uuid = UUID()
		let expected = Album(
			uuid: uuid,
			name: "I'mperfect",
			group: "Ling Toshite Shigure"
		)

		let mock = AlbumServiceMock()

		when(mock.$getAlbum(id: eq(uuid)))
			.thenReturn(expected)

		let album = try await mock.getAlbum(id: uuid)
		XCTAssertEqual(album, expected)
		verify(mock.$getAlbum(id: eq(uuid)))
	}

	// ### Nullability, ### Comporation and ### Matcher Composition
	func testNullabilityComparisonAndComposition() async throws {
		let found = [Album(uuid: UUID(), name: "Just A Moment", group: "Ling Toshite Shigure")]
		let mock = AlbumSearchMock()

		when(mock.$albums(group: isNil(), year: any())).thenReturn([])
		when(mock.$albums(group: isNotNil(), year: moreThen(2000) && lessThan(2010))).thenReturn(found)

		let none = try await mock.albums(group: nil, year: 2005)
		let some = try await mock.albums(group: "TK", year: 2005)
		XCTAssertEqual(none, [])
		XCTAssertEqual(some, found)

		verify(mock.$albums(group: isNil() || eq("TK"), year: eq(2005)), .times(2))
		verify(mock.$albums(group: any(), year: lessThan(2000) || moreThen(2010)), .never)
	}

	// ### Creating Argument Matcher: a function named for the matcher, returning an
	// `ArgumentMatcher` of the argument's type.
	func testOwnMatcher() async throws {
		let mock = AlbumServiceMock()
		let uuid = UUID()
		when(mock.$getAlbum(id: isVersion4()))
			.thenReturn(Album(uuid: uuid, name: "still a Sigure virgin?", group: "Ling Toshite Shigure"))

		let album = try await mock.getAlbum(id: uuid)
		XCTAssertEqual(album.uuid, uuid)
	}
}

/// A matcher of one's own. SwiftMock's matcher was the bare closure; Verity's also names itself
/// for failure messages.
func isVersion4() -> ArgumentMatcher<UUID> {
	Matcher("isVersion4()", where: { uuid in
		uuid.uuidString.dropFirst(14).first == "4"
	})
}

@Suite struct SwiftMockSeedSemantics {
	/// "if the first matcher was not passed, then the second matcher will not be checked" (and
	/// the mirror rule for `||`).
	@Test func compositionShortCircuits() {
		let checked = Checked()
		let rejecting = Matcher<Int>("no", where: { _ in checked.note("no"); return false })
		let accepting = Matcher<Int>("yes", where: { _ in checked.note("yes"); return true })

		#expect(!(rejecting && accepting).matches(1).isMatch)
		#expect((accepting || rejecting).matches(1).isMatch)
		#expect(checked.names == ["no", "yes"])
	}

	/// `moreThen` is SwiftMock's spelling of `moreThan`: the same answers.
	@Test func moreThenIsMoreThan() {
		for value in [1, 3, 4] {
			#expect(moreThen(3).matches(value) == moreThan(3).matches(value))
		}
		#expect(moreThen(3).matches(3) == .mismatch("3 is not more than 3"))
	}

	/// A verification that fails says which calls were made.
	@Test func aFailingVerificationFailsTheTest() async throws {
		let mock = AlbumServiceMock()
		let id = UUID(uuidString: "D6194383-C463-4370-9668-131AE8C6C5EE")!
		when(mock.$getAlbum(id: any())).thenReturn(
			Album(uuid: id, name: "Tokyo", group: "Ling Toshite Shigure"))
		_ = try await mock.getAlbum(id: id)
		withKnownIssue {
			verify(mock.$getAlbum(id: isVersion4() && !eq(id)))
		} matching: { issue in
			issue.comments.map(\.rawValue) == [
				"""
				verify failed - expected 1 call to getAlbum(id: (isVersion4() && !eq(UUID(uuidString: "D6194383-C463-4370-9668-131AE8C6C5EE")))), got 0
				1 call to getAlbum(id:) had other arguments:
				  #1 getAlbum(id: UUID(uuidString: "D6194383-C463-4370-9668-131AE8C6C5EE"))
				     argument 1: expected (isVersion4() && !eq(UUID(uuidString: "D6194383-C463-4370-9668-131AE8C6C5EE"))), got UUID(uuidString: "D6194383-C463-4370-9668-131AE8C6C5EE")
				"""
			]
		}
	}
}

/// Which matchers ran, in order.
final class Checked: Sendable {
	private let checked = Mutex<[String]>([])

	func note(_ name: String) { checked.withLock { $0.append(name) } }
	var names: [String] { checked.withLock { $0 } }
}
