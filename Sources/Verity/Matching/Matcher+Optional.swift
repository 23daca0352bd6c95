// Matchers for optional values: a generated mock's `$name(...)` handle takes a `Matcher<Int?>` for
// an `Int?` parameter, and so can an assertion on an optional. These overloads give the
// comparisons and string matchers that form; `nil` never matches them, so
// `isNil() || moreThan(3)` reads as it should. (`eq` needs no overload: `eq(3)` is already a
// `Matcher<Int?>` where one is expected.) They are disfavored, so an unconstrained `lessThan(3)`
// is still a `Matcher<Int>`.

extension Matcher {
  /// This matcher for optional values: `nil` mismatches, a present value is checked.
  ///
  /// ```swift
  /// let atLeastOne: Matcher<Int?> = greaterThanOrEqual(1).optional
  /// atLeastOne.matches(nil)  // .mismatch("nil does not satisfy greaterThanOrEqual(1)")
  /// ```
  public var optional: Matcher<T?> {
    let form: _MatcherEngineForm =
      if case .equal(let value) = engineForm { .equal(value) } else { .opaque }
    let (test, description) = (verdictFunction, description)
    return Matcher<T?>(
      description, engineForm: form, waiting: waiting, test: { $0.map(test) ?? false }
    ) { value in
      guard let value else { return .mismatch("nil does not satisfy \(description)") }
      return self.matches(value)
    }
  }
}

/// ``lessThan(_:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func lessThan<T: Comparable & Sendable>(_ bound: T) -> Matcher<T?> { lessThan(bound).optional }

/// ``greaterThan(_:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func greaterThan<T: Comparable & Sendable>(_ bound: T) -> Matcher<T?> { greaterThan(bound).optional }

/// ``moreThan(_:)`` for an optional value; nil never matches.
///
/// ```swift
/// let matcher: Matcher<Int?> = isNil() || moreThan(3)
/// matcher.matches(nil)  // .match
/// matcher.matches(2)    // .mismatch("2 is not nil and 2 is not more than 3")
/// ```
@_disfavoredOverload
public func moreThan<T: Comparable & Sendable>(_ bound: T) -> Matcher<T?> { moreThan(bound).optional }

/// SwiftMock's spelling of ``moreThan(_:)->Matcher<T?>``, for an optional argument.
///
/// ```swift
/// verify(service.$albums(limit: isNil() || moreThen(3)), .never)
/// ```
@_disfavoredOverload
public func moreThen<T: Comparable & Sendable>(_ bound: T) -> Matcher<T?> { moreThan(bound).optional }

/// ``lessThanOrEqual(_:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func lessThanOrEqual<T: Comparable & Sendable>(_ bound: T) -> Matcher<T?> { lessThanOrEqual(bound).optional }

/// ``greaterThanOrEqual(_:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func greaterThanOrEqual<T: Comparable & Sendable>(_ bound: T) -> Matcher<T?> {
  greaterThanOrEqual(bound).optional
}

/// ``isIn(_:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func isIn<R: RangeExpression & Sendable>(_ range: R) -> Matcher<R.Bound?> { isIn(range).optional }

/// ``in(_:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func `in`<R: RangeExpression & Sendable>(_ range: R) -> Matcher<R.Bound?> { isIn(range).optional }

/// ``approximately(_:tolerance:)`` for an optional value; nil never matches.
@_disfavoredOverload
public func approximately<T: FloatingPoint & Sendable>(_ expected: T, tolerance: T) -> Matcher<T?> {
  approximately(expected, tolerance: tolerance).optional
}

/// ``hasPrefix(_:ignoringCase:)`` for an optional string; nil never matches.
@_disfavoredOverload
public func hasPrefix(_ prefix: String, ignoringCase: Bool = false) -> Matcher<String?> {
  hasPrefix(prefix, ignoringCase: ignoringCase).optional
}

/// ``hasSuffix(_:ignoringCase:)`` for an optional string; nil never matches.
@_disfavoredOverload
public func hasSuffix(_ suffix: String, ignoringCase: Bool = false) -> Matcher<String?> {
  hasSuffix(suffix, ignoringCase: ignoringCase).optional
}

/// ``contains(_:ignoringCase:)`` for an optional string; nil never matches.
@_disfavoredOverload
public func contains(_ substring: String, ignoringCase: Bool = false) -> Matcher<String?> {
  contains(substring, ignoringCase: ignoringCase).optional
}

/// ``matchesRegex(_:ignoringCase:)`` for an optional string; nil never matches.
@_disfavoredOverload
public func matchesRegex(_ pattern: String, ignoringCase: Bool = false) -> Matcher<String?> {
  matchesRegex(pattern, ignoringCase: ignoringCase).optional
}

/// ``eq(_:ignoringCase:)`` for an optional string; nil never matches.
@_disfavoredOverload
public func eq(_ expected: String, ignoringCase: Bool) -> Matcher<String?> {
  eq(expected, ignoringCase: ignoringCase).optional
}
