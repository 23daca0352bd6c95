import Verity
import XCTest

final class XCTestFakeStore: Mock {
  let storage = MockStorage()
  func save(_ id: Int, _ name: String) { recordCall(withIdentifier: "save", typedArguments: id, name) }
}

/// Verification failures reach XCTest once each, at the line of the verify call.
final class MockVerificationXCTests: FailureCapturingTestCase {
  func testAFailedVerificationIsRecordedOnceAtTheVerifyLine() {
    let store = XCTestFakeStore()
    store.save(1, "a")

    let line = #line + 2
    let failures = capturingFailures {
      store.verifyCall(withIdentifier: "save", arguments: [1, "b"])
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(failures.map { _message($0.description) }, ["""
      verifyCall failed - expected 1 call to save(1, "b"), got 0
      1 call to save had other arguments:
        #1 save(1, "a")
           argument 2: expected "b", got "a"
      """])
  }

  func testPassingVerificationsRecordNothing() {
    let store = XCTestFakeStore()
    store.save(1, "a")
    let failures = capturingFailures {
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"])
      store.verifyCall(withIdentifier: "save", arguments: [any(), hasPrefix("a")])
      store.verifyNoMoreInteractions()
    }
    XCTAssertEqual(failures, [])
  }

  func testNoMoreInteractionsAndInOrderFailuresAreRecordedOnce() {
    let store = XCTestFakeStore()
    store.save(2, "b")
    store.save(1, "a")

    let inOrder = InOrder()
    let failures = capturingFailures {
      store.verifyNoMoreInteractions()
      inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [1, "a"])
      inOrder.verifyCall(on: store, withIdentifier: "save", arguments: [2, "b"])
    }
    XCTAssertEqual(failures.count, 2)
    XCTAssertEqual(failures.map { _message($0.description) }, [
      """
      verifyNoMoreInteractions failed - 2 calls not verified:
        #1 save(2, "b")
        #2 save(1, "a")
      """,
      """
      verifyCall in order failed - expected 1 call to save(2, "b") after save(1, "a"), got 0
      1 call to save matched earlier, out of order
      """,
    ])
  }
}
