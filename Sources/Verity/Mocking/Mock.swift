/// A test double that records its calls so they can be verified.
///
/// A hand-written fake becomes a mock by adding one stored property, its ``MockStorage``:
///
/// ```swift
/// final class FakeAuthenticationManager: AuthenticationManager, Mock {
///   let storage = MockStorage()
///
///   func beginAuthentication(with email: String, password: String, options: [String: Any]) {
///     recordCall(withIdentifier: "beginAuthentication", arguments: [email, password, options])
///   }
/// }
///
/// manager.verifyCall(
///   withIdentifier: "beginAuthentication",
///   arguments: ["Fixture Email", "Fixture Password", ["type": "login"]]
/// )
/// ```
///
/// Recording, verification (``verifyCall(withIdentifier:arguments:mode:fileID:filePath:line:column:)``),
/// stubbing and captors are all provided by extensions of this protocol.
///
/// A mock need not be `Sendable`: a fake can keep plain mutable state of its own. Its
/// ``MockStorage`` is thread-safe, so recording from many threads never loses a call.
///
/// A mock passed as an argument (a listener, a delegate) is one object: as a plain value it
/// matches itself and no other mock, whatever either has recorded, and messages name it by its
/// type and its storage's number, `<FakeListener #3>` (storages are numbered in the order they
/// are created). Two hand-written mocks that share one storage count as one object here.
public protocol Mock: AnyObject, StructurallyEncodable {
  /// Where the mock's calls and stubs are kept. Declare it as `let storage = MockStorage()`.
  var storage: MockStorage { get }
}

extension Mock {
  /// Writes the mock as itself: its type and its storage's number, not its stored properties
  /// (its calls and stubs, which change as the test runs).
  public func encode(to encoder: inout StructureEncoder) {
    let typeName = StructureEncoder.typeName(of: Self.self)
    encoder.encodeOpaque(typeName: typeName, description: "<\(Self.self) #\(storage.number)>")
  }
}

extension Mock {
  /// Mimus's name for ``MockStorage``, visible inside every mock, so a fake written for Mimus
  /// declares its storage as it did (without the module name: `Storage()`, not
  /// `Mimus.Storage()`).
  ///
  /// ```swift
  /// final class FakeAuthenticationManager: AuthenticationManager, Mock {
  ///   var storage = Storage()
  /// }
  /// ```
  public typealias Storage = MockStorage
}
