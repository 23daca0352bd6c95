/// Where a mock type's static members keep their calls and stubs.
///
/// The rule, in the order it is applied:
/// 1. Inside ``withScopedStaticMocks(_:)`` (or a Swift Testing test or case under the trait
///    `.scopedStaticMocks` of VerityTesting), the scope's own stores: each mock type gets a new,
///    empty storage there, released when the scope ends.
/// 2. While a Swift Testing test runs, that test's stores: a test sees none of another test's
///    static stubs and calls. The cases of a parameterized test would share their test's stores
///    (Swift Testing gives a case no public identity): the first static call of each mock type in
///    such a test reports an issue that names the fix, `.scopedStaticMocks`. Only VerityTesting's
///    probe tells the core that a test is parameterized: in a process without it, the first static
///    call in a Swift Testing test writes a warning to standard error, once per process
///    (``unknownCasesWarning``), that such cases would share their stores unreported. These stores
///    are kept until the process ends (nothing tells a library that a test ended), one storage per
///    test and mock type that used a static member.
/// 3. Anywhere else (an XCTest test, a `Task.detached`, code that runs before or outside every
///    test), one storage per mock type for the whole process.
///
/// A scope and a test are task-local: a child task (`async let`, a task group) and `Task {}`
/// inherit them, a `Task.detached` does not, and calls made there go to the process's stores.
/// Instance members never read any of this: each mock keeps its own ``MockStorage``.
final class _StaticMockStores: Sendable {
  /// One storage per mock type, created on first use.
  private let storages = _Lock<[ObjectIdentifier: MockStorage]>([:])

  /// The parameterized test these stores serve, whose cases share them, and the probe that said it
  /// is parameterized and records the issue each mock type's first use reports. `nil` for a
  /// scope's, the process's and a test's that is not parameterized or cannot be told.
  private let sharedByCasesOf: (test: _RunningSwiftTest, probe: _SwiftTestingProbe)?

  init(sharedByCasesOf test: _RunningSwiftTest? = nil, probe: _SwiftTestingProbe? = nil) {
    if let test, test.isParameterized == true, let probe {
      sharedByCasesOf = (test, probe)
    } else {
      sharedByCasesOf = nil
    }
  }

  /// The storage of `type`'s static members in these stores.
  func storage(for type: Any.Type) -> MockStorage {
    let (storage, isNew) = storages._withLock { storages in
      if let storage = storages[ObjectIdentifier(type)] { return (storage, false) }
      let storage = MockStorage()
      storages[ObjectIdentifier(type)] = storage
      return (storage, true)
    }
    if isNew, let shared = sharedByCasesOf {
      shared.probe.recordIssueInRunningTest(Self.sharedByCasesMessage(type, test: shared.test))
    }
    return storage
  }

  /// What the first static call of `type` in a case of the parameterized `test` reports.
  static func sharedByCasesMessage(_ type: Any.Type, test: _RunningSwiftTest) -> String {
    "\(type)'s static members are used in a case of the parameterized test \(test.name), whose "
      + "cases would share their static stubs and calls (Swift Testing gives a library no way to "
      + "tell its cases apart): give the test or its suite the trait .scopedStaticMocks "
      + "(import VerityTesting), or call them inside withScopedStaticMocks { … }"
  }

  /// The stores bound by ``withScopedStaticMocks(_:)``, if any.
  @TaskLocal static var scoped: _StaticMockStores?

  /// The stores of each Swift Testing test that used a static member (rule 2), kept for the
  /// process.
  private static let perTest = _Lock<[_SwiftTestingTestKey: _StaticMockStores]>([:])

  /// The stores for everything outside a scope and a Swift Testing test (rule 3).
  static let process = _StaticMockStores()

  /// The stores that serve a static member called now, by the rule above.
  static var current: _StaticMockStores {
    current(probe: _SwiftTestingProbe.linked, unknownCases: unknownCasesWarning)
  }

  /// The stores that serve a static member called now, reading the running test through `probe`
  /// (`nil`: through IssueReporting, as a process without VerityTesting does) and saying
  /// `unknownCases` when the test it reads cannot be told parameterized or not. Tests pass their
  /// own probe and warning; everything else uses ``current``.
  static func current(probe: _SwiftTestingProbe?, unknownCases: _OneTimeWarning) -> _StaticMockStores {
    if let scoped { return scoped }
    guard let test = _CurrentSwiftTestingTest.running(probe: probe) else { return process }
    if test.isParameterized == nil { unknownCases.say() }
    return perTest._withLock { stores in
      if let existing = stores[test.key] { return existing }
      let created = _StaticMockStores(sharedByCasesOf: test, probe: probe)
      stores[test.key] = created
      return created
    }
  }

  /// What a process without VerityTesting's probe is told, once, at its first static mock call in
  /// a Swift Testing test: IssueReporting, which then names the running test, cannot say whether
  /// the test is parameterized, so its cases would share static stubs and calls with no report.
  static let unknownCasesWarning = _OneTimeWarning(unknownCasesMessage)

  /// The text of ``unknownCasesWarning``.
  static let unknownCasesMessage =
    "Verity: warning: VerityTesting is not linked into this process, so Verity cannot tell whether "
    + "a Swift Testing test is parameterized: static mock members are kept per test, and the cases "
    + "of a parameterized test would share their static stubs and calls without a report. Link "
    + "VerityTesting into the test target (the products Verity and VerityMacros add it), or call "
    + "static members inside withScopedStaticMocks { … }"
}

extension MockStorage {
  /// The storage of a generated mock type's static members for the code running now: the current
  /// ``withScopedStaticMocks(_:)`` scope's, else the current Swift Testing test's, else the one
  /// the whole process shares (XCTest, detached tasks, code outside tests). Generated static
  /// members and their handles call it on every use.
  ///
  /// ```swift
  /// when(AlbumServiceMock.$shared()).thenReturn(service)
  /// ```
  public static func staticStorage(for type: Any.Type) -> MockStorage {
    _StaticMockStores.current.storage(for: type)
  }
}

/// Runs `body` with static members of their own: inside it, every mock type's static stubs and
/// recorded static calls start empty and are seen by `body` (and the tasks it creates, except
/// detached ones) alone; they are released when `body` returns.
///
/// A Swift Testing test gets static members of its own without it; use it to give each case of a
/// parameterized test its own (or the trait `.scopedStaticMocks` of VerityTesting: without one of
/// them, a parameterized test reports its static calls), or an XCTest test its own.
///
/// ```swift
/// withScopedStaticMocks {
///   when(ClockMock.$now()).thenReturn(42)
///   #expect(ClockMock.now() == 42)
///   verify(ClockMock.$now())
/// }
/// ```
public func withScopedStaticMocks<Result>(_ body: () throws -> Result) rethrows -> Result {
  try _StaticMockStores.$scoped.withValue(_StaticMockStores(), operation: body)
}

/// Runs the asynchronous `body` with static members of their own (see
/// ``withScopedStaticMocks(_:)``).
///
/// ```swift
/// await withScopedStaticMocks {
///   when(ClockMock.$now()).thenReturn(42)
///   #expect(await ticker.nextTick() == 42)
/// }
/// ```
public func withScopedStaticMocks<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Result
) async rethrows -> Result {
  try await _StaticMockStores.$scoped.withValue(_StaticMockStores(), operation: body, isolation: isolation)
}
