import Synchronization

// The run-time side of spies: a generated mock created with `init(spying:)` keeps the real object
// in its storage's ``MockSpy``, records every call, answers a call that a stub matches from the
// stub, and passes any other call to the real object.

/// The real object a spying mock passes calls to (a generated mock's `init(spying:)` makes one).
///
/// It holds the object behind a lock, so a value-type object (a `struct` that conforms to the
/// protocol) keeps what its setters and `mutating` members change: a generated member that
/// changes the object takes it out, calls the member, and puts it back (``putBack(_:)``).
/// Two calls that change a value-type object at the same time each start from the object as it
/// was: the one that finishes last is kept.
///
/// ```swift
/// let handler = LogHandlerMock(spying: StreamLogHandler.standardOutput(label: "app"))
/// handler.storage.spy?.object is StreamLogHandler   // true
/// ```
public final class MockSpy: Sendable {
  let _object: Mutex<any Sendable>
  /// Whether the mock that holds this spy runs on the real object's serial executor: a generated
  /// actor mock made with `init(spying:)` does, so its synchronous isolated members call the real
  /// actor without `await`. A mock that does not answers them from its stubs.
  ///
  /// ```swift
  /// InboxMock(spying: RealInbox()).storage.spy?.sharesExecutor   // true
  /// ```
  public let sharesExecutor: Bool

  /// A spy on `object`.
  ///
  /// ```swift
  /// let storage = MockStorage(spying: MockSpy(RealClock()))
  /// ```
  ///
  /// - Parameter object: the real object calls go to.
  public init(_ object: any Sendable) {
    _object = Mutex(object)
    sharesExecutor = false
  }

  /// A spy on the actor `object`, for a mock actor that runs on `object`'s serial executor (its
  /// `unownedExecutor` is `object`'s, and never changes): what a generated actor mock's
  /// `init(spying:)` makes, together with that executor. Generated code only: a storage made with
  /// it for a mock that runs elsewhere gets each call it would pass on reported, not made (see
  /// `_callSharingExecutor`).
  ///
  /// ```swift
  /// let storage = MockStorage(spying: MockSpy(_sharingExecutorOf: realInbox))
  /// ```
  ///
  /// - Parameter object: the real actor calls go to, whose executor the mock shares.
  @_documentation(visibility: internal)
  public init(_sharingExecutorOf object: any Actor) {
    _object = Mutex(object)
    sharesExecutor = true
  }

  private var _token: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

  /// The real object, as it is now.
  ///
  /// ```swift
  /// let clock = mock.storage.spy?.object as? RealClock
  /// ```
  public var object: any Sendable {
    _object._withLock(token: _token) { object -> sending any Sendable in
      let copy = object
      return copy
    }
  }

  /// The real object as `type` (what generated members call: `spy.object(as: (any Clock & Sendable).self)`),
  /// or nil when it is not one.
  ///
  /// ```swift
  /// if let real = spy.object(as: (any Clock & Sendable).self) { return real.now() }
  /// ```
  public func object<T>(as type: T.Type) -> T? {
    object as? T
  }

  /// Makes `object` the real object: a generated setter or `mutating` member puts back the object
  /// it changed (a value-type object is changed in a copy). `inout`, so a generated member may
  /// hold the object in a `var` whatever the protocol (a class-bound one's setter changes no
  /// variable).
  ///
  /// ```swift
  /// var real = spy.object(as: (any LogHandler & Sendable).self)!
  /// defer { spy.putBack(&real) }
  /// real.logLevel = .debug
  /// ```
  public func putBack<T: Sendable>(_ object: inout T) {
    let copy: any Sendable = object
    _object._withLock(token: _token) { $0 = copy }
  }
}

extension MockStorage {
  /// Creates empty storage for a mock that spies on `spy`'s object, created at the given location
  /// (see ``init(strict:fileID:filePath:line:column:)``): a generated mock's `init(spying:)`.
  ///
  /// ```swift
  /// storage = MockStorage(spying: MockSpy(real), strict: strict, fileID: fileID, filePath: filePath, line: line, column: column)
  /// ```
  ///
  /// - Parameters:
  ///   - spy: the real object calls that no stub matches go to.
  ///   - strict: report stubs that no call uses (a call no stub matches goes to the real object,
  ///     and is not reported).
  public convenience init(
    spying spy: MockSpy, strict: Bool = false, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(strict: strict, spy: spy)
    noteTestLocation(_Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A spying mock's answer from a stub: the next answer of the last stub that matches the call,
  /// or nil when none does (the generated member then calls the real object). A member that cannot
  /// throw reports a stubbed error at the stub's line, as an ordinary mock's does.
  ///
  /// ```swift
  /// if let value = storage.stubbedAnswer("now()", arguments: (), values: []) as Date? { return value }
  /// return real.now()
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  public func stubbedAnswer<Arguments, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?]
  ) -> Value? {
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else { return nil }
    return .some(_stubbedAnswer(answer, of: stub, identifier, arguments: arguments) as Value)
  }

  /// As ``stubbedAnswer(_:arguments:values:)``, for a throwing member: a stubbed error is thrown.
  ///
  /// ```swift
  /// if let value = try storage.stubbedAnswerThrowing("load(id:)", arguments: id, values: [id]) as Album? {
  ///   return value
  /// }
  /// return try await real.load(id: id)
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The member's identifier, as its calls are recorded.
  ///   - arguments: The typed arguments, for `thenAnswer`.
  ///   - values: The same arguments for stub matchers (evaluated only when stubs exist).
  public func stubbedAnswerThrowing<Arguments, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?]
  ) throws -> Value? {
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else { return nil }
    if let value = answer._value(exactly: Value.self) { return .some(_exactCast(value, to: Value.self)) }
    return .some(try _convertedThrowingAnswer(answer, of: stub, identifier, arguments: arguments) as Value)
  }

  /// As ``stubbedAnswer(_:arguments:values:)``, for a member with `inout` parameters: a
  /// write-back answer (see ``InoutArguments``) runs through `writingBack` on the caller's
  /// arguments.
  public func stubbedAnswer<Arguments, Answer, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?],
    writingBack: (Answer) throws -> Value
  ) -> Value? {
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else { return nil }
    return .some(_writeBackAnswer(answer, of: stub, identifier, arguments: arguments, writingBack: writingBack))
  }

  /// As ``stubbedAnswerThrowing(_:arguments:values:)``, for a member with `inout` parameters.
  public func stubbedAnswerThrowing<Arguments, Answer, Value>(
    _ identifier: String, arguments: Arguments, values: @autoclosure () -> [Any?],
    writingBack: (Answer) throws -> Value
  ) throws -> Value? {
    guard let (stub, answer) = nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: values) else { return nil }
    return .some(try _writeBackAnswerThrowing(answer, of: stub, identifier, arguments: arguments, writingBack: writingBack))
  }
}
