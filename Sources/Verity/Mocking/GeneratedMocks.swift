// The run-time side of `@Mock` (VerityMacros): what generated mocks call. It is public because
// generated code lives in the user's module. What only generated code calls (`recordable`,
// `DynamicArgument`, `NonEscapingClosureArgument`, `_GeneratedMock`) is kept out of the
// documentation; what a hand-written mock may call too (the answers, `OwnershipArgument`,
// `UnstubbedCallError`) is documented.

/// What a throwing member of a generated mock throws when it is called with no matching stub and
/// its result has no default. The failure has been reported already; the error stops the code
/// under test.
public struct UnstubbedCallError: Error, CustomStringConvertible {
  /// The call, as `getAlbum(id: 42)`.
  public let call: String
  /// `unstubbed call to getAlbum(id: 42)`.
  ///
  /// ```swift
  /// do { _ = try await service.getAlbum(id: 42) } catch let error as UnstubbedCallError {
  ///   print(error)  // unstubbed call to getAlbum(id: 42)
  /// }
  /// ```
  public var description: String { "unstubbed call to \(call)" }
}

/// The hook `@Mock` uses to implement a protocol's initializer requirements: every generated mock
/// adopts it, and its designated initializer ``init(_verityStorage:)`` is the one the protocol's
/// initializers delegate to.
///
/// `@Mock` on a protocol `P` with `init(host: String)` writes the initializer (and its `$init`
/// handles) in `extension P where Self: Verity._GeneratedMock`, so the mock of a protocol that
/// inherits `P` gets it too, as it gets `P`'s other members. Generated code only: there is no
/// reason to adopt it by hand.
///
/// ```swift
/// extension Connection where Self: Verity._GeneratedMock {
///   init(host: String) {
///     self.init(_verityStorage: Verity.MockStorage())
///     self.storage.log.record("init(host:)", Verity.recordable(host))
///   }
/// }
/// ```
public protocol _GeneratedMock: Mock {
  /// Creates the mock with `storage` as its ``Mock/storage``: a new mock with no calls and no
  /// stubs.
  init(_verityStorage storage: MockStorage)
}

