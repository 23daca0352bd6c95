/// A matcher that accepts values equal to `expected`.
///
/// ```swift
/// eq("x").matches("x")  // .match
/// eq(3).matches(4)      // .mismatch("4 is not equal to 3")
/// ```
public func eq<T: Equatable & Sendable>(_ expected: T) -> Matcher<T> {
  Matcher("eq(\(_render(expected)))", engineForm: .equal(expected)) { value in
    value == expected ? .match : .mismatch("\(_render(value)) is not equal to \(_render(expected))")
  }
}
