import Foundation

/// A matcher that accepts only `nil`.
///
/// ```swift
/// let matcher: Matcher<Int?> = isNil()
/// matcher.matches(nil)  // .match
/// matcher.matches(1)    // .mismatch("1 is not nil")
/// ```
public func isNil<Wrapped>() -> Matcher<Wrapped?> {
  Matcher("isNil()", engineForm: .equal(_MatcherEngineForm.nilValue)) { value in
    _isNil(value) ? .match : .mismatch("\(_render(value as Any)) is not nil")
  }
}

/// A matcher that accepts only `nil`, for places where no type can be inferred, such as a mixed
/// argument list.
///
/// ```swift
/// let arguments: [Any?] = [eq("x"), isNil()]
/// ```
public func isNil() -> Matcher<Any?> {
  Matcher("isNil()", engineForm: .equal(_MatcherEngineForm.nilValue)) { value in
    guard let value, let present = _flattenOptional(value) else { return .match }
    return .mismatch("\(_render(present)) is not nil")
  }
}

/// A matcher that accepts any value except `nil`.
///
/// ```swift
/// let matcher: Matcher<Int?> = isNotNil()
/// matcher.matches(1)    // .match
/// matcher.matches(nil)  // .mismatch("value is nil")
/// ```
public func isNotNil<Wrapped>() -> Matcher<Wrapped?> {
  Matcher("isNotNil()", engineForm: .notEqual(_MatcherEngineForm.nilValue)) { value in
    _isNil(value) ? .mismatch(_isNilMessage(value as Any)) : .match
  }
}

/// Verity's one nil: `nil` at any depth of `Optional` (`Int??.some(nil)` as well as `.none`) and
/// `NSNull` (JSON `null`). Every path uses this rule: structures, plain values, ``isNil()``,
/// ``isNotNil()``, `eq`, captors and messages.
@usableFromInline
func _isNil<Value>(_ value: Value) -> Bool {
  _flattenOptional(value as Any) == nil
}

/// Why a nil-like value failed `isNotNil()`: `value is nil`, or, for an optional that holds nil
/// (which `==` tells from `nil`), a sentence saying that it counts as nil.
func _isNilMessage(_ value: Any) -> String {
  if let optional = value as? any _OptionalProtocol, optional._wrappedValue != nil {
    return "value is \(String(describing: value)), an optional holding nil, which counts as nil"
  }
  return "value is nil"
}

/// A matcher that accepts any value except `nil`, for places where no type can be inferred.
///
/// ```swift
/// let arguments: [Any?] = [isNotNil(), any()]
/// ```
public func isNotNil() -> Matcher<Any?> {
  Matcher("isNotNil()", engineForm: .notEqual(_MatcherEngineForm.nilValue)) { value in
    guard let value, _flattenOptional(value) != nil else { return .mismatch(_isNilMessage(value as Any)) }
    return .match
  }
}
