/// What compiling an argument needs of a ``Matcher``, through one cast of the type-erased
/// argument (``Matcher`` is the only conformer; other ``AnyArgumentMatcher``s run as predicates).
@usableFromInline
protocol _CompilableMatcher: AnyArgumentMatcher {
  /// How the engine can evaluate the matcher.
  var engineForm: _MatcherEngineForm { get }
  /// The matcher's plan for an argument position (see ``_ArgumentPlan``).
  func plan(typeIsExact: Bool) -> _ArgumentPlan
  /// The captor a bare `capture()` stands for.
  var argumentCaptor: (any ArgumentCapturing)? { get }
  /// The captors among a composition's parts.
  var nestedCaptors: [any ArgumentCapturing] { get }
  /// The matcher's fast forms (engine test, typed test on bytes), if it has them.
  func plainArgumentForm() -> _PlainArgumentForm?
  /// `matches(any:)`'s verdict with no mismatch sentence built.
  func verdictOnAny(_ value: Any?) -> Bool
  /// ``verdictOnAny(_:)`` as a closure the engine can keep.
  var verdictOnAnyFunction: @Sendable (Any?) -> Bool { get }
  /// The matcher's core, as a handle keeps it.
  var handleMatcher: any _HandleMatcher { get }
  /// The type of the values the matcher is for (`T`).
  var valueType: Any.Type { get }
}

extension Matcher: _CompilableMatcher {
  @usableFromInline
  func plan(typeIsExact: Bool) -> _ArgumentPlan {
    _core.plan(typeIsExact: typeIsExact)
  }

  @usableFromInline
  var argumentCaptor: (any ArgumentCapturing)? { _core.captor as? any ArgumentCapturing }

  @usableFromInline
  var nestedCaptors: [any ArgumentCapturing] { _core.nestedCaptors }

  @usableFromInline
  var handleMatcher: any _HandleMatcher { _core }

  @usableFromInline
  var valueType: Any.Type { T.self }
}

/// Whether a value is of `type` by rules 1 and 2 of ValuesOfOtherTypes.swift (identity after
/// optional layers; nil when `type` is optional), as a closure the engine can keep.
func _isValue(ofType type: Any.Type) -> @Sendable (Any?) -> Bool {
  func test<V>(_: V.Type) -> @Sendable (Any?) -> Bool {
    { value in
      if case .some = _castRecordedValue(value, as: V.self) { return true }
      return false
    }
  }
  return _openExistential(type, do: test)
}
