import Verity
import XCTest

/// `assertNoDifference` reports the rendered difference once, at the caller's line, in XCTest too.
final class DifferenceXCTests: FailureCapturingTestCase {
  struct Point: Equatable { var x: Int; var y: Int }

  func testAssertNoDifferenceReportsOnceAtTheCallersLine() {
    let line = #line + 2
    let failures = capturingFailures {
      assertNoDifference([Point(x: 1, y: 2), Point(x: 3, y: 4)], [Point(x: 1, y: 2), Point(x: 3, y: 5)])
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(
      failures.first.map { _message($0.description) },
      """
      assertNoDifference failed - the values differ (expected → actual; 1 changed):
          [
            … (1 unchanged)
            [1]: Point(
              … (1 unchanged)
        -     y: 4
        +     y: 5
            )
          ]
      """)
  }

  func testNoDifferenceRecordsNothing() {
    let failures = capturingFailures {
      assertNoDifference(["a": [1, 2]], ["a": [1, 2]])
    }
    XCTAssertEqual(failures, [])
  }
}
