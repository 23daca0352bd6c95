extension Mock {
  /// Records a call with arguments of any type.
  ///
  /// Each argument is written as a structure at call time: that structure is the snapshot that
  /// verification compares, so mutating a reference-type argument after the call cannot change what
  /// an equality check sees. Values of any type work: base types, arrays, dictionaries such as
  /// `[String: Any]`, your own structs and classes (by their stored properties).
  ///
  /// ```swift
  /// func beginAuthentication(with email: String, password: String, options: [String: Any]) {
  ///   recordCall(withIdentifier: "beginAuthentication", arguments: [email, password, options])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The name of the call, used again to verify it.
  ///   - arguments: The call's arguments, in order; `[]` for a call without arguments.
  ///   - fileID: The file of the call, kept with it for messages; leave the default.
  ///   - filePath: The path of that file; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public func recordCall(
    withIdentifier identifier: String,
    arguments: [Any?] = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, arguments: arguments, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call whose argument types are known, without boxing them.
  ///
  /// The arguments are encoded through their `StructurallyEncodable` conformances, which is
  /// faster than the `[Any?]` form and gives the same structures, so either form can be verified
  /// the same way.
  ///
  /// ```swift
  /// func fetch(id: Int, name: String) {
  ///   recordCall(withIdentifier: "fetch", typedArguments: id, name)
  /// }
  /// ```
  ///
  /// This form has its own label on purpose: an array literal passed as `arguments:` is always the
  /// argument list, never one array argument.
  public func recordCall<each Argument: StructurallyEncodable>(
    withIdentifier identifier: String,
    typedArguments arguments: repeat each Argument,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    storage.log.record(identifier, repeat each arguments, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
