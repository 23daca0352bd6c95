/// A matcher that accepts collections with at least one element matching `element`.
///
/// Checking stops at the first matching element.
///
/// ```swift
/// let matcher: Matcher<[Int]> = contains(greaterThan(2))
/// matcher.matches([1, 3])  // .match
/// matcher.matches([1, 2])
/// // .mismatch("[1, 2] has no element matching greaterThan(2)")
/// ```
public func contains<C: Collection & SendableMetatype>(
  _ element: Matcher<C.Element>
) -> Matcher<C> {
  Matcher("contains(\(element.description))") { value in
    for candidate in value where element.matches(candidate).isMatch {
      return .match
    }
    return .mismatch("\(_render(value)) has no element matching \(element.description)")
  }
}

/// A matcher that accepts collections containing an element equal to `element`; shorthand for
/// `contains(eq(element))`.
///
/// ```swift
/// let matcher: Matcher<[Int]> = contains(3)
/// matcher.matches([1, 2])  // .mismatch("[1, 2] has no element matching eq(3)")
/// ```
public func contains<C: Collection & SendableMetatype>(_ element: C.Element) -> Matcher<C>
where C.Element: Equatable & Sendable {
  contains(eq(element))
}
