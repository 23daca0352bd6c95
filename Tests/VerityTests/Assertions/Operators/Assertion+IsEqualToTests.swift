import Foundation
import Testing
import Verity

@Suite struct IsEqualToTests {
  @Test func passesForEqualValues() {
    Assert(that: TestAnAssertion(on: 42).isEqualTo(42, line: 7))
      .didPass(expectedName: "isEqualTo", expectedLine: 7)
  }

  @Test func failsForDifferentValues() {
    Assert(that: TestAnAssertion(on: 41).isEqualTo(42, line: 7))
      .didFail(expectedName: "isEqualTo", expectedLine: 7)
      .isEqualTo(.message("41 is not equal to 42"))
  }

  @Test func quotesStrings() {
    Assert(that: TestAnAssertion(on: "1").isEqualTo("2", line: 3))
      .didFail(expectedName: "isEqualTo", expectedLine: 3)
      .isEqualTo(.message(#""1" is not equal to "2""#))
  }

  @Test func rendersOptionalsAsTheirValue() {
    let value: Int? = nil
    Assert(that: TestAnAssertion(on: value).isEqualTo(5, line: 3))
      .didFail(expectedName: "isEqualTo", expectedLine: 3)
      .isEqualTo(.message("nil is not equal to 5"))
  }

  /// A `[String: Any]` (a decoded JSON object) is not `Equatable`: `isEqualTo` compares it by
  /// structure, as `hasNoDifference` does, instead of not compiling.

  /// A `[String: Any]` (a decoded JSON object) is not `Equatable`: `isEqualTo` compares it by
  /// structure, as `hasNoDifference` does, instead of not compiling.
  @Test func dynamicDictionariesCompareByStructure() throws {
    let json = try JSONSerialization.jsonObject(with: Data(#"{"type": "login", "retries": 2}"#.utf8)) as! [String: Any]
    Assert(that: TestAnAssertion(on: json).isEqualTo(["retries": 2, "type": "login"], line: 5))
      .didPass(expectedName: "isEqualTo", expectedLine: 5)
    Assert(that: TestAnAssertion(on: json).isEqualTo(["retries": 3, "type": "login"], line: 6))
      .didFail(expectedName: "isEqualTo", expectedLine: 6)
      .isEqualTo(.message(#"""
        the values differ (expected → actual; 1 changed):
          ["retries"]: 3 → 2
        """#))
    let array: [Any] = ["a", 1]
    Assert(that: TestAnAssertion(on: array).isEqualTo(["a", 1], line: 7))
      .didPass(expectedName: "isEqualTo", expectedLine: 7)
    Assert(that: TestAnAssertion(on: array).isEqualTo(["a", 2], line: 8))
      .didFail(expectedName: "isEqualTo", expectedLine: 8)
      .isEqualTo(.message("""
        the values differ (expected → actual; 1 changed):
          [1]: 2 → 1
        """))
  }

  @Test func passesWithinAccuracy() {
    Assert(that: TestAnAssertion(on: 0.1 + 0.2).isEqualTo(0.3, accuracy: 1e-9, line: 4))
      .didPass(expectedName: "isEqualTo", expectedLine: 4)
  }

  @Test func failsOutsideAccuracy() {
    Assert(that: TestAnAssertion(on: 1.5).isEqualTo(1.0, accuracy: 0.1, line: 4))
      .didFail(expectedName: "isEqualTo", expectedLine: 4)
      .isEqualTo(.message("1.5 is not within 0.1 of 1.0"))
  }

  @Test func nanIsNeverWithinAccuracy() {
    Assert(that: TestAnAssertion(on: Double.nan).isEqualTo(.nan, accuracy: 1, line: 4))
      .didFail(expectedName: "isEqualTo", expectedLine: 4)
      .isEqualTo(.message("nan is not within 1.0 of nan"))
  }
}

@Suite struct IsNotEqualToTests {
  @Test func passesForDifferentValuesAndPassesTheValueOn() {
    Assert(that: TestAnAssertion(on: "new").isNotEqualTo("old", line: 9))
      .didPass(expectedName: "isNotEqualTo", expectedLine: 9)
      .isEqualTo("new")
  }

  @Test func failsForEqualValues() {
    Assert(that: TestAnAssertion(on: "abc").isNotEqualTo("abc", line: 9))
      .didFail(expectedName: "isNotEqualTo", expectedLine: 9)
      .isEqualTo(.message(#""abc" is equal to "abc""#))
  }
}
