/// A matcher that accepts collections with exactly `count` elements.
///
/// ```swift
/// let matcher: Matcher<[Int]> = hasCount(2)
/// matcher.matches([1, 2])     // .match
/// matcher.matches([1, 2, 3])  // .mismatch("count of [1, 2, 3] is 3, not 2")
/// ```
public func hasCount<C: Collection & SendableMetatype>(_ count: Int) -> Matcher<C> {
  Matcher("hasCount(\(count))") { value in
    let actual = value.count
    return actual == count
      ? .match : .mismatch("count of \(_render(value)) is \(actual), not \(count)")
  }
}
