// Answers that write back: a `thenAnswer` closure of a member with `inout` parameters takes them
// `inout`, and the member, which holds them, runs it, so what the closure writes is what the
// caller sees. The call is recorded before, so verification sees the values as they were passed.
// (`Stubbing.thenAnswer(_:)` for `InoutArguments` handles is beside the other answers, in
// MockCall.swift.)

/// The `Arguments` of a handle of a member with `inout` parameters: `Answer` is the function type
/// its `thenAnswer` closures have, each `inout` parameter `inout` and the others by value, as
/// the write-back `Stubbing.thenAnswer(_:)` takes them. A type with no values: it only names `Answer`.
///
/// ```swift
/// // func adapt(_ request: inout Request, attempt: Int) -> Void
/// func $adapt(_ request: Matcher<Request> = any(), attempt: Matcher<Int> = any())
///   -> MockCall<InoutArguments<@Sendable (inout Request, Int) throws -> Void>, Void>
///
/// when(adapter.$adapt(any(), attempt: eq(1))).thenAnswer { request, attempt in
///   request.headers["Authorization"] = "Bearer \(attempt)"
/// }
/// ```
public enum InoutArguments<Answer: Sendable> {}

extension MockStorage {
  /// The answer to a call of a member with `inout` parameters that cannot throw: as
  /// ``answer(_:arguments:values:fileID:filePath:line:column:)``, but a stub made with
  /// the write-back `Stubbing.thenAnswer(_:)` is run by `writingBack`, which passes it the member's
  /// `inout` arguments `inout`. The closure's error is reported (the member cannot throw), and
  /// the call answers the result's default.
  ///
  /// ```swift
  /// func modify(user: inout User) {
  ///   storage.log.record("modify(user:)", recordable(user))
  ///   return storage.answer(
  ///     "modify(user:)", arguments: user, values: [user],
  ///     writingBack: { (answer: @Sendable (inout User) throws -> Void) in try answer(&user) })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments (their values on entry), for a `thenAnswer` closure of a
  ///     handle whose `Arguments` are not ``InoutArguments``.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - writingBack: Runs a write-back answer, of the handle's ``InoutArguments`` `Answer` type.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  public func answer<Arguments, Answer, Value>(
    _ identifier: String,
    arguments: Arguments,
    values: @autoclosure () -> [Any?],
    writingBack: (Answer) throws -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Value {
    let location = _Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else {
      return _unanswered(identifier, values: values, hasUnstubbed: false, unstubbed: { fatalError() }, at: location)
    }
    return _writeBackAnswer(answer, of: stub, identifier, arguments: arguments, writingBack: writingBack)
  }

  /// A non-throwing member's answer from `answer`, a stub's: a write-back answer runs through
  /// `writingBack` on the caller's arguments.
  func _writeBackAnswer<Arguments, Answer, Value>(
    _ answer: _StubAnswer, of stub: Stub, _ identifier: String, arguments: Arguments,
    writingBack: (Answer) throws -> Value
  ) -> Value {
    guard case .writingBack(let body) = answer else {
      return _stubbedAnswer(answer, of: stub, identifier, arguments: arguments)
    }
    guard let body = body as? Answer else {
      return _badAnswer(_writeBackMismatch(body, expected: Answer.self), stub: stub)
    }
    do {
      return try writingBack(body)
    } catch {
      return _badAnswer("throws \(error), but \(_memberName(identifier)) cannot throw", stub: stub)
    }
  }

  /// As ``answer(_:arguments:values:writingBack:fileID:filePath:line:column:)``, for a throwing
  /// member: the write-back answer's error is thrown, and an unanswerable call reports its
  /// failure and throws ``UnstubbedCallError``.
  ///
  /// ```swift
  /// func normalize(_ text: inout String) throws {
  ///   storage.log.record("normalize(_:)", recordable(text))
  ///   return try storage.answerThrowing(
  ///     "normalize(_:)", arguments: text, values: [text],
  ///     writingBack: { (answer: @Sendable (inout String) throws -> Void) in try answer(&text) })
  /// }
  /// ```
  public func answerThrowing<Arguments, Answer, Value>(
    _ identifier: String,
    arguments: Arguments,
    values: @autoclosure () -> [Any?],
    writingBack: (Answer) throws -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Value {
    let location = _Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else {
      return try _unansweredThrowing(identifier, values: values, at: location)
    }
    return try _writeBackAnswerThrowing(answer, of: stub, identifier, arguments: arguments, writingBack: writingBack)
  }

  /// A throwing member's answer from `answer`, a stub's: a write-back answer runs through
  /// `writingBack` on the caller's arguments, and its error is thrown.
  func _writeBackAnswerThrowing<Arguments, Answer, Value>(
    _ answer: _StubAnswer, of stub: Stub, _ identifier: String, arguments: Arguments,
    writingBack: (Answer) throws -> Value
  ) throws -> Value {
    guard case .writingBack(let body) = answer else {
      if let value = answer._value(exactly: Value.self) { return _exactCast(value, to: Value.self) }
      return try _convertedThrowingAnswer(answer, of: stub, identifier, arguments: arguments)
    }
    guard let body = body as? Answer else {
      throw _badThrowingAnswer(_writeBackMismatch(body, expected: Answer.self), stub: stub)
    }
    return try writingBack(body)
  }

  /// Why a write-back answer of one function type cannot answer a member that passes another (a
  /// hand-written handle whose `Answer` disagrees with the member).
  private func _writeBackMismatch(_ body: any Sendable, expected: Any.Type) -> String {
    "has a thenAnswer closure of type \(_render(type: type(of: body))), but the member runs one of type "
      + _render(type: expected)
  }
}
