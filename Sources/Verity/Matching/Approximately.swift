/// A matcher that accepts floating-point values within `tolerance` of `expected` (inclusive).
///
/// NaN never matches, and a negative tolerance matches nothing.
///
/// ```swift
/// approximately(1.0, tolerance: 0.01).matches(1.005)  // .match
/// approximately(1.0, tolerance: 0.01).matches(1.5)
/// // .mismatch("1.5 is not within 0.01 of 1.0")
/// ```
public func approximately<T: FloatingPoint & Sendable>(
  _ expected: T,
  tolerance: T
) -> Matcher<T> {
  Matcher("approximately(\(_render(expected)), tolerance: \(_render(tolerance)))") { value in
    if let problem = _invalidTolerance(tolerance) { return .mismatch(problem) }
    return _isApproximatelyEqual(value, expected, tolerance: tolerance)
      ? .match
      : .mismatch(_notWithinTolerance(value, expected, tolerance: tolerance))
  }
}

/// Whether `value` is within `tolerance` of `expected`; false for NaN.
/// Why a tolerance is a bug in the test (negative or NaN), or nil for a valid one. Checked before
/// the values, so equal values never hide it.
package func _invalidTolerance<T: FloatingPoint>(_ tolerance: T) -> String? {
  if tolerance.isNaN { return "the tolerance is NaN; a tolerance must be zero or positive" }
  if tolerance < 0 { return "the tolerance \(_render(tolerance)) is negative; a tolerance must be zero or positive" }
  return nil
}

package func _isApproximatelyEqual<T: FloatingPoint>(
  _ value: T,
  _ expected: T,
  tolerance: T
) -> Bool {
  if value == expected { return true }  // equal infinities
  return (value - expected).magnitude <= tolerance
}

/// The sentence for a value outside the tolerance: `"1.5 is not within 0.01 of 1.0"`.
package func _notWithinTolerance<T: FloatingPoint>(
  _ value: T,
  _ expected: T,
  tolerance: T
) -> String {
  "\(_render(value)) is not within \(_render(tolerance)) of \(_render(expected))"
}