extension _GeneratedMock {
  /// Creates a mock with no calls and no stubs (`AlbumServiceMock()`). Failures that calls cause
  /// (in strict mode, or a call no stub can answer) are reported in the test: where it last
  /// stubbed or verified this mock, or else where it created it. Every generated mock has it
  /// from here, through its `init(_verityStorage:)`: `@Mock` writes no copy of it per mock.
  ///
  /// ```swift
  /// let service = AlbumServiceMock(strict: true)
  /// ```
  ///
  /// - Parameters:
  ///   - strict: report calls no stub answers, and stubs no call uses.
  ///   - fileID: The file the mock is created in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line the mock is created at; leave the default (`#line`).
  ///   - column: The column the mock is created at; leave the default (`#column`).
  public init(
    strict: Bool = false, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      _verityStorage: MockStorage(strict: strict, fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

// MARK: Recording arguments

/// An argument ready for the typed
/// ``CallLog/record(_:_:fileID:filePath:line:column:)-(_,A0,_,_,_,_)``: a value
/// whose type has a ``StructurallyEncodable`` conformance is recorded through it, as it is.
///
/// Generated mocks wrap every argument in `recordable(_:)`, so each one takes the fastest path its
/// type allows:
///
/// ```swift
/// storage.log.record("save(_:overwrite:)", recordable(album), recordable(overwrite))
/// ```
@_documentation(visibility: internal)
@inlinable
public func recordable<T: StructurallyEncodable>(_ value: T) -> T { value }

/// An argument of a type with no conformance, for the typed
/// ``CallLog/record(_:_:fileID:filePath:line:column:)-(_,A0,_,_,_,_)``: recorded by the dynamic
/// encoder (conformances of its dynamic type first, then reflection), as the `[Any?]` form records
/// it.
@_documentation(visibility: internal)
@_disfavoredOverload
@inlinable
public func recordable<T>(_ value: T) -> DynamicArgument<T> { DynamicArgument(value) }

/// A call argument of a type with no ``StructurallyEncodable`` conformance, made by
/// ``recordable(_:)-1o4dh``: the log records the value it wraps, by its dynamic type, and keeps
/// that value, never the wrapper.
///
/// The argument is read as the `[Any?]` form reads the same parameter: an `Optional` parameter
/// (`Any?`, `Album?`) is one optional layer, not a value inside another, so `nil`, `NSNull()` and
/// `Int?.none` passed to an `Any?` parameter all record as nil.
@_documentation(visibility: internal)
public struct DynamicArgument<Value>: StructurallyEncodable, _ArgumentWrapper {
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) { self.value = value }

  /// The argument as an element of an `[Any?]` argument list: what a call log keeps.
  /// (Inlinable, as ``encode(to:)`` is.)
  @inlinable
  public var keptArgument: Any? {
    // A value of a concrete, non-optional type is itself, with no cast (this runs for every
    // argument of a type with no conformance).
    if !_isOptional(Value.self), Swift.type(of: value) == Value.self { return value }
    return _keptArgumentLookingThrough
  }

  /// ``keptArgument`` for an optional, or an existential (`Any`, `any Sendable`) that may hold
  /// one: looked through.
  @usableFromInline
  var _keptArgumentLookingThrough: Any? {
    if let optional = value as? any _OptionalProtocol { return optional._wrappedValue }
    return value
  }

  /// Writes the wrapped value. As a whole call argument, it also tells the log to record the
  /// wrapped value's dynamic type and keep that value (``keptArgument``), as the `[Any?]` form
  /// records the same parameter. (Inlinable: specialized in the mock's module for its
  /// argument's type, the type checks below are answered when the mock is built.)
  @inlinable
  public func encode(to encoder: inout StructureEncoder) {
    // A value of a concrete, non-optional type other than `Any` or a JSON tree is recorded as
    // `Value`. A pure value (a plain struct of scalars, strings and arrays, say) is kept by a
    // mock's log and written only if a query needs its bytes, which `Value` decides before the
    // value is boxed.
    if !_isOptional(Value.self), Value.self != Any.self, Value.self != [Any].self, Value.self != [String: Any].self,
      Swift.type(of: value) == Value.self
    {
      encoder.noteWrappedArgument(Self.self, type: Value.self)
      if encoder._deferArgument(ofType: Value.self) { return }
      encoder.encode(any: value)
      return
    }
    _encodeLookingThrough(to: &encoder)
  }

  /// ``encode(to:)`` for an optional or existential value (or a JSON tree), looked through as the
  /// `[Any?]` form.
  @usableFromInline
  func _encodeLookingThrough(to encoder: inout StructureEncoder) {
    let argument = keptArgument
    var contentsArePlain = true
    let type: Any.Type?
    if _isOptional(Value.self) || Value.self == Any.self {
      type = _argumentType(ofDynamic: argument, contentsArePlain: &contentsArePlain)
    } else {
      let dynamicType = Swift.type(of: value)
      let id = ObjectIdentifier(dynamicType)
      if id == _jsonTreeTypes.0 || id == _jsonTreeTypes.1 { contentsArePlain = _isPlainJSONTree(value) }
      type = dynamicType
    }
    encoder.noteWrappedArgument(Self.self, type: type, contentsArePlain: contentsArePlain)
    if let argument, encoder._deferArgument(argument) { return }
    encoder.encode(any: argument)
  }
}

/// A non-escaping closure argument of a generated mock: recorded as a function of its type (it
/// cannot be kept), so it matches `any()` and captors see nothing.
@_documentation(visibility: internal)
public struct NonEscapingClosureArgument: StructurallyEncodable {
  let typeName: String

  /// - Parameter typeName: the closure's type as written, such as `(Int) -> Void`.
  public init(typeName: String) { self.typeName = typeName }

  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeOpaque(typeName: typeName, description: "<function \(typeName)>")
    encoder._noteIncomparable(.function)
  }
}

/// A `borrowing` or `consuming` argument of a generated mock (its type may be noncopyable, so the
/// mock cannot keep or copy it): recorded as a placeholder naming its type, so it matches `any()`,
/// and `thenAnswer` receives the placeholder.
///
/// ```swift
/// verify(executor.$enqueue(any()))   // func enqueue(_ job: consuming ExecutorJob)
/// ```
public struct OwnershipArgument: StructurallyEncodable, Sendable, CustomStringConvertible {
  /// The parameter's type as written, such as `ExecutorJob`.
  ///
  /// ```swift
  /// OwnershipArgument(typeName: "ExecutorJob").typeName   // "ExecutorJob"
  /// ```
  public let typeName: String

