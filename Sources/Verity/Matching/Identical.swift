/// A matcher that accepts only the very instance `object` (identity, not equality).
///
/// The matcher keeps the instance's `ObjectIdentifier`, not the instance itself, so it is
/// `Sendable` whatever the class. Keep `object` alive while the matcher is in use: a new instance
/// may reuse the address of a released one.
///
/// ```swift
/// let account = Account(id: 1)  // description: "Account(1)"
/// identical(to: account).matches(account)  // .match
/// identical(to: account).matches(Account(id: 1))
/// // .mismatch("Account(1) is not the same instance as Account(1)")
/// ```
public func identical<T: AnyObject>(to object: T) -> Matcher<T> {
  _identical(to: object)
}

/// A matcher that accepts only the very instance `object`, for values typed as a class-bound
/// protocol (`any Delegate`) or an optional; the matched type comes from context.
///
/// A value that is not a class instance, or is `nil`, mismatches.
///
/// ```swift
/// let matcher: Matcher<(any Delegate)?> = identical(to: coordinator)
/// ```
@_disfavoredOverload
public func identical<Object: AnyObject, T>(to object: Object) -> Matcher<T> {
  _identical(to: object)
}

private func _identical<T>(to object: AnyObject) -> Matcher<T> {
  let identifier = ObjectIdentifier(object)
  let rendered = _render(object)
  return Matcher("identical(to: \(rendered))") { value in
    switch _objectIdentity(value) {
    case identifier?: .match
    case _?: .mismatch("\(_render(value)) is not the same instance as \(rendered)")
    case nil: .mismatch("\(_render(value)) is not a class instance")
    }
  }
}
