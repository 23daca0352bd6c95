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
    _isNil(value) ? .mismatch("value is nil") : .match
  }
}

/// Swift's `value == nil`, and `NSNull` (JSON `null`) inside: `Int??.some(nil)` is not nil, as
/// `==` and its structure say.
func _isNil<Wrapped>(_ value: Wrapped?) -> Bool {
  guard let value else { return true }
  return value is NSNull
}

/// A matcher that accepts any value except `nil`, for places where no type can be inferred.
///
/// ```swift
/// let arguments: [Any?] = [isNotNil(), any()]
/// ```
public func isNotNil() -> Matcher<Any?> {
  Matcher("isNotNil()", engineForm: .notEqual(_MatcherEngineForm.nilValue)) { value in
    guard let value, _flattenOptional(value) != nil else { return .mismatch("value is nil") }
    return .match
  }
}
