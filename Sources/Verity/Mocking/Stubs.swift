/// A stubbed outcome for calls matching an identifier and arguments.
struct Stub: Sendable {
  let expected: ExpectedCall
  let outcome: Result<any Sendable, any Error>
}

extension MockStorage {
  /// The last stub for `identifier` whose arguments match a call being made now.
  func lastStub(forIdentifier identifier: String, matching arguments: [Any?]) -> Stub? {
    let candidates = stubs.withLock { stubs in stubs.filter { $0.expected.identifier == identifier } }
    return candidates.last(where: { $0.expected.matches(values: arguments) })
  }
}

extension Stub {
  /// The stubbed value as a `Value`: nil for a stubbed nil (at any optional depth, or `NSNull`),
  /// which is what a stub of `Album?.none` means; a value of another type is reported and gives
  /// nil.
  func value<Value>(
    as type: Value.Type, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Value? {
    guard case .success(let value) = outcome else { return nil }
    if let typed = value as? Value { return typed }
    guard let present = _flattenOptional(value) else { return nil }
    if let typed = present as? Value { return typed }
    reportFailure(
      "stubbedValue failed - the stub for \(expected.description) returns \(_render(type: Swift.type(of: present))), not \(_render(type: Value.self))",
      fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

extension Mock {
  /// Makes later calls matching `identifier` and `arguments` return `value`.
  ///
  /// Stubs are looked up at call time with ``stubbedValue(forIdentifier:arguments:as:fileID:filePath:line:column:)``;
  /// when several match, the one added last wins.
  ///
  /// ```swift
  /// final class FakeAlbumService: AlbumService, Mock {
  ///   let storage = MockStorage()
  ///   func album(id: Int) throws -> Album? {
  ///     recordCall(withIdentifier: "album", arguments: [id])
  ///     return try stubbedValue(forIdentifier: "album", arguments: [id])
  ///   }
  /// }
  ///
  /// service.stub(withIdentifier: "album", arguments: [any()], returning: Album.placeholder)
  /// service.stub(withIdentifier: "album", arguments: [42], returning: Album.answer)
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: Values and matchers, `.none`, or `.any` (the default): which calls it applies to.
  ///
  /// Stubbing `nil` (`returning: Album?.none`) makes matching calls return nil, also over an
  /// earlier stub. An argument that holds a function cannot be compared: that is reported here.
  public func stub<Value: Sendable>(
    withIdentifier identifier: String,
    arguments: Arguments = .any,
    returning value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let expected = ExpectedCall(identifier: identifier, arguments: arguments)
    if let problem = expected.incomparableMessage(name: "stub") {
      reportFailure(problem, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    let stub = Stub(expected: expected, outcome: .success(value))
    storage.stubs.withLock { $0.append(stub) }
  }

  /// Makes later calls matching `identifier` and `arguments` throw `error`.
  ///
  /// ```swift
  /// service.stub(withIdentifier: "album", arguments: [-1], throwing: AlbumError.notFound)
  /// ```
  public func stub(
    withIdentifier identifier: String,
    arguments: Arguments = .any,
    throwing error: any Error,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let expected = ExpectedCall(identifier: identifier, arguments: arguments)
    if let problem = expected.incomparableMessage(name: "stub") {
      reportFailure(problem, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    let stub = Stub(expected: expected, outcome: .failure(error))
    storage.stubs.withLock { $0.append(stub) }
  }

  /// The stubbed outcome for a call being made now: the value of the last matching stub, nil when no
  /// stub matches; throws the error of a throwing stub.
  ///
  /// A matching stub whose value is not a `Value` is a test bug: it is reported as a failure and
  /// nil is returned.
  ///
  /// ```swift
  /// func album(id: Int) throws -> Album? {
  ///   recordCall(withIdentifier: "album", arguments: [id])
  ///   return try stubbedValue(forIdentifier: "album", arguments: [id])
  /// }
  /// ```
  public func stubbedValue<Value>(
    forIdentifier identifier: String,
    arguments: [Any?] = [],
    as type: Value.Type = Value.self,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Value? {
    guard let stub = storage.lastStub(forIdentifier: identifier, matching: arguments) else { return nil }
    switch stub.outcome {
    case .failure(let error):
      throw error
    case .success:
      return stub.value(as: Value.self, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// The stubbed value for a call being made now, or `defaultValue` when no stub matches: the
  /// form for members that cannot throw, with no `try`.
  ///
  /// A matching stub that throws cannot be honoured here: that is reported, and `defaultValue` is
  /// returned. So is a stub whose value is not a `Value`.
  ///
  /// ```swift
  /// func title(for id: Int) -> String {
  ///   recordCall(withIdentifier: "title", arguments: [id])
  ///   return stubbedValue(forIdentifier: "title", arguments: [id], default: "")
  /// }
  /// ```
  public func stubbedValue<Value>(
    forIdentifier identifier: String,
    arguments: [Any?] = [],
    default defaultValue: @autoclosure () -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Value {
    guard let stub = storage.lastStub(forIdentifier: identifier, matching: arguments) else { return defaultValue() }
    switch stub.outcome {
    case .failure(let error):
      reportFailure(
        "stubbedValue failed - the stub for \(stub.expected.description) throws \(error), but this member cannot "
          + "throw; stub a value, or look the stub up with the throwing stubbedValue(forIdentifier:arguments:)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return defaultValue()
    case .success:
      guard let value = stub.value(as: Value.self, fileID: fileID, filePath: filePath, line: line, column: column)
      else {
        // A nil stub for an optional `Value`, or a mismatch already reported.
        if let optionalType = Value.self as? any _OptionalProtocol.Type, let none = optionalType._none as? Value {
          return none
        }
        return defaultValue()
      }
      return value
    }
  }

  /// Removes every stub.
  ///
  /// ```swift
  /// service.removeAllStubs()
  /// ```
  public func removeAllStubs() {
    storage.stubs.withLock { $0.removeAll() }
  }
}
