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
@inlinable
public func eq<T: Equatable & Sendable>(_ expected: T) -> Matcher<T> {
  // One object holds the expected value and answers (no closures: each closure made in a generic
  // function allocates a context for `T`). Inlinable so that a caller's concrete `T` finds the
  // core's class metadata in its own cache, not by a generic lookup per call. Each `eq` has a core
  // of its own: a core shared by every test would have its reference count written by every core
  // at once, which kept parallel tests from scaling.
  Matcher(_core: _EqualCore(expected, expectsNil: _isOptional(T.self) && _isNil(expected)))
}

/// `eq`'s core: the expected value, compared with `==`.
///
/// `@unchecked Sendable`, restated as the compiler requires of a subclass of ``_MatcherCore``: its
/// own stored properties, `expected` (a `Sendable` `T`) and `expectsNil`, are `let` constants of
/// `Sendable` types.
@usableFromInline
final class _EqualCore<T: Equatable & Sendable>: _MatcherCore<T>, @unchecked Sendable {
  let expected: T
  /// `expected` is nil at some optional depth.
  let expectsNil: Bool

  init(_ expected: T, expectsNil: Bool, waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) {
    self.expected = expected
    self.expectsNil = expectsNil
    super.init(waits: waits, captor: captor)
  }

  /// A new `eq`'s core: no waits, no captor.
  @usableFromInline
  init(_ expected: T, expectsNil: Bool) {
    self.expected = expected
    self.expectsNil = expectsNil
    super.init(waits: _MatcherWaits(), captor: nil)
  }

  override func describe() -> String { "eq(\(_renderCut(expected)))" }

  override func check(_ value: T) -> MatchResult {
    verdict(value) ? .match : .mismatch(_notEqualMessage(value, expected))
  }

  override func verdict(_ value: T) -> Bool {
    value == expected || (expectsNil && _isNil(value))
  }

  override var engineForm: _MatcherEngineForm {
    // When `T`'s bytes never decide `==`, an equality form would compile to the same predicate,
    // after boxing `expected` (an allocation per verification of a struct argument).
    _bytesNeverDecideEquality(T.self) ? .opaque : .equal(expected)
  }

  override func with(waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) -> _MatcherCore<T> {
    _EqualCore(expected, expectsNil: expectsNil, waits: waits, captor: captor)
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

/// A matcher core that compares with `==` against one value (`eq`'s).
protocol _EqualExpectation {
  /// The value it compares with.
  var _expectedValue: Any { get }
}

extension _EqualCore: _EqualExpectation {
  var _expectedValue: Any { expected }
}
