/// A matcher that accepts collections whose every element matches `element`; an empty collection
/// matches.
///
/// Checking stops at the first element that mismatches, and the message names its offset.
///
/// ```swift
/// let matcher: Matcher<[Int]> = allSatisfy(greaterThan(0))
/// matcher.matches([1, 2])   // .match
/// matcher.matches([1, -2])
/// // .mismatch("element 1 of [1, -2] does not match greaterThan(0): -2 is not greater than 0")
/// ```
public func allSatisfy<C: Collection & SendableMetatype>(
  _ element: Matcher<C.Element>
) -> Matcher<C> {
  Matcher("allSatisfy(\(element.description))") { value in
    for (offset, candidate) in value.enumerated() {
      if case .mismatch(let why) = element.matches(candidate) {
        return .mismatch(
          "element \(offset) of \(_render(value)) does not match \(element.description): \(why)")
      }
    }
    return .match
  }
}
