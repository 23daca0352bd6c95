import Verity
import XCTest

/// The real object of the spy below.
final class XCTestRealCounter: Sendable {
  let base: Int
  init(base: Int) { self.base = base }
  func next(after value: Int) -> Int { base + value }
}

/// A spy written by hand as `@Mock` writes one: it records the call, answers from a matching stub,
/// and otherwise calls the real object.
final class XCTestCounterSpy: Mock {
  let storage: MockStorage
  init(spying real: XCTestRealCounter) { storage = MockStorage(spying: MockSpy(real)) }
  func next(after value: Int) -> Int {
    recordCall(withIdentifier: "next(after:)", typedArguments: value)
    if let stubbed = storage.stubbedAnswer("next(after:)", arguments: value, values: [value]) as Int? { return stubbed }
    return storage.spy!.object(as: XCTestRealCounter.self)!.next(after: value)
  }
  func stubNext(after value: Int) -> MockCall<Int, Int> {
    MockCall(storage: storage, identifier: "next(after:)", typedArguments: [value])
  }
}

/// A spy's calls, passed on or stubbed, reach XCTest's failures as any mock's do.
final class SpyXCTests: FailureCapturingTestCase {
  func testForwardedAndStubbedCallsAreReportedByVerifyNoMoreInteractions() {
    let spy = XCTestCounterSpy(spying: XCTestRealCounter(base: 10))
    when(spy.stubNext(after: 2)).thenReturn(100)
    XCTAssertEqual(spy.next(after: 1), 11)
    XCTAssertEqual(spy.next(after: 2), 100)

    let line = #line + 2
    let failures = capturingFailures {
      spy.verifyNoMoreInteractions()
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(failures.map { _message($0.description) }, ["""
      verifyNoMoreInteractions failed - 2 calls not verified:
        #1 next(after: 1)
        #2 next(after: 2)
      """])
  }

  func testVerifiedSpyCallsLeaveNothingToReport() {
    let spy = XCTestCounterSpy(spying: XCTestRealCounter(base: 10))
    XCTAssertEqual(spy.next(after: 5), 15)
    let failures = capturingFailures {
      spy.verifyCall(withIdentifier: "next(after:)", arguments: [5])
      spy.verifyNoMoreInteractions()
    }
    XCTAssertEqual(failures, [])
  }
}