  /// The placeholder for a parameter of type `typeName`; generated mocks record it in place of
  /// the argument.
  ///
  /// ```swift
  /// storage.log.record("enqueue(_:)", OwnershipArgument(typeName: "ExecutorJob"))
  /// ```
  ///
  /// - Parameter typeName: the parameter's type as written, such as `ExecutorJob`.
  public init(typeName: String) { self.typeName = typeName }

  /// How the placeholder reads in messages.
  ///
  /// ```swift
  /// OwnershipArgument(typeName: "ExecutorJob").description   // "<ExecutorJob>"
  /// ```
  public var description: String { "<\(typeName)>" }

  /// Writes the placeholder as an opaque value named for its type (every placeholder of one type
  /// has the same structure, so `any()` and the placeholder itself match it).
  ///
  /// ```swift
  /// let structure = Structure(OwnershipArgument(typeName: "ExecutorJob"))   // calls encode(to:)
  /// ```
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeOpaque(typeName: typeName, description: description)
  }
}

// MARK: Answering calls

extension MockStorage {
  /// The answer to a call of a generated mock's member that cannot throw: the next answer of the
  /// last matching stub, else the result's default; else the failure is reported and the test
  /// process stops (a member that cannot throw has no other way out).
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  @inlinable
  public func answer<Arguments, Value>(
    _ identifier: String,
    arguments: Arguments,
    values: @autoclosure () -> [Any?],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Value {
    // `return`, not an implicit one: a body of type `Never` returns for any result type, so
    // without it `{ fatalError() }` would make `Never` the looked-up type.
    return _lookUpAnswer(
      identifier, arguments: arguments, values: values(), hasUnstubbed: false, unstubbed: { fatalError() },
      fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// As ``answer(_:arguments:values:fileID:filePath:line:column:)``, but a call no stub answers
  /// returns `unstubbed` (reported in strict mode) instead of the result type's default. A
  /// generated `==` between two mocks answers identity (`lhs === rhs`) this way.
  ///
  /// ```swift
  /// return storage.answer("==(_:_:)", arguments: (lhs, rhs), values: [lhs, rhs], unstubbed: lhs === rhs) as Bool
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  ///   - unstubbed: The answer when no stub matches (evaluated only then).
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  public func answer<Arguments, Value>(
    _ identifier: String,
    arguments: Arguments,
    values: @autoclosure () -> [Any?],
    unstubbed: @autoclosure () -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Value {
    _lookUpAnswer(
      identifier, arguments: arguments, values: values(), hasUnstubbed: true, unstubbed: unstubbed,
      fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// What both `answer`s do: the next answer of the last matching stub, else the unanswered
  /// call's (`unstubbed`, the default, or a report).
  @usableFromInline
  func _lookUpAnswer<Arguments, Value>(
    _ identifier: String,
    arguments: Arguments,
    values: @autoclosure () -> [Any?],
    hasUnstubbed: Bool,
    unstubbed: () -> Value,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> Value {
    // The member's own location (the protocol's `@Mock` line, in the app's source) is only the
    // fallback: a failure a call causes is reported in the test (see `reportingLocation(or:)`,
    // looked up only when something is reported).
    let location = _Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else {
      return _unanswered(identifier, values: values, hasUnstubbed: hasUnstubbed, unstubbed: unstubbed, at: location)
    }
    return _stubbedAnswer(answer, of: stub, identifier, arguments: arguments)
  }

  /// A stub's answer as the member's result, or the member's default after a report. A function
  /// of its own: the generic enum it switches over costs a metadata lookup that a call no stub
  /// answers (most calls) then does not pay.
  func _stubbedAnswer<Arguments, Value>(
    _ answer: _StubAnswer, of stub: Stub, _ identifier: String, arguments: Arguments
  ) -> Value {
    if let value = answer._value(exactly: Value.self) { return _exactCast(value, to: Value.self) }
    return _convertedAnswer(answer, of: stub, identifier, arguments: arguments)
  }

  /// ``_stubbedAnswer(_:of:_:arguments:)`` past its fast path, out of line: the generic enum it
  /// switches over would otherwise have its metadata looked up on every stubbed call.
  @inline(never)
  func _convertedAnswer<Arguments, Value>(
    _ answer: _StubAnswer, of stub: Stub, _ identifier: String, arguments: Arguments
  ) -> Value {
    switch answer.convert(to: Value.self, arguments: arguments) {
    case .value(let value):
      return value
    case .none:
      return _badAnswer("returns nil, not \(_render(type: Value.self))", stub: stub)
    case .error(let error):
      return _badAnswer("throws \(error), but \(_memberName(identifier)) cannot throw", stub: stub)
    case .mismatch(let problem):
      return _badAnswer(problem, stub: stub)
    }
  }

  /// The answer to a call of a generated mock's throwing member: as
  /// ``answer(_:arguments:values:fileID:filePath:line:column:)``, but a stubbed error is thrown,
  /// and an unanswerable call reports its failure and throws ``UnstubbedCallError``.
  public func answerThrowing<Arguments, Value>(
    _ identifier: String,
    arguments: Arguments,
    values: @autoclosure () -> [Any?],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Value {
    // (The member's own location is only the fallback, as in `_lookUpAnswer`.)
    let location = _Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else {
      return try _unansweredThrowing(identifier, values: values, at: location)
    }
    if let value = answer._value(exactly: Value.self) { return _exactCast(value, to: Value.self) }
    return try _convertedThrowingAnswer(answer, of: stub, identifier, arguments: arguments)
  }

  /// ``answerThrowing(_:arguments:values:fileID:filePath:line:column:)`` past its fast path, out of
  /// line (see ``_convertedAnswer(_:of:_:arguments:)``).
  @inline(never)
  func _convertedThrowingAnswer<Arguments, Value>(
    _ answer: _StubAnswer, of stub: Stub, _ identifier: String, arguments: Arguments
  ) throws -> Value {
    switch answer.convert(to: Value.self, arguments: arguments) {
    case .value(let value):
      return value
    case .error(let error):
      throw error
    case .none:
      throw _badThrowingAnswer("returns nil, not \(_render(type: Value.self))", stub: stub)
    case .mismatch(let problem):
      throw _badThrowingAnswer(problem, stub: stub)
    }
  }

  /// A typed-throws member's error: the stubbed error when it has the member's error type.
  /// Anything else is reported in the test (where it last stubbed or verified the mock, or created
  /// it), then answered with the error type's default when it is ``MockDefaultable``; otherwise the
  /// member has no error it may throw, so the process stops. Generated mocks call
  /// ``typedErrorMismatch(_:as:_:fileID:filePath:line:column:)`` instead, which can answer a
  /// default result first.
  ///
  /// ```swift
  /// catch { throw storage.typedError(error, as: AlbumError.self, "validate(_:)") }
  /// ```
  public func typedError<E: Error>(
    _ error: any Error,
    as type: E.Type,
    _ identifier: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> E {
    if let typed = error as? E { return typed }
    let message = _reportTypedErrorMismatch(
      error, as: type, identifier, at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
    if let defaultError = _mockDefaultValue(E.self) { return defaultError }
    fatalError(_typedThrowsStopMessage(message, result: nil, error: E.self))
  }

  /// The answer of a typed-throws member whose stub threw an error of another type (only a
  /// `thenAnswer` closure can: `thenThrow` refuses such an error at the `when` line) or whose call
  /// no stub answers: reported in the test, then answered with the result's default, or else
  /// by throwing the error type's default (both from ``MockDefaultable``). With neither there is
  /// no value to return and no error the member may throw, so the process stops, with a message
  /// that says to stub the call or conform one of the two types to ``MockDefaultable``.
  ///
  /// ```swift
  /// do {
  ///   return try storage.answerThrowing("validate(_:)", arguments: album, values: [album]) as Album
  /// } catch let error as AlbumError {
  ///   throw error
  /// } catch {
  ///   return try storage.typedErrorMismatch(error, as: AlbumError.self, "validate(_:)") as Album
  /// }
  /// ```
  public func typedErrorMismatch<E: Error, Value>(
    _ error: any Error,
    as type: E.Type,
    _ identifier: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(E) -> Value {
    let message = _reportTypedErrorMismatch(
      error, as: type, identifier, at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
    if let value = _mockDefaultValue(Value.self) { return value }
    if let defaultError = _mockDefaultValue(E.self) { throw defaultError }
    fatalError(_typedThrowsStopMessage(message, result: Value.self, error: E.self))
  }

  /// Reports (once) that `error` is not the member's error type, in the test; returns the message.
  private func _reportTypedErrorMismatch<E: Error>(
    _ error: any Error, as type: E.Type, _ identifier: String, at fallback: _Location
  ) -> String {
    if let unstubbed = error as? UnstubbedCallError {
      // Reported already, in the test, by the unanswered call.
      return "\(unstubbed): \(_memberName(identifier)) throws only \(_render(type: E.self))"
    }
    let message = "\(_memberName(identifier)) failed - a stub throws \(error), but \(_memberName(identifier)) throws only \(_render(type: E.self))"
    reportingLocation(or: fallback).report(message)
    return message
  }

  /// The answer to a call no stub answers: `unstubbed`'s when there is one (`hasUnstubbed`), else
  /// the result type's default (reported in strict mode); without one, the failure is reported
  /// and the process stops. `values` is only evaluated for a message. (A flag and a plain closure
  /// rather than an optional answer: an optional of a generic result costs a metadata lookup on
  /// every unstubbed call.)
  func _unanswered<Value>(
    _ identifier: String, values: () -> [Any?], hasUnstubbed: Bool, unstubbed: () -> Value, at fallback: _Location
  ) -> Value {
    if hasUnstubbed || _hasMockDefault(Value.self) {
      if isStrict { reportUnexpectedCall(_renderCall(identifier, values()), at: reportingLocation(or: fallback)) }
      return hasUnstubbed ? unstubbed() : _mockDefault(Value.self)
    }
    let message = _unstubbedMessage(identifier, values: values(), result: Value.self)
    reportingLocation(or: fallback).report(message)
    fatalError(message)
  }

  /// As `_unanswered`, but throws ``UnstubbedCallError`` after reporting.
  func _unansweredThrowing<Value>(
    _ identifier: String, values: () -> [Any?], at fallback: _Location
  ) throws -> Value {
    if let value = _mockDefaultValue(Value.self) {
      if isStrict { reportUnexpectedCall(_renderCall(identifier, values()), at: reportingLocation(or: fallback)) }
      return value
    }
    let values = values()
    reportingLocation(or: fallback).report(_unstubbedMessage(identifier, values: values, result: Value.self))
    throw UnstubbedCallError(call: _renderCall(identifier, values))
  }

  private func _unstubbedMessage(_ identifier: String, values: [Any?], result: Any.Type) -> String {
    "unstubbed call to \(_renderCall(identifier, values)): no stub matches, and its result type "
      + "\(_render(type: result)) has no default value; stub it with when(…).thenReturn(…), "
      + "or conform \(_render(type: result)) to MockDefaultable"
  }

  /// Reports a stub whose answer does not fit the member, at the stub's own line (its `when`).
  func _badAnswer<Value>(_ problem: String, stub: Stub) -> Value {
    let message = _reportBadAnswer(problem, stub: stub)
    if let value = _mockDefaultValue(Value.self) { return value }
    fatalError(message)
  }

  /// ``_badAnswer(_:stub:)`` for a throwing member: reported the same way, then the error it throws.
  func _badThrowingAnswer(_ problem: String, stub: Stub) -> UnstubbedCallError {
    _ = _reportBadAnswer(problem, stub: stub)
    return UnstubbedCallError(call: stub.expected.description)
  }

  private func _reportBadAnswer(_ problem: String, stub: Stub) -> String {
    let message = "\(_memberName(stub.expected.identifier)) failed - the stub for \(stub.expected.description) \(problem)"
    stub.location.report(message)
    return message
  }
}

/// What stops the process when a typed-throws member has neither a result nor an error to answer
/// with: `problem` (the failure already reported), and what to do about it.
func _typedThrowsStopMessage(_ problem: String, result: Any.Type?, error: any Error.Type) -> String {
  let errorType = _render(type: error)
  guard let result else {
    return "\(problem); \(errorType) has no default value: stub the call with when(…).thenThrow(…), "
      + "or conform \(errorType) to MockDefaultable"
  }
  let resultType = _render(type: result)
  return "\(problem); neither its result type \(resultType) nor its error type \(errorType) has a default value: "
    + "stub it with when(…).thenReturn(…), or conform \(resultType) or \(errorType) to MockDefaultable"
}

/// `getAlbum(id:)` for a selector, `name` for an accessor (`get name`), the identifier otherwise.
func _memberName(_ identifier: String) -> String {
  if identifier.hasPrefix("get ") || identifier.hasPrefix("set ") { return String(identifier.dropFirst(4)) }
  return identifier
}
