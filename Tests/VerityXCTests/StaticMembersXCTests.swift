import Foundation
import Verity
import XCTest

/// A mock type's static members written as `@Mock` writes them: their calls and stubs live in
/// `MockStorage.staticStorage(for:)`.
enum XCTestStaticTicker {
  static func now() -> Int {
    MockStorage.staticStorage(for: Self.self).log.record("now()")
    return MockStorage.staticStorage(for: Self.self).answer("now()", arguments: (), values: [])
  }

  static func tick(_ label: String) {
    MockStorage.staticStorage(for: Self.self).log.record("tick(_:)", recordable(label))
  }

  static func handleNow() -> MockCall<(), Int> {
    MockCall(storage: MockStorage.staticStorage(for: Self.self), identifier: "now()", typedArguments: [], throwing: Never.self)
  }

  static func handleTick(_ label: Matcher<String> = any()) -> MockCall<String, Void> {
    MockCall(storage: MockStorage.staticStorage(for: Self.self), identifier: "tick(_:)", matchers: label, throwing: Never.self)
  }
}

/// Outside Swift Testing (here, XCTest) one store per mock type serves the whole process, from
/// the test's own thread and from any task; `withScopedStaticMocks` gives a test its own.
final class StaticMembersXCTests: FailureCapturingTestCase {
  func testOneStorePerTypeServesEveryTaskOutsideSwiftTesting() async {
    let storage = MockStorage.staticStorage(for: XCTestStaticTicker.self)
    XCTAssertTrue(MockStorage.staticStorage(for: XCTestStaticTicker.self) === storage)
    let fromTask = await Task { MockStorage.staticStorage(for: XCTestStaticTicker.self) }.value
    let fromDetached = await Task.detached { MockStorage.staticStorage(for: XCTestStaticTicker.self) }.value
    XCTAssertTrue(fromTask === storage)
    XCTAssertTrue(fromDetached === storage)

    let label = "detached \(UUID())"
    await Task.detached { XCTestStaticTicker.tick(label) }.value
    let failures = capturingFailures {
      verify(XCTestStaticTicker.handleTick(eq(label)), .times(1))
    }
    XCTAssertEqual(failures, [])
  }

  func testAScopeGivesAnXCTestStaticMembersOfItsOwn() {
    let label = "process \(UUID())"
    XCTestStaticTicker.tick(label)
    let outside = MockStorage.staticStorage(for: XCTestStaticTicker.self)
    withScopedStaticMocks {
      XCTAssertFalse(MockStorage.staticStorage(for: XCTestStaticTicker.self) === outside)
      when(XCTestStaticTicker.handleNow()).thenReturn(7)
      XCTAssertEqual(XCTestStaticTicker.now(), 7)
      let failures = capturingFailures {
        verify(XCTestStaticTicker.handleTick(any()), .never)
        verify(XCTestStaticTicker.handleNow(), .times(1))
      }
      XCTAssertEqual(failures, [])
    }
    XCTAssertTrue(MockStorage.staticStorage(for: XCTestStaticTicker.self) === outside)
  }

  func testAFailedStaticVerificationIsRecordedOnceAtTheVerifyLine() {
    let label = "counted \(UUID())"
    XCTestStaticTicker.tick(label)
    let line = #line + 2
    let failures = capturingFailures {
      verify(XCTestStaticTicker.handleTick(eq(label)), .times(2))
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.map { _message($0.description) }, [
      "verify failed - expected 2 calls to tick(eq(\"\(label)\")), got 1"
    ])
  }
}
