// Fixed-arity overloads of `CallLog.record(_:_:)`. The compiler specializes these fully for the
// argument types at the call site (it doesn't yet specialize parameter-pack expansions), so the
// common calls with up to six arguments encode with direct calls and no witness-table dispatch.
// Calls with more arguments use the parameter-pack `record(_:_:)`, with the same results.

extension CallLog {
  /// Records a call with no arguments (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch")
  /// ```
  @inlinable
  public func record(
    _ method: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _commit(
      method, argumentCount: 0, encoder: _takeEncoder(), failure: nil, types: _ArgumentTypes(),
      contentsArePlain: true, retain: { $0.append([]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with one typed argument (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch", 42)
  /// ```
  @inlinable
  public func record<A0: StructurallyEncodable>(
    _ method: String,
    _ a0: A0,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    encoder._encodeArgument(a0, count: &count, failure: &failure)
    var types = _ArgumentTypes()
    var plain = true
    types.append(argument: a0, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: plain, retain: { $0.append([a0._verityArgumentValue]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 2 typed arguments (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch", 42, "users")
  /// ```
  @inlinable
  public func record<A0: StructurallyEncodable, A1: StructurallyEncodable>(
    _ method: String,
    _ a0: A0,
    _ a1: A1,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    encoder._encodeArgument(a0, count: &count, failure: &failure)
    encoder._encodeArgument(a1, count: &count, failure: &failure)
    var types = _ArgumentTypes()
    var plain = true
    types.append(argument: a0, plain: &plain)
    types.append(argument: a1, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: plain, retain: { $0.append([a0._verityArgumentValue, a1._verityArgumentValue]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 3 typed arguments (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch", 42, "users", true)
  /// ```
  @inlinable
  public func record<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable>(
    _ method: String,
    _ a0: A0,
    _ a1: A1,
    _ a2: A2,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    encoder._encodeArgument(a0, count: &count, failure: &failure)
    encoder._encodeArgument(a1, count: &count, failure: &failure)
    encoder._encodeArgument(a2, count: &count, failure: &failure)
    var types = _ArgumentTypes()
    var plain = true
    types.append(argument: a0, plain: &plain)
    types.append(argument: a1, plain: &plain)
    types.append(argument: a2, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: plain, retain: { $0.append([a0._verityArgumentValue, a1._verityArgumentValue, a2._verityArgumentValue]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 4 typed arguments (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch", 42, "users", true, 1.5)
  /// ```
  @inlinable
  public func record<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable, A3: StructurallyEncodable>(
    _ method: String,
    _ a0: A0,
    _ a1: A1,
    _ a2: A2,
    _ a3: A3,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    encoder._encodeArgument(a0, count: &count, failure: &failure)
    encoder._encodeArgument(a1, count: &count, failure: &failure)
    encoder._encodeArgument(a2, count: &count, failure: &failure)
    encoder._encodeArgument(a3, count: &count, failure: &failure)
    var types = _ArgumentTypes()
    var plain = true
    types.append(argument: a0, plain: &plain)
    types.append(argument: a1, plain: &plain)
    types.append(argument: a2, plain: &plain)
    types.append(argument: a3, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: plain, retain: { $0.append([a0._verityArgumentValue, a1._verityArgumentValue, a2._verityArgumentValue, a3._verityArgumentValue]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 5 typed arguments (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch", 42, "users", true, 1.5, "x")
  /// ```
  @inlinable
  public func record<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable, A3: StructurallyEncodable, A4: StructurallyEncodable>(
    _ method: String,
    _ a0: A0,
    _ a1: A1,
    _ a2: A2,
    _ a3: A3,
    _ a4: A4,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    encoder._encodeArgument(a0, count: &count, failure: &failure)
    encoder._encodeArgument(a1, count: &count, failure: &failure)
    encoder._encodeArgument(a2, count: &count, failure: &failure)
    encoder._encodeArgument(a3, count: &count, failure: &failure)
    encoder._encodeArgument(a4, count: &count, failure: &failure)
    var types = _ArgumentTypes()
    var plain = true
    types.append(argument: a0, plain: &plain)
    types.append(argument: a1, plain: &plain)
    types.append(argument: a2, plain: &plain)
    types.append(argument: a3, plain: &plain)
    types.append(argument: a4, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: plain, retain: { $0.append([a0._verityArgumentValue, a1._verityArgumentValue, a2._verityArgumentValue, a3._verityArgumentValue, a4._verityArgumentValue]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 6 typed arguments (a fixed-arity form of the parameter-pack `record`, fully
  /// specialized at the call site).
  ///
  /// ```swift
  /// log.record("fetch", 42, "users", true, 1.5, "x", 7)
  /// ```
  @inlinable
  public func record<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable, A3: StructurallyEncodable, A4: StructurallyEncodable, A5: StructurallyEncodable>(
    _ method: String,
    _ a0: A0,
    _ a1: A1,
    _ a2: A2,
    _ a3: A3,
    _ a4: A4,
    _ a5: A5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    encoder._encodeArgument(a0, count: &count, failure: &failure)
    encoder._encodeArgument(a1, count: &count, failure: &failure)
    encoder._encodeArgument(a2, count: &count, failure: &failure)
    encoder._encodeArgument(a3, count: &count, failure: &failure)
    encoder._encodeArgument(a4, count: &count, failure: &failure)
    encoder._encodeArgument(a5, count: &count, failure: &failure)
    var types = _ArgumentTypes()
    var plain = true
    types.append(argument: a0, plain: &plain)
    types.append(argument: a1, plain: &plain)
    types.append(argument: a2, plain: &plain)
    types.append(argument: a3, plain: &plain)
    types.append(argument: a4, plain: &plain)
    types.append(argument: a5, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: plain, retain: { $0.append([a0._verityArgumentValue, a1._verityArgumentValue, a2._verityArgumentValue, a3._verityArgumentValue, a4._verityArgumentValue, a5._verityArgumentValue]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
