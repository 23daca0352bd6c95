extension Assertion {
  /// Passes when the value's dynamic type is, inherits from or conforms to `expectedType`, and
  /// passes the value on cast to that type.
  ///
  /// ```swift
  /// Assert(that: error).isType(DecodingError.self)
  /// Assert(that: 8).isType(String.self)
  /// // on failure: isType failed - Value of type Int does not conform to expected type String
  /// ```
  ///
  /// <doc:CreatingCustomAssertionOperators> walks through this operator's implementation.
  @discardableResult
  public func isType<T>(
    _ expectedType: T.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<T> {
    _cast(to: expectedType, name: "isType", fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Another name for ``isType(_:fileID:filePath:line:column:)``; failures name it `isOfType`.
  ///
  /// ```swift
  /// Assert(that: screen).isOfType(LoginScreen.self)
  /// // on failure: isOfType failed - Value of type HomeScreen does not conform to expected
  /// //   type LoginScreen
  /// ```
  @discardableResult
  public func isOfType<T>(
    _ expectedType: T.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<T> {
    _cast(to: expectedType, name: "isOfType", fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `isType` and `isOfType`: the value cast to `T` is passed on, or the failure names both types.
  private func _cast<T>(
    to expectedType: T.Type, name: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Assertion<T> {
    evaluate(name: name, fileID: fileID, filePath: filePath, line: line, column: column) { value in
      if let castValue = value as? T { return .pass(castValue) }
      return .fail(
        message: "Value of type \(type(of: value as Any)) does not conform to expected type \(expectedType)")
    }
  }
}
