/// A matcher that accepts empty collections (and empty strings).
///
/// ```swift
/// let matcher: Matcher<[Int]> = isEmpty()
/// matcher.matches([])   // .match
/// matcher.matches([1])  // .mismatch("[1] is not empty")
/// ```
public func isEmpty<C: Collection & SendableMetatype>() -> Matcher<C> {
  Matcher("isEmpty()") { value in
    value.isEmpty ? .match : .mismatch("\(_render(value)) is not empty")
  }
}
