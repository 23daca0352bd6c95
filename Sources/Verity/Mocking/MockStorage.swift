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
///
/// A strict storage (`MockStorage(strict: true)`) also reports, as test failures:
/// - every call that looks up a stub (``Mock/stubbedValue(forIdentifier:arguments:as:fileID:filePath:line:column:)``,
///   or any member of a generated mock) and finds none, even when a default could be returned;
/// - every stub that no call used, by ``Mock/verifyAllStubsUsed(fileID:filePath:line:column:)``,
///   and when the storage is released (at the location of the stub), whichever comes first.
public final class MockStorage: Sendable {
  /// The recorded calls.
  public let log: CallLog
  /// Whether unexpected calls and unused stubs are reported (see ``MockStorage``).
  public let isStrict: Bool

  /// Whether a call can skip the stub lookup: no stubs, and not strict (nothing to report).
  /// Generated `Void` members return at once when it is true.
  @inlinable
  public var _answersWithDefaults: Bool {
    !isStrict && stubCount.load(ordering: .acquiring) == 0
  }
  let stubs: _Lock<_StubList>
  /// How many stubs `stubs` holds, read without the lock: a call on a mock with no stubs skips
  /// the lookup.
  @usableFromInline let stubCount = Atomic<Int>(0)

  /// Creates empty storage.
  ///
  /// - Parameter strict: report calls that no stub answers and stubs that no call uses.
  public init(strict: Bool = false) {
    self.log = CallLog(retainsValues: true)
    self.isStrict = strict
    self.stubs = _Lock(_StubList())
  }

  deinit {
    guard isStrict else { return }
    for stub in stubs._withLock({ $0.takeUnusedForReport() }) {
      stub.reportUnused(name: "strict mock released")
    }
  }
}
