import Verity
import XCTest

/// `hasNoDifference` reports the difference once, at the operator's line, in XCTest too.
final class DifferenceXCTests: FailureCapturingTestCase {
  struct Point: Equatable { var x: Int; var y: Int }

  func testHasNoDifferenceReportsOnceAtTheOperatorsLine() {
    let line = #line + 3
    let failures = capturingFailures {
      Assert(that: [Point(x: 1, y: 2), Point(x: 3, y: 5)])
        .hasNoDifference(from: [Point(x: 1, y: 2), Point(x: 3, y: 4)])
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(
      failures.first.map { _message($0.description) },
      """
      hasNoDifference failed - the values differ (expected → actual; 1 changed):
        [1].y: 4 → 5
      """)
  }

  func testNoDifferenceRecordsNothing() {
    let failures = capturingFailures {
      Assert(that: ["a": [1, 2]]).hasNoDifference(from: ["a": [1, 2]])
    }
    XCTAssertEqual(failures, [])
  }
}
