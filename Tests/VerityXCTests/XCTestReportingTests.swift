import Verity
import XCTest

/// Failures of a reporting chain reach XCTest: one failure per failed chain, at the failing
/// operator's line, in the file of `Assert(that:)`.
final class XCTestReportingTests: FailureCapturingTestCase {
  func testAFailureIsRecordedOnceAtTheOperatorLine() {
    let line = #line + 3
    let failures = capturingFailures {
      Assert(that: 1)
        .isEqualTo(2)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(
      failures.first.map { _message($0.description) }, "isEqualTo failed - 1 is not equal to 2")
  }

  func testLaterOperatorsDoNotRecordAgain() {
    let line = #line + 3
    let failures = capturingFailures {
      Assert(that: Optional<String>.none)
        .isNotNil()
        .hasCount(3)
        .contains("x")
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.map { _message($0.description) }, ["isNotNil failed - value is nil"])
  }

  func testEachChainRecordsItsOwnFailure() {
    let line = #line + 2
    let failures = capturingFailures {
      Assert(that: "a").isEqualTo("b")
      Assert(that: [1]).isEmpty()
    }
    XCTAssertEqual(failures.map(\.line), [line, line + 1])
    XCTAssertEqual(
      failures.map { _message($0.description) },
      [#"isEqualTo failed - "a" is not equal to "b""#, "isEmpty failed - [1] is not empty"])
  }

  func testPassingChainsRecordNothing() throws {
    // The `try` inside the autoclosure makes Swift infer a throwing closure.
    let failures = try capturingFailures {
      Assert(that: 3).matches(greaterThan(2) && lessThan(4)).isEqualTo(3)
      Assert(throwingExpression: try JSONLikeParser.parse("1")).doesNotThrow().isEqualTo(1)
    }
    XCTAssertEqual(failures, [])
  }

  func testTestAnAssertionRecordsNothing() {
    let failures = capturingFailures {
      TestAnAssertion(on: 8).isType(String.self)
    }
    XCTAssertEqual(failures, [])
  }

  func testGauntletStyleOperatorTestsWorkInXCTest() {
    let assertion = TestAnAssertion(on: 8).isType(String.self, line: 321)

    Assert(that: assertion)
      .didFail(expectedName: "isType", expectedLine: 321)
      .isEqualTo(.message("Value of type Int does not conform to expected type String"))
  }

  func testAsyncFailuresAreRecorded() async {
    let line = #line + 3
    let failures = await capturingFailures {
      await Assert(asyncThrowingExpression: { try JSONLikeParser.parse("x") })
        .doesNotThrow()
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(
      failures.map { _message($0.description) },
      ["doesNotThrow failed - threw ParseError: notANumber(\"x\")"])
  }

  /// The whole description XCTest records is `failed - <message>`: on Linux, IssueReporting
  /// 1.13.1's default path would append a note about host applications after a `━━┉┅` rule (its
  /// heuristic finds no XCTest frame in unsymbolized stack traces); Verity's reports carry none.
  func testTheRecordedDescriptionIsExactlyTheMessage() {
    let failures = capturingFailures {
      Assert(that: 1).isEqualTo(2)
    }
    XCTAssertEqual(failures.map(\.description), ["failed - isEqualTo failed - 1 is not equal to 2"])
  }
}

private enum ParseError: Error {
  case notANumber(String)
}

private enum JSONLikeParser {
  static func parse(_ text: String) throws -> Int {
    guard let value = Int(text) else { throw ParseError.notANumber(text) }
    return value
  }
}
