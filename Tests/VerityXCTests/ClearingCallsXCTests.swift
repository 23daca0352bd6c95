import Verity
import XCTest

/// Verifications after `clearInvocations` and `reset` report to XCTest once each, at their line.
final class ClearingCallsXCTests: FailureCapturingTestCase {
  func testAVerificationAfterClearInvocationsFailsOnceAtItsLine() {
    let store = XCTestFakeStore()
    store.save(1, "a")
    store.clearInvocations()

    let line = #line + 2
    let failures = capturingFailures {
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"])
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(failures.map { _message($0.description) }, [
      "verifyCall failed - expected 1 call to save(1, \"a\"), got 0\nNo calls were recorded."
    ])
  }

  func testResetThenCallsAreVerifiedAlone() {
    let store = XCTestFakeStore()
    store.save(1, "a")
    store.reset()
    store.save(2, "b")
    let failures = capturingFailures {
      store.verifyCall(withIdentifier: "save", arguments: [2, "b"])
      store.verifyNoMoreInteractions()
    }
    XCTAssertEqual(failures, [])
  }
}
