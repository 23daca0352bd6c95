/// Starts an assertion chain on a value.
///
/// Apply operators to the result; a failing operator fails the running test (XCTest or Swift
/// Testing) at the operator's line:
///
/// ```swift
/// Assert(that: cart.items).hasCount(2)
/// Assert(that: user.name).isEqualTo("Ada")
/// Assert(that: error).isType(URLError.self).matches(having(\.code, eq(.timedOut)))
/// ```
///
/// A failure is reported where the failing operator is written: each operator takes the caller's
/// `fileID:filePath:line:column:`, like this function. Swift gives a defaulted `#column` the column
/// of the call's opening parenthesis, so `.isEqualTo(2)` written at column 9 reports column 18.
///
/// An `Assert(that:)` without any operator checks nothing. When such a root is released, Verity
/// writes a warning to standard error, once per call site; it does not fail the test.
public func Assert<Value>(
  that value: Value,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Assertion<Value> {
  _root(
    value, name: "Assert(that:)", fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Starts an assertion chain on an expression that may throw, for
/// ``Assertion/throwsError(fileID:filePath:line:column:)-6b4yf`` and
/// ``Assertion/doesNotThrow(fileID:filePath:line:column:)-8r7em``.
///
/// The expression is not evaluated here but by the operator applied next (and again by each
/// attempt of
/// ``Assertion/eventually(timeout:pollInterval:clock:fileID:filePath:line:column:_:)-5onti``).
///
/// ```swift
/// Assert(throwingExpression: try parser.parse("1 +")).throwsError()
/// Assert(throwingExpression: try parser.parse("1 + 2")).doesNotThrow().isEqualTo(.sum(1, 2))
/// ```
public func Assert<T>(
  throwingExpression expression: @escaping @autoclosure () throws -> T,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Assertion<() throws -> T> {
  _root(
    expression, name: "Assert(throwingExpression:)", fileID: fileID, filePath: filePath,
    line: line, column: column)
}

/// Starts an assertion chain on an asynchronous expression that may throw, for the `async`
/// forms of ``Assertion/throwsError(fileID:filePath:line:column:)-8wvbo`` and
/// ``Assertion/doesNotThrow(fileID:filePath:line:column:)-8xpqe``, and for
/// ``Assertion/eventually(timeout:pollInterval:clock:fileID:filePath:line:column:_:)-8cqu3``.
///
/// The closure is not called here but by the operator applied next.
///
/// ```swift
/// await Assert(asyncThrowingExpression: { try await api.fetchUser(id: 0) }).throwsError()
/// await Assert(asyncThrowingExpression: { await inbox.unreadCount })
///   .eventually(timeout: .seconds(2)) { $0.isEqualTo(3) }
/// ```
public func Assert<T>(
  asyncThrowingExpression expression: @escaping () async throws -> T,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Assertion<() async throws -> T> {
  _root(
    expression, name: "Assert(asyncThrowingExpression:)", fileID: fileID, filePath: filePath,
    line: line, column: column)
}

private func _root<Value>(
  _ value: Value,
  name: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) -> Assertion<Value> {
  let chain = _AssertionChain(
    rootName: name, fileID: fileID, filePath: filePath, line: line, column: column,
    reportsFailures: true)
  return Assertion(
    result: .pass(value), name: name, fileID: fileID, filePath: filePath, line: line, column: column,
    chain: chain)
}
