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
    return evaluate(
      name: "isType", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      // A successful cast passes the cast value on to the next operator.
      if let castValue = value as? T {
        return .pass(castValue)
      }

      // Otherwise say which type the value has and which type was expected.
      let typeDescription = String(describing: type(of: value as Any))
      let expectedTypeDescription = String(describing: expectedType)
      return .fail(
        message:
          "Value of type \(typeDescription) does not conform to expected type "
          + expectedTypeDescription)
    }
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
    evaluate(
      name: "isOfType", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      if let castValue = value as? T {
        return .pass(castValue)
      }
      let typeDescription = String(describing: type(of: value as Any))
      return .fail(
        message:
          "Value of type \(typeDescription) does not conform to expected type "
          + String(describing: expectedType))
    }
  }
}
