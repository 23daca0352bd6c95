/// A matcher that accepts values equal to `expected`.
///
/// ```swift
/// eq("x").matches("x")  // .match
/// eq(3).matches(4)      // .mismatch("4 is not equal to 3")
/// ```
///
/// Long values (renderings over 80 characters) mismatch with their structural difference, and
/// the matcher's description shows at most the first 200 characters of `expected`.
///
/// `eq` is Swift's `==` with one addition, Verity's one nil: an expected nil at any optional depth
/// matches a value that is nil at any depth (`eq(Int??.none)` matches `Int??.some(nil)`), because
/// a recorded `Any?` argument cannot keep those layers apart.
public func eq<T: Equatable & Sendable>(_ expected: T) -> Matcher<T> {
  // Both closures capture the one box (a closure whose only capture is an object uses it as its
  // context): one allocation, where capturing `expected` itself costs one per closure.
  let box = _Expected(expected, expectsNil: _isOptional(T.self) && _isNil(expected))
  return Matcher("eq(\(_renderCut(box.value)))", engineForm: .equal(expected)) { value in
    value == box.value || (box.expectsNil && _isNil(value)) ? .match : .mismatch(_notEqualMessage(value, box.value))
  }
}

/// What `eq` compares with.
private final class _Expected<T: Sendable>: Sendable {
  let value: T
  /// `value` is nil at some optional depth.
  let expectsNil: Bool

  init(_ value: T, expectsNil: Bool) {
    self.value = value
    self.expectsNil = expectsNil
  }
}

/// A matcher that accepts strings equal to `expected`, with full Unicode case folding when
/// `ignoringCase` is true (`"STRASSE"` equals `"straße"`, as in Foundation's case-insensitive
/// comparison).
///
/// ```swift
/// eq("Straße", ignoringCase: true).matches("STRASSE")  // .match
/// ```
public func eq(_ expected: String, ignoringCase: Bool) -> Matcher<String> {
  let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
  let folded = sensitivity.fold(expected)
  return Matcher("eq(\(_render(expected))\(sensitivity.argumentSuffix))") { value in
    sensitivity.fold(value) == folded
      ? .match
      : .mismatch(
        "\(_render(value)) is not equal to \(_render(expected))"
          + sensitivity.sentenceSuffix(value: value, expected: expected))
  }
}
