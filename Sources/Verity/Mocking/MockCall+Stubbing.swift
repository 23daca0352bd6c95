/// Starts stubbing the calls a handle describes; finish with `thenReturn`, `thenThrow` or
/// `thenAnswer`.
///
/// ```swift
/// when(service.$getAlbum(id: any())).thenReturn(placeholder)
/// when(service.$getAlbum(id: eq(id))).thenReturn(album)       // the last matching stub wins
/// when(counter.$next()).thenReturn(1).thenReturn(2)           // 1, then 2 for every later call
/// ```
@inlinable
public func when<Arguments, Value>(
  _ call: MockCall<Arguments, Value>,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Stubbing<Arguments, Value> {
  // Inlinable: built in the caller, for its concrete types, the stubbing needs no generic metadata
  // looked up at run time.
  Stubbing(call: call, stubID: nil, location: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A stub being defined with ``when(_:fileID:filePath:line:column:)``.
///
/// Each `then…` adds an answer: a call matching the stub takes the next answer, and the last
/// answer repeats for every later call. When several stubs match a call, the one defined last
/// answers.
public struct Stubbing<Arguments, Value>: Sendable {
  let call: MockCall<Arguments, Value>
  let stubID: UInt64?
  let location: _Location

  @usableFromInline
  init(call: MockCall<Arguments, Value>, stubID: UInt64?, location: _Location) {
    self.call = call
    self.stubID = stubID
    self.location = location
  }

  private func adding(_ answer: _StubAnswer) -> Self {
    if let stubID {
      call.storage._withStubs { $0.append(answer, toStub: stubID) }
      return self
    }
    let resultType = call.resultIsTyped ? ObjectIdentifier(Value.self) : nil
    let id = call.storage.addStub(call.form, answer, resultType: resultType, name: "when", at: location)
    return Stubbing(call: call, stubID: id, location: location)
  }

  /// Answers matching calls with `value`.
  ///
  /// ```swift
  /// when(service.$getAlbum(id: any())).thenReturn(album)
  /// ```
  @discardableResult
  public func thenReturn(_ value: Value) -> Self where Value: Sendable {
    adding(.value(value))
  }

  /// Answers matching calls by throwing `error`. A generated mock's member that cannot throw (its
  /// handle passes `throwing: Never.self`), or that throws only another error type, refuses it:
  /// that is reported at this `when` line, and no stub is added. (A hand-written mock's member
  /// that cannot throw reports it when it is called, see the "Generated mocks" article.)
  ///
  /// ```swift
  /// when(service.$getAlbum(id: eq(missing))).thenThrow(AlbumError.notFound)
  /// ```
  @discardableResult
  public func thenThrow(_ error: any Error) -> Self {
    if let errorType = call.errorType, !_isInstance(error, of: errorType) {
      let member = _memberName(call.form.identifier)
      let allowed =
        ObjectIdentifier(errorType) == ObjectIdentifier(Never.self) ? "cannot throw" : "throws only \(_render(type: errorType))"
      location.report("when failed - the stub for \(call.description) throws \(error), but \(member) \(allowed)")
      return self
    }
    return adding(.error(error))
  }

  /// Answers matching calls with what `body` returns for their arguments (a tuple for several
  /// parameters). `body` may throw; for a member that cannot throw, that is reported.
  ///
  /// ```swift
  /// when(service.$getAlbum(id: any())).thenAnswer { id in Album(id: id, name: "Album \(id)") }
  /// when(calculator.$add(any(), any())).thenAnswer { a, b in a + b }
  /// ```
  ///
  /// The arguments are the values passed to the call. A generated mock's member with `inout`
  /// parameters passes them `inout` instead (see ``InoutArguments``). Use this form
  /// for results that are not `Sendable`: `body` makes a new one each time.
  ///
  /// (Disfavored: for a handle whose `Arguments` are ``InoutArguments``, a closure of one
  /// parameter fits both forms, and the one that writes back is meant.)
  @_disfavoredOverload
  @discardableResult
  public func thenAnswer(_ body: @escaping @Sendable (Arguments) throws -> Value) -> Self {
    let description = call.description
    return adding(
      .body { arguments in
        guard let typed = arguments as? Arguments else {
          throw _AnswerArgumentsMismatch(call: description, arguments: arguments, expected: Arguments.self)
        }
        return try body(typed)
      })
  }

  /// Answers matching calls by running `body` on their arguments, `inout` ones `inout`: what
  /// `body` writes to them is what the caller's variables hold after the call. `body`'s result is
  /// the call's; it may throw (for a member that cannot throw, that is reported).
  ///
  /// ```swift
  /// when(adapter.$adapt(any(), attempt: eq(1))).thenAnswer { request, attempt in
  ///   request.headers["Authorization"] = "Bearer \(attempt)"
  /// }
  /// ```
  ///
  /// The call is recorded before `body` runs: verification sees the values as they were passed.
  /// A call that no stub answers, or that a `thenReturn` or `thenThrow` stub answers, leaves its
  /// `inout` arguments as they were.
  @discardableResult
  public func thenAnswer<Answer: Sendable>(_ body: Answer) -> Self where Arguments == InoutArguments<Answer> {
    adding(.writingBack(body))
  }
}

/// A `thenAnswer` closure reached by a call whose arguments are not the handle's `Arguments` (a
/// hand-written handle whose types disagree with the recording).
struct _AnswerArgumentsMismatch: Error, CustomStringConvertible {
  let description: String

  init(call: String, arguments: Any, expected: Any.Type) {
    description =
      "has a thenAnswer closure that takes \(_render(type: expected)), but the call passed "
      + _render(type: type(of: arguments))
  }
}

/// Whether `error` is an instance of `type` (a typed-throws member's error type).
private func _isInstance(_ error: any Error, of type: any Error.Type) -> Bool {
  func check<E: Error>(_: E.Type) -> Bool { error is E }
  return check(type)
}
