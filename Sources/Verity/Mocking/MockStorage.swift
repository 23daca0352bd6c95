import Synchronization

/// The calls and stubs of one ``Mock``.
///
/// Calls go into a ``CallLog`` that keeps each call's arguments as structures (for fast
/// verification by the C engine) and gives their values back to matchers and captors (plain values
/// are rebuilt from their bytes, others kept; see ``CallLog/retainsValues``). Recording from many
/// threads or tasks at once is safe and loses nothing.
///
/// ```swift
/// final class FakeClock: Mock {
///   let storage = MockStorage()
/// }
/// ```
public final class MockStorage: Sendable {
  /// The recorded calls.
  public let log: CallLog
  let stubs: Mutex<[Stub]>

  /// Creates empty storage.
  public init() {
    self.log = CallLog(retainsValues: true)
    self.stubs = Mutex([])
  }
}
