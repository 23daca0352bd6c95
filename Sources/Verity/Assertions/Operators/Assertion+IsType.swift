extension Assertion {
  /// Passes when the value's dynamic type is, inherits from or conforms to `expectedType`, and
  /// passes the value on cast to that type.
  ///
  /// ```swift
  /// Assert(that: error).isType(DecodingError.self)
  /// Assert(that: 8).isType(String.self)
  /// // on failure: isType failed - Value of type Int does not conform to expected type String
  /// ```
  @discardableResult
  public func isType<T>(_ expectedType: T.Type, line: Int = #line) -> Assertion<T> {
    _isType(expectedType, name: "isType", line: line)
  }

  /// Another name for ``isType(_:line:)``; failures name it `isOfType`.
  ///
  /// ```swift
  /// Assert(that: viewController).isOfType(LoginViewController.self)
  /// ```
  @discardableResult
  public func isOfType<T>(_ expectedType: T.Type, line: Int = #line) -> Assertion<T> {
    _isType(expectedType, name: "isOfType", line: line)
  }

  private func _isType<T>(_ expectedType: T.Type, name: String, line: Int) -> Assertion<T> {
    evaluate(name: name, lineNumber: line) { value in
      if let cast = value as? T {
        return .pass(cast)
      }
      let actual = _render(type: type(of: value as Any))
      return .fail(
        message:
          "Value of type \(actual) does not conform to expected type \(_render(type: expectedType))"
      )
    }
  }
}
