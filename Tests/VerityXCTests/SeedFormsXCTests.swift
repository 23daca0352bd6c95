import Verity
import XCTest

/// The seeds' forms report to XCTest as Verity's own do: Gauntlet's short form
/// `evaluate(name:lineNumber:evaluator:)` at the operator's line in the chain's file, and
/// Matchable's `XCTAssert(_:matches:)` once, at its call.
final class SeedFormsXCTests: FailureCapturingTestCase {
  func testTheShortFormReportsAtTheOperatorLineInTheChainsFile() {
    let line = #line + 3
    let failures = capturingFailures {
      Assert(that: 3)
        .isEvenByLine()
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.map(\.filePath), ["\(#filePath)"])
    XCTAssertEqual(failures.map { _message($0.description) }, ["isEvenByLine failed - 3 is odd"])
  }

  func testXCTAssertMatchesRecordsOneFailureAtItsLine() {
    struct Point: Matchable { var x: Int; var y: Int }
    let line = #line + 2
    let failures = capturingFailures {
      XCTAssert(Point(x: 1, y: 3), matches: Point(x: 1, y: 2), "after the move")
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(
      failures.map { _message($0.description) },
      [
        """
        XCTAssert(_:matches:) failed - the values differ (expected → actual; 1 changed):
          y: 2 → 3
        after the move
        """
      ])
    XCTAssertEqual(capturingFailures { XCTAssert(Point(x: 1, y: 2), matches: Point(x: 1, y: 2)) }, [])
  }
}

extension Assertion where Value == Int {
  /// A Gauntlet-style operator: the caller's line only.
  @discardableResult
  fileprivate func isEvenByLine(line: Int = #line) -> Assertion<Int> {
    evaluate(name: "isEvenByLine", lineNumber: line) { value in
      value.isMultiple(of: 2) ? .pass(value) : .fail(message: "\(value) is odd")
    }
  }
}
