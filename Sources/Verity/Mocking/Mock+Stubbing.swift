import Foundation

/// A stub's answer converted to the member's result type.
enum _ConvertedAnswer<Value> {
  case value(Value)
  case error(any Error)
  /// The answer is nil and `Value` is not optional.
  case none
  /// The answer is of another type: the message says which.
  case mismatch(String)
}

extension _StubAnswer {
  /// The stubbed value when its dynamic type is exactly `type` (what `thenReturn` on a member's
  /// handle stores), for ``_exactCast(_:to:)``; nil for any other answer, which ``convert(to:arguments:)``
  /// handles.
  func _value(exactly type: Any.Type) -> (any Sendable)? {
    if case .value(let value) = self, ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(type) { return value }
    return nil
  }

  /// Runs the answer for a call with `arguments` and converts it to `Value`: nil (at any optional
  /// depth, or `NSNull`) becomes `Value`'s nil when `Value` is optional.
  func convert<Value>(to type: Value.Type, arguments: Any) -> _ConvertedAnswer<Value> {
    let produced: Any?
    switch self {
    case .error(let error): return .error(error)
    case .value(let value): produced = value
    case .body(let body):
      do {
        produced = try body(arguments)
      } catch let mismatch as _AnswerArgumentsMismatch {
        return .mismatch(mismatch.description)
      } catch {
        return .error(error)
      }
    case .writingBack:
      return .mismatch(
        "has a thenAnswer closure that writes back inout arguments, but the member answers without them "
          + "(a hand-written member answers it with MockStorage.answer(_:arguments:values:writingBack:))")
    }
    if let produced, let typed = produced as? Value { return .value(typed) }
    guard let produced, let present = _flattenOptional(produced) else {
      if let optionalType = Value.self as? any _OptionalProtocol.Type, let none = optionalType._none as? Value {
        return .value(none)
      }
      if Value.self == Void.self, let void = () as? Value { return .value(void) }
      return .none
    }
    if let typed = present as? Value { return .value(typed) }
    return .mismatch("returns \(_render(type: Swift.type(of: present))), not \(_render(type: Value.self))")
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
  /// Stubbing `nil` (`returning: Album?.none`) makes matching calls return nil, also over an
  /// earlier stub. An argument that holds a function cannot be compared: that is reported here.
  ///
  /// - Parameters:
  ///   - identifier: The identifier the fake records and looks its calls up with.
  ///   - arguments: Values and matchers, `.none`, or `.any` (the default): which calls it applies to.
  ///   - value: What matching calls return.
  ///   - fileID: The file a failure is reported in; leave the default (`#fileID`).
  ///   - filePath: The path of that file; leave the default (`#filePath`).
  ///   - line: The line a failure is reported at; leave the default (`#line`).
  ///   - column: The column a failure is reported at; leave the default (`#column`).
  public func stub<Value: Sendable>(
    withIdentifier identifier: String,
    arguments: Arguments = .any,
    returning value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _ = storage.addStub(
      ExpectedCall(identifier: identifier, arguments: arguments), .value(value), name: "stub",
      at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
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
    _ = storage.addStub(
      ExpectedCall(identifier: identifier, arguments: arguments), .error(error), name: "stub",
      at: _Location(fileID: fileID, filePath: filePath, line: line, column: column))
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
  ///
  /// The result is Optional (nil: no stub matched), so a member with a non-Optional result gives
  /// its own fallback:
  ///
  /// ```swift
  /// func album(id: Int) throws -> Album {
  ///   recordCall(withIdentifier: "album", arguments: [id])
  ///   return try stubbedValue(forIdentifier: "album", arguments: [id]) ?? Album(id: id, title: "")
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
    let location = _Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (stub, answer) = storage.nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: { arguments }) else {
      storage.reportUnexpectedCall(_renderCall(identifier, arguments), at: location)
      return nil
    }
    switch answer.convert(to: Value.self, arguments: arguments) {
    case .value(let value): return value
    case .none: return nil
    case .error(let error): throw error
    case .mismatch(let problem):
      reportFailure(
        "stubbedValue failed - the stub for \(stub.expected.description) \(problem)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return nil
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
    let location = _Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (stub, answer) = storage.nextAnswer(forIdentifier: identifier, resultType: Value.self, matching: { arguments }) else {
      storage.reportUnexpectedCall(_renderCall(identifier, arguments), at: location)
      return defaultValue()
    }
    switch answer.convert(to: Value.self, arguments: arguments) {
    case .value(let value):
      return value
    case .none:
      return defaultValue()
    case .error(let error):
      reportFailure(
        "stubbedValue failed - the stub for \(stub.expected.description) throws \(error), but this member cannot "
          + "throw; stub a value, or look the stub up with the throwing stubbedValue(forIdentifier:arguments:)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return defaultValue()
    case .mismatch(let problem):
      reportFailure(
        "stubbedValue failed - the stub for \(stub.expected.description) \(problem)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return defaultValue()
    }
  }

  /// Removes every stub.
  ///
  /// ```swift
  /// service.removeAllStubs()
  /// ```
  public func removeAllStubs() {
    storage._withStubs { list in
      list.stubs.removeAll()
      storage.stubCount.store(0, ordering: .releasing)
    }
  }

  /// Reports every stub that no call has used yet, at the stub's location.
  ///
  /// ```swift
  /// when(service.$getAlbum(id: eq(id))).thenReturn(album)
  /// await model.load()
  /// service.verifyAllStubsUsed()   // fails if load() never asked for that album
  /// ```
  ///
  /// A strict storage also runs this check when it is released (each unused stub is reported once).
  public func verifyAllStubsUsed(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    for stub in storage._withStubs({ $0.takeUnusedForReport() }) {
      stub.reportUnused(name: "verifyAllStubsUsed failed")
    }
  }
}
