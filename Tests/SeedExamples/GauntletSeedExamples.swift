// The Gauntlet seed's examples (shared/seeds/000: "Creating Custom Assertion Operators"), written
// as its users wrote them: a custom `isType` operator built on `evaluate(name:lineNumber:)`, and
// its XCTest test with `TestAnAssertion(on:)` and `didFail(expectedName:expectedLine:)`.

import Testing
import Verity
import XCTest

// MARK: - The article's operator, as written (its two fragments joined into one function)

extension Assertion {

    @discardableResult
    public func isType<T>(_ expectedType: T.Type, line: Int = #line) -> Assertion<T> {
        return evaluate(name: "isType", lineNumber: line) { value in
            // Attempt to cast the value to the expected type. If the cast succeeds then the validation has passed and we can return the cast value.
            if let castValue = value as? T {
                return .pass(castValue)
            }

            // If the cast fails then we need to construct a message describing the failure and return the appropriate FailureReason.
            let typeDescription = String(describing: type(of: value))
            let expectedTypeDescription = String(describing: expectedType)
            let message = "Value of type \(typeDescription) does not conform to expected type \(expectedTypeDescription)"

            return .fail(message: message)
        }
    }
}

// The article's "or asyncEvaluate if calling async code": the same operator over an async check.
extension Assertion where Value == String {

    @discardableResult
    public func isValidJSON(line: Int = #line) async -> Assertion<Void> {
        return await asyncEvaluate(name: "isValidJSON", lineNumber: line) { value in
            await isJSONObject(value)
                ? .pass(()) : .fail(message: "\"\(value)\" is not a JSON object")
        }
    }
}

/// An asynchronous check for the operator above.
func isJSONObject(_ text: String) async -> Bool {
    text.hasPrefix("{") && text.hasSuffix("}")
}

// MARK: - The article's test, as written

final class GauntletSeedTests: XCTestCase {

    func testIsTypeFailure() {
        let assertion = TestAnAssertion(on: 8).isType(String.self, line: 321)

        Assert(that: assertion)
            .didFail(expectedName: "isType", expectedLine: 321)
            .isEqualTo(.message("Value of type Int does not conform to expected type String"))
    }

    // "You'll want to validate that the operator passes in the conditions that it should".
    func testIsTypeSuccess() {
        let assertion = TestAnAssertion(on: 8 as Any).isType(Int.self, line: 42)

        Assert(that: assertion)
            .didPass(expectedName: "isType", expectedLine: 42)
            .isEqualTo(8)
    }

    func testAsyncOperator() async {
        let passed = await TestAnAssertion(on: "{}").isValidJSON(line: 7)
        Assert(that: passed).didPass(expectedName: "isValidJSON", expectedLine: 7)

        let failed = await TestAnAssertion(on: "[]").isValidJSON(line: 8)
        Assert(that: failed)
            .didFail(expectedName: "isValidJSON", expectedLine: 8)
            .isEqualTo(.message("\"[]\" is not a JSON object"))
    }
}

// MARK: - What the article says shows up in Xcode

@Suite struct GauntletSeedReporting {
    /// "When isType fails the following would show up in Xcode at the line where the assertion
    /// failed": the message, at the operator's line, in the file of the chain's `Assert(that:)`.
    @Test func aFailingCustomOperatorReportsAtItsLine() {
        let line = #line + 2
        withKnownIssue {
            Assert(that: 8).isType(String.self)
        } matching: { issue in
            issue.comments.map(\.rawValue)
                == ["isType failed - Value of type Int does not conform to expected type String"]
                && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
        }
    }
}
