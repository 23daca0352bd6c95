// Fixed-arity overloads of `Mock.recordCall(withIdentifier:typedArguments:)`, for the same reason
// as `CallLog`'s (CallLog+Arity.swift): the compiler specializes these fully for the argument types
// at the call site, where a forwarded parameter pack would reach the log's unspecialized pack
// path (runtime tuple metadata and witness-table calls per argument). Each forwards to the
// `CallLog.record` overload of the same arity. Calls with more arguments use the parameter-pack
// form, with the same results.

extension Mock {
  /// Records a call with one typed argument (a fixed-arity form of the parameter-pack
  /// `recordCall(withIdentifier:typedArguments:)`, fully specialized at the call site).
  ///
  /// ```swift
  /// recordCall(withIdentifier: "fetch", typedArguments: 42)
  /// ```
  @inlinable
  public func recordCall<A0: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments a0: A0,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, a0, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 2 typed arguments (a fixed-arity form of the parameter-pack
  /// `recordCall(withIdentifier:typedArguments:)`, fully specialized at the call site).
  ///
  /// ```swift
  /// recordCall(withIdentifier: "fetch", typedArguments: 42, "users")
  /// ```
  @inlinable
  public func recordCall<A0: StructurallyEncodable, A1: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments a0: A0,
    _ a1: A1,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, a0, a1, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 3 typed arguments (a fixed-arity form of the parameter-pack
  /// `recordCall(withIdentifier:typedArguments:)`, fully specialized at the call site).
  ///
  /// ```swift
  /// recordCall(withIdentifier: "fetch", typedArguments: 42, "users", true)
  /// ```
  @inlinable
  public func recordCall<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments a0: A0,
    _ a1: A1,
    _ a2: A2,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, a0, a1, a2, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 4 typed arguments (a fixed-arity form of the parameter-pack
  /// `recordCall(withIdentifier:typedArguments:)`, fully specialized at the call site).
  ///
  /// ```swift
  /// recordCall(withIdentifier: "fetch", typedArguments: 42, "users", true, 1.5)
  /// ```
  @inlinable
  public func recordCall<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable, A3: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments a0: A0,
    _ a1: A1,
    _ a2: A2,
    _ a3: A3,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, a0, a1, a2, a3, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 5 typed arguments (a fixed-arity form of the parameter-pack
  /// `recordCall(withIdentifier:typedArguments:)`, fully specialized at the call site).
  ///
  /// ```swift
  /// recordCall(withIdentifier: "fetch", typedArguments: 42, "users", true, 1.5, "x")
  /// ```
  @inlinable
  public func recordCall<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable, A3: StructurallyEncodable, A4: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments a0: A0,
    _ a1: A1,
    _ a2: A2,
    _ a3: A3,
    _ a4: A4,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, a0, a1, a2, a3, a4, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call with 6 typed arguments (a fixed-arity form of the parameter-pack
  /// `recordCall(withIdentifier:typedArguments:)`, fully specialized at the call site).
  ///
  /// ```swift
  /// recordCall(withIdentifier: "fetch", typedArguments: 42, "users", true, 1.5, "x", 7)
  /// ```
  @inlinable
  public func recordCall<A0: StructurallyEncodable, A1: StructurallyEncodable, A2: StructurallyEncodable, A3: StructurallyEncodable, A4: StructurallyEncodable, A5: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments a0: A0,
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
    storage.log.record(identifier, a0, a1, a2, a3, a4, a5, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
