/// A matcher that accepts values strictly less than `bound`.
///
/// ```swift
/// lessThan(3).matches(2)  // .match
/// lessThan(3).matches(3)  // .mismatch("3 is not less than 3")
/// ```
public func lessThan<T: Comparable & Sendable>(_ bound: T) -> Matcher<T> {
  _comparison("lessThan", "less than", bound, lower: false, inclusive: false) { $0 < $1 }
}

/// A matcher that accepts values strictly greater than `bound`.
///
/// ```swift
/// greaterThan(3).matches(4)  // .match
/// greaterThan(3).matches(1)  // .mismatch("1 is not greater than 3")
/// ```
public func greaterThan<T: Comparable & Sendable>(_ bound: T) -> Matcher<T> {
  _comparison("greaterThan", "greater than", bound, lower: true, inclusive: false) { $0 > $1 }
}

/// A matcher that accepts values strictly greater than `bound`; the same check as
/// ``greaterThan(_:)->Matcher<T>``, under the name some mocking libraries use.
///
/// ```swift
/// moreThan(3).matches(1)  // .mismatch("1 is not more than 3")
/// ```
public func moreThan<T: Comparable & Sendable>(_ bound: T) -> Matcher<T> {
  _comparison("moreThan", "more than", bound, lower: true, inclusive: false) { $0 > $1 }
}

/// SwiftMock's spelling of ``moreThan(_:)->Matcher<T>``: the same matcher, kept so code written
/// for SwiftMock compiles unchanged. Messages name it `moreThan`.
///
/// ```swift
/// when(service.$albums(limit: moreThen(3))).thenReturn([])
/// moreThen(3).matches(1)  // .mismatch("1 is not more than 3")
/// ```
public func moreThen<T: Comparable & Sendable>(_ bound: T) -> Matcher<T> { moreThan(bound) }

/// A matcher that accepts values less than or equal to `bound`.
///
/// ```swift
/// lessThanOrEqual(3).matches(3)  // .match
/// lessThanOrEqual(3).matches(4)  // .mismatch("4 is not less than or equal to 3")
/// ```
public func lessThanOrEqual<T: Comparable & Sendable>(_ bound: T) -> Matcher<T> {
  _comparison("lessThanOrEqual", "less than or equal to", bound, lower: false, inclusive: true) { $0 <= $1 }
}

/// A matcher that accepts values greater than or equal to `bound`.
///
/// ```swift
/// greaterThanOrEqual(3).matches(3)  // .match
/// greaterThanOrEqual(3).matches(2)  // .mismatch("2 is not greater than or equal to 3")
/// ```
public func greaterThanOrEqual<T: Comparable & Sendable>(_ bound: T) -> Matcher<T> {
  _comparison("greaterThanOrEqual", "greater than or equal to", bound, lower: true, inclusive: true) { $0 >= $1 }
}

/// A comparison with `bound`; `lower` and `inclusive` describe it for the engine (`bound` is a
/// minimum or a maximum, and whether it is accepted).
private func _comparison<T: Comparable & Sendable>(
  _ name: String,
  _ phrase: String,
  _ bound: T,
  lower: Bool,
  inclusive: Bool,
  _ compare: @escaping @Sendable (T, T) -> Bool
) -> Matcher<T> {
  let predicate = _EnginePredicate.comparison(bound, lower: lower, inclusive: inclusive)
  let accepts = _builtInTest(predicate) { compare($0, bound) }
  return Matcher("\(name)(\(_render(bound)))", engineForm: .opaque, test: accepts, enginePredicate: predicate) { value in
    accepts(value)
      ? .match : .mismatch("\(_render(value)) is not \(phrase) \(_render(bound))")
  }
}
