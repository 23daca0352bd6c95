import Verity

// Operators written as Gauntlet's custom-operator article teaches: they capture only the caller's
// line (`line: Int = #line`) and call the short forms `evaluate(name:lineNumber:evaluator:)` and
// `asyncEvaluate(name:lineNumber:evaluator:)`.

struct FixtureOddError: Error, CustomStringConvertible {
  let value: Int
  var description: String { "\(value) is odd" }
}

extension Assertion where Value == Int {
  @discardableResult
  func isEvenByLine(line: Int = #line) -> Assertion<Int> {
    evaluate(name: "isEvenByLine", lineNumber: line) { value in
      value.isMultiple(of: 2) ? .pass(value) : .fail(message: "\(value) is odd")
    }
  }

  /// Throws instead of returning a failure.
  @discardableResult
  func isEvenOrThrows(line: UInt = #line) -> Assertion<Int> {
    evaluate(name: "isEvenOrThrows", lineNumber: line) { value in
      guard value.isMultiple(of: 2) else { throw FixtureOddError(value: value) }
      return .pass(value)
    }
  }

  @discardableResult
  func isEvenEventually(line: Int = #line) async -> Assertion<Int> {
    await asyncEvaluate(name: "isEvenEventually", lineNumber: line) { value in
      await Task.yield()
      return value.isMultiple(of: 2) ? .pass(value) : .fail(message: "\(value) is odd")
    }
  }
}
