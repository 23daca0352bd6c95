/// A matcher that accepts values inside a range: `a..<b`, `a...b`, `a...`, `..<b` or `...b`.
///
/// `in` is a Swift keyword, so the call needs backticks; ``isIn(_:)->Matcher<R.Bound>`` is the same
/// matcher without them.
///
/// ```swift
/// `in`(1..<5).matches(4)   // .match
/// `in`(1...5).matches(7)   // .mismatch("7 is not in 1...5")
/// ```
public func `in`<R: RangeExpression & Sendable>(_ range: R) -> Matcher<R.Bound> {
  isIn(range)
}

/// A matcher that accepts values inside a range; ``in(_:)->Matcher<R.Bound>`` under a name that
/// needs no backticks.
///
/// ```swift
/// isIn(0..<10).matches(10)  // .mismatch("10 is not in 0..<10")
/// ```
public func isIn<R: RangeExpression & Sendable>(_ range: R) -> Matcher<R.Bound> {
  let rendered = _render(range: range)
  let predicate = _EnginePredicate.range(range)
  let accepts = _builtInTest(predicate) { range.contains($0) }
  return Matcher("in(\(rendered))", engineForm: .opaque, test: accepts, enginePredicate: predicate) { value in
    accepts(value) ? .match : .mismatch("\(_render(value)) is not in \(rendered)")
  }
}

/// Writes a range as it is written in source: `1..<5`, `1...5`, `1...`, `..<5`, `...5`.
private func _render<R: RangeExpression>(range: R) -> String {
  switch range {
  case let range as Range<R.Bound>:
    "\(_render(range.lowerBound))..<\(_render(range.upperBound))"
  case let range as ClosedRange<R.Bound>:
    "\(_render(range.lowerBound))...\(_render(range.upperBound))"
  case let range as PartialRangeFrom<R.Bound>:
    "\(_render(range.lowerBound))..."
  case let range as PartialRangeUpTo<R.Bound>:
    "..<\(_render(range.upperBound))"
  case let range as PartialRangeThrough<R.Bound>:
    "...\(_render(range.upperBound))"
  default:
    String(describing: range)
  }
}
