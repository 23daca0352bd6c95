/// Starts an assertion chain that reports nothing, for testing assertion operators.
///
/// Apply the operator under test, then check the outcome with
/// ``Assertion/didPass(expectedName:expectedLine:fileID:filePath:line:column:)`` or
/// ``Assertion/didFail(expectedName:expectedLine:fileID:filePath:line:column:)`` on a normal `Assert(that:)`. Because
/// this chain never reports, the operator's expected failures do not fail your test. Pass an
/// explicit `line:` to the operator so the test can check that it is passed through.
///
/// ```swift
/// @Test func isTypeFailsForTheWrongType() {
///   let assertion = TestAnAssertion(on: 8).isType(String.self, line: 321)
///
///   Assert(that: assertion)
///     .didFail(expectedName: "isType", expectedLine: 321)
///     .isEqualTo(.message("Value of type Int does not conform to expected type String"))
/// }
/// ```
///
/// The first link's ``Assertion/name`` is `TestAnAssertion` and its ``Assertion/line`` is 0.
public func TestAnAssertion<Value>(on value: Value) -> Assertion<Value> {
  Assertion(
    result: .pass(value), name: "TestAnAssertion", fileID: #fileID, filePath: #filePath, line: 0,
    column: 0, chain: .silent(rootName: "TestAnAssertion"))
}
