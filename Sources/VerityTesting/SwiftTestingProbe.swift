import Testing
import Verity

// The probe through which the core, which cannot import Swift Testing, reads the running test
// (`_CurrentSwiftTestingTest` in VerityCore's CurrentTest.swift). The C engine defines
// `vrt_swift_testing_probe` weakly, returning NULL; this strong definition replaces it wherever
// VerityTesting is linked (vrt_test_probe.h), so no symbol is looked up at run time.

/// The process's probe: made once, never released.
private let probe = _SwiftTestingProbe(
  runningTest: {
    guard let test = Test.current else { return nil }
    let location = test.sourceLocation
    return _RunningSwiftTest(
      key: _SwiftTestingTestKey(
        name: test.name, fileID: location.fileID, line: location.line, column: location.column),
      name: test.name,
      isParameterized: test.isParameterized)
  },
  recordIssue: { message in
    Issue.record(Comment(rawValue: message), sourceLocation: Test.current?.sourceLocation ?? #_sourceLocation)
  })

/// The C engine's `vrt_swift_testing_probe`: an unretained pointer to ``probe``, which the process
/// keeps. Only the core calls it.
@_cdecl("vrt_swift_testing_probe")
package func swiftTestingProbe() -> UnsafeRawPointer {
  UnsafeRawPointer(Unmanaged.passUnretained(probe).toOpaque())
}
