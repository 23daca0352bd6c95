/// A matcher that accepts only the very instance `object` (identity, not equality).
///
/// The matcher keeps the instance's `ObjectIdentifier`, not the instance itself, so it is
/// `Sendable` whatever the class. Keep `object` alive while the matcher is in use: a new instance
/// may reuse the address of a released one.
///
/// ```swift
/// let account = Account()
/// identical(to: account).matches(account)    // .match
/// identical(to: account).matches(Account())
/// // .mismatch("Account is not the same instance as Account")
/// ```
public func identical<T: AnyObject>(to object: T) -> Matcher<T> {
  let identifier = ObjectIdentifier(object)
  let rendered = _render(object)
  return Matcher("identical(to: \(rendered))") { value in
    ObjectIdentifier(value) == identifier
      ? .match : .mismatch("\(_render(value)) is not the same instance as \(rendered)")
  }
}
