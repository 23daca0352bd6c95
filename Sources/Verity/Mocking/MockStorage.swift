import Synchronization

/// The calls and stubs of one ``Mock``.
///
/// Calls go into a ``CallLog`` that keeps each call's arguments as structures (for fast
/// verification by the C engine) and gives their values back to matchers and captors (plain values
/// are rebuilt from their bytes, others kept; see ``CallLog/keepsValues``). Recording from many
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
  /// The real object of a spying mock (a generated mock's `init(spying:)`), which calls no stub
  /// matches go to; nil for any other mock.
  ///
  /// ```swift
  /// let clock = ClockMock(spying: SystemClock())
  /// clock.storage.spy != nil   // true
  /// ```
  public let spy: MockSpy?
  /// The stubs, behind ``_withStubs(_:)``. (Mutexes stored inline, not ``_Lock`` objects: a
  /// mock is made and released by every test, and each lock object costs an allocation and a
  /// generic deinitializer.)
  let _stubs = Mutex(_StubList())
  /// How many stubs `stubs` holds, read without the lock: a call on a mock with no stubs skips
  /// the lookup.
  @usableFromInline let stubCount = Atomic<Int>(0)
  /// One bit per length (modulo 64) of the identifiers stubs were added for (``_lengthBit(_:)``),
  /// never cleared: a call whose bit is clear has no stub, and skips the lock.
  let _stubbedLengths = Atomic<UInt64>(0)

  /// Where the test last worked with this mock: where it was created (by a generated mock's
  /// initializer), stubbed or verified. A call made from the app's code has no test location of
  /// its own, so failures a call causes (an unexpected call on a strict mock, a call no stub
  /// answers) are reported here, in the test, not in the app's source.
  let _testLocation = Mutex<_Location?>(nil)

  /// Creates empty storage.
  ///
  /// - Parameter strict: report calls that no stub answers and stubs that no call uses.
  public init(strict: Bool = false) {
    self.log = CallLog(keepsValues: true)
    self.isStrict = strict
    self.spy = nil
    self.paths = .automatic
    self.number = Self.created.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Storage whose verifications and stubs take only the given paths: the test switch of the
  /// differential test that holds every path to one rule (`EvaluatorDifferentialTests`).
  package init(strict: Bool = false, paths: _MatchingPaths) {
    self.log = CallLog(keepsValues: true)
    self.isStrict = strict
    self.spy = nil
    self.paths = paths
    self.number = Self.created.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Storage for a mock that spies on `spy`'s object (see ``init(spying:strict:fileID:filePath:line:column:)``).
  init(strict: Bool, spy: MockSpy) {
    self.log = CallLog(keepsValues: true)
    self.isStrict = strict
    self.spy = spy
    self.paths = .automatic
    self.number = Self.created.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Which paths answer this storage's verifications and stubs.
  package let paths: _MatchingPaths

  /// The storage's number in the process, from 1, in the order storages are created: how messages
  /// tell a mock passed as an argument from another of the same type (`<FakeListener #3>`).
  public let number: UInt64
  private static let created = Atomic<UInt64>(0)

  /// Creates empty storage for a mock created at the given location (a generated mock passes its
  /// creator's): failures caused by calls are reported there until the test stubs or verifies.
  ///
  /// ```swift
  /// init(strict: Bool = false, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  ///      line: UInt = #line, column: UInt = #column) {
  ///   storage = MockStorage(strict: strict, fileID: fileID, filePath: filePath, line: line, column: column)
  /// }
  /// ```
  public convenience init(
    strict: Bool = false, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.init(strict: strict)
    noteTestLocation(_Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `body` on the stubs under their lock.
  func _withStubs<R>(_ body: (inout sending _StubList) -> sending R) -> sending R {
    _stubs._withLock(token: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), body)
  }

  /// Remembers where the test worked with the mock (see ``_testLocation``).
  func noteTestLocation(_ location: _Location) {
    _testLocation._withLock(token: _testLocationToken) { $0 = location }
  }

  /// The sanitizer's token for `_testLocation`'s lock: an address inside the storage, other than
  /// the stubs' (the storage's own).
  private var _testLocationToken: UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) + 1
  }

  /// Where a failure caused by a call is reported: the test's last location with this mock, or
  /// `fallback` (the member's own location) when the test has none.
  func reportingLocation(or fallback: _Location) -> _Location {
    _testLocation._withLock(token: _testLocationToken) { $0 } ?? fallback
  }

  deinit {
    guard isStrict else { return }
    for stub in _withStubs({ $0.takeUnusedForReport() }) {
      stub.reportUnused(name: "strict mock released")
    }
  }
}

/// Which paths answer a storage's verifications and stubs. Every path gives the one rule's answer
/// (ValuesOfOtherTypes.swift) or declines; tests force each to check that.
package enum _MatchingPaths: Sendable {
  /// A small log's verification asks the matchers directly where they can answer
  /// (``MockStorage/verifiesQuickly(_:_:typeIsExact:mode:at:)``), and a handle's stub keeps its
  /// matchers; the compiled pattern answers the rest.
  case automatic
  /// Only compiled patterns: the quick verification declines and every stub is compiled.
  case compiledOnly
}
