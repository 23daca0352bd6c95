/// A stubbed outcome for calls matching an identifier and arguments.
struct Stub: Sendable {
  let expected: ExpectedCall
  let outcome: Result<any Sendable, any Error>
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
  public func stub<Value: Sendable>(
    withIdentifier identifier: String,
    arguments: Arguments = .any,
    returning value: Value
  ) {
    let stub = Stub(expected: ExpectedCall(identifier: identifier, arguments: arguments), outcome: .success(value))
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
    throwing error: any Error
  ) {
    let stub = Stub(expected: ExpectedCall(identifier: identifier, arguments: arguments), outcome: .failure(error))
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
    let candidates = storage.stubs.withLock { stubs in
      stubs.filter { $0.expected.identifier == identifier }
    }
    guard let stub = candidates.last(where: { $0.expected.matches(values: arguments) }) else {
      return nil
    }
    switch stub.outcome {
    case .failure(let error):
      throw error
    case .success(let value):
      if let value = value as? Value { return value }
      reportFailure(
        "stubbedValue failed - the stub for \(stub.expected.description) returns \(Swift.type(of: value)), not \(Value.self)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return nil
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
