import Synchronization
import Testing
@testable import Verity

/// A process without VerityTesting's probe (VerityMocking's, or a dynamic library whose weak
/// `vrt_swift_testing_probe` was not replaced) reads the running test through IssueReporting,
/// which cannot tell whether it is parameterized. The stores say so once, where they fall back.
/// Each test passes `nil` for the probe and a warning of its own, so nothing is printed and no
/// state is left for other tests (the stores it creates are keyed by IssueReporting's test ID,
/// which no other test in this process uses).
@Suite struct StaticStoresWithoutProbeTests {
  /// The warning's text, as a process without the probe prints it to standard error.
  static let expectedWarning =
    "Verity: warning: VerityTesting is not linked into this process, so Verity cannot tell whether "
    + "a Swift Testing test is parameterized: static mock members are kept per test, and the cases "
    + "of a parameterized test would share their static stubs and calls without a report. Link "
    + "VerityTesting into the test target (the products Verity and VerityMacros add it), or call "
    + "static members inside withScopedStaticMocks { … }"

  /// A warning that keeps what it writes.
  final class KeptWarning: Sendable {
    let written = Mutex<[String]>([])
    var messages: [String] { written.withLock { $0 } }
    /// A warning of the stores' text whose writes this object keeps.
    var warning: _OneTimeWarning {
      _OneTimeWarning(_StaticMockStores.unknownCasesMessage) { [self] message in
        written.withLock { $0.append(message) }
      }
    }
  }

  @Test func withoutTheProbeTheTestsStoresWarnOnce() throws {
    let kept = KeptWarning()
    let warning = kept.warning
    let test = try #require(_CurrentSwiftTestingTest.running(probe: nil))
    #expect(test.isParameterized == nil)
    let first = _StaticMockStores.current(probe: nil, unknownCases: warning)
    let second = _StaticMockStores.current(probe: nil, unknownCases: warning)
    #expect(first === second)
    #expect(first !== _StaticMockStores.process)
    #expect(kept.messages == [Self.expectedWarning])
  }

  /// With the probe, the test is known not to be parameterized: nothing to say.
  @Test func withTheProbeNothingIsSaid() throws {
    let kept = KeptWarning()
    let warning = kept.warning
    let probe = try #require(_SwiftTestingProbe.linked)
    #expect(_CurrentSwiftTestingTest.running(probe: probe)?.isParameterized == false)
    _ = _StaticMockStores.current(probe: probe, unknownCases: warning).storage(for: Int.self)
    #expect(kept.messages.isEmpty)
  }

  /// The cases of a parameterized test, read without the probe: no issue can be recorded (the
  /// probe records it), so the warning is what is said, once for the two calls of each case.
  @Test(arguments: [1, 2])
  func aParameterizedTestWithoutTheProbeIsWarnedOf(value: Int) {
    let kept = KeptWarning()
    let warning = kept.warning
    let stores = _StaticMockStores.current(probe: nil, unknownCases: warning)
    _ = stores.storage(for: String.self)
    _ = _StaticMockStores.current(probe: nil, unknownCases: warning).storage(for: String.self)
    #expect(kept.messages == [Self.expectedWarning])
  }

  /// The process's own warning writes to standard error, and is the same text.
  @Test func theProcesssWarningHasTheSameText() {
    #expect(_StaticMockStores.unknownCasesWarning.message == Self.expectedWarning)
  }
}
