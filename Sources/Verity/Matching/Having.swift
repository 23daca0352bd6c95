/// A matcher that checks one property of a value, reached through a key path.
///
/// ```swift
/// struct User { var name: String; var age: Int }
///
/// let named: Matcher<User> = having(\.name, eq("Ada"))
/// named.description  // "having(\\User.name, eq(\"Ada\"))"
/// named.matches(User(name: "Bob", age: 3))
/// // .mismatch("\\User.name: \"Bob\" is not equal to \"Ada\"")
///
/// let adult: Matcher<User> = having(\.name, !isEmpty()) && having(\.age, greaterThanOrEqual(18))
/// ```
public func having<T, Property>(
  _ keyPath: KeyPath<T, Property> & Sendable,
  _ matcher: Matcher<Property>
) -> Matcher<T> {
  let path = String(describing: keyPath)
  return Matcher("having(\(path), \(matcher.description))") { value in
    switch matcher.matches(value[keyPath: keyPath]) {
    case .match: .match
    case .mismatch(let why): .mismatch("\(path): \(why)")
    }
  }
}
