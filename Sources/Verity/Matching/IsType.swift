/// A matcher that accepts values whose dynamic type is, inherits from or conforms to `type`.
///
/// The matched type `T` comes from context; with no context (for example in a mixed argument
/// list) it is `Any`.
///
/// ```swift
/// let matcher: Matcher<any Error> = isType(CancellationError.self)
/// isType(String.self).matches(8)
/// // .mismatch("value of type Int does not conform to expected type String")
/// ```
public func isType<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
  Matcher("isType(\(_render(type: type)))") { value in
    value is Expected ? .match : .mismatch(_typeMismatch(value, expected: type))
  }
}

/// A matcher that accepts values whose dynamic type is, inherits from or conforms to `type`,
/// matching values of type `Any`.
///
/// ```swift
/// let arguments: [Any?] = [isType(Int.self), any()]
/// ```
public func isType<Expected>(_ type: Expected.Type) -> Matcher<Any> {
  Matcher("isType(\(_render(type: type)))") { value in
    value is Expected ? .match : .mismatch(_typeMismatch(value, expected: type))
  }
}

/// `"value of type Int does not conform to expected type String"`.
private func _typeMismatch(_ value: Any, expected: Any.Type) -> String {
  "value of type \(_render(type: type(of: value))) does not conform to expected type "
    + _render(type: expected)
}
