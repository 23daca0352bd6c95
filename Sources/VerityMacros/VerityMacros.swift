@_exported import Verity

/// Synthesizes a ``StructurallyEncodable`` conformance (and ``Matchable``) for a
/// struct, an enum or a class: its stored properties by label, in declaration order, with no
/// reflection at run time.
///
/// The encoding is byte for byte the one reflection writes for the same value, so adopting the
/// macro changes no comparison, diff or verification; it only makes them faster. Where `==` is
/// the rule (`eq(x)`, and plain `Equatable` values in `verifyCall`, stubs and `InOrder`), the
/// type's own `==` decides, with or without the macro: an entity whose `==` compares only its
/// `id` matches by `id`. A property marked ``MatchableIgnored()`` is left out of the encoding (so
/// it never shows as a difference).
///
/// ```swift
/// import VerityMacros
///
/// @Matchable
/// struct Workout {
///   var name: String
///   var duration: Double
///   @MatchableIgnored var cachedSummary: String?
/// }
///
/// try saved.assertMatches(reloaded)   // compares name and duration
/// ```
///
/// Enums: each case with its associated values, labeled as declared (unlabeled ones with empty
/// labels, as reflection shows them). Classes: only `final` classes (a compile-time error with a
/// fix-it otherwise, since a subclass's stored properties would be invisible to the encoding),
/// written as an object (identity ends cycles) with their stored properties; an instance of a
/// class that inherits from another class is written by reflection, which sees the inherited
/// properties too.
@attached(
  extension, conformances: StructurallyEncodable, Matchable,
  names: named(encode(to:)), named(structureDecidesEquality))
public macro Matchable() = #externalMacro(module: "VerityMacrosPlugin", type: "MatchableMacro")

/// Leaves a stored property out of the encoding ``Matchable()`` synthesizes.
///
/// ```swift
/// @Matchable struct Session { var user: String; @MatchableIgnored var lastSeen: Date }
/// ```
@attached(peer)
public macro MatchableIgnored() = #externalMacro(module: "VerityMacrosPlugin", type: "MatchableIgnoredMacro")

/// Generates a mock of a protocol: `@Mock protocol AlbumService` adds `final class
/// AlbumServiceMock: AlbumService, Mock` next to it.
///
/// Every member of the mock records its call (through the typed path of its call log) and answers
/// from its stubs. Every member also gets a `$name(...)` handle that describes calls by matchers
/// (default `any()`) or by plain values, for ``when(_:fileID:filePath:line:column:)`` and
/// ``verify(_:_:fileID:filePath:line:column:)``:
///
/// ```swift
/// @Mock
/// protocol AlbumService {
///   func getAlbum(id: UUID) async throws -> Album
/// }
///
/// let service = AlbumServiceMock()
/// when(service.$getAlbum(id: eq(id))).thenReturn(album)
/// let model = AlbumModel(service: service)
/// try await model.load(id)
/// verify(service.$getAlbum(id: any()), .times(1))
/// ```
///
/// The requirements are implemented in an extension of the protocol for any ``Mock`` that adopts
/// it, so the mock of a protocol that inherits a `@Mock` protocol gets the parent's members and
/// handles as well:
///
/// ```swift
/// @Mock protocol Reader { func read(key: String) -> String? }
/// @Mock protocol Store: Reader { func write(key: String, value: String) }
///
/// let store = StoreMock()
/// when(store.$read(key: "a")).thenReturn("1")
/// ```
///
/// The "Generated mocks" article lists every kind of member and every protocol shape, what an
/// unstubbed call does, and strict mode.
@attached(peer, names: suffixed(Mock))
@attached(extension, names: arbitrary)
public macro Mock() = #externalMacro(module: "VerityMacrosPlugin", type: "MockMacro")

/// What the `VerityMocks` build-tool plug-in writes in an extension of a generated mock: the
/// members, with their `$name(...)` handles, that implement the requirements the mocked protocol
/// inherits from protocols of other modules. `source` is the plug-in's generated text, declared
/// as it is (a source file cannot declare a `$` name; a macro's expansion can). Not for use by
/// hand.
@freestanding(declaration, names: arbitrary)
public macro _inheritedRequirements(_ source: String) =
  #externalMacro(module: "VerityMacrosPlugin", type: "InheritedRequirementsMacro")
