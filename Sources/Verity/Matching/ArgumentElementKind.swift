/// What the elements of one type are in an argument list, learned from the first one: a matcher
/// (`Matcher<Int>`), given back from an `Any` by a cast to its exact type, or a plain value (no
/// matcher, captor or ``AnyArgumentMatcher`` conformance). Types whose values are neither, or
/// whose casts may look inside them (optionals), are not learned: their elements take the casts.
final class _ArgumentElementKind: Sendable {
  /// The element as its matcher (a value of exactly the type this kind was learned for: the
  /// cast cannot fail); nil for a plain value's type.
  let openMatcher: (@Sendable (Any) -> any _CompilableMatcher)?

  private init(openMatcher: (@Sendable (Any) -> any _CompilableMatcher)?) {
    self.openMatcher = openMatcher
  }

  /// The kinds learned so far, by the element's dynamic type.
  static let known = _TypeMap<_ArgumentElementKind>(capacity: 2048)

  /// Learns that elements of `element`'s type are matchers of `matcher`'s type.
  static func learn(matcher: any _CompilableMatcher, element: Any?) {
    guard let element, ObjectIdentifier(type(of: matcher)) == ObjectIdentifier(type(of: element)),
      !_isOptionalType(type(of: element))
    else { return }
    func opener<M: _CompilableMatcher>(_: M.Type) -> _ArgumentElementKind {
      _ArgumentElementKind(openMatcher: { _exactCast($0, to: M.self) })
    }
    known.add(_openExistential(type(of: matcher), do: opener), for: type(of: element))
  }

  /// Learns that elements of `element`'s type are plain values (called once the casts to the
  /// matcher and captor protocols failed).
  static func learnPlainValue(_ element: Any?) {
    guard let element, !_isOptionalType(type(of: element)) else { return }
    known.add(_ArgumentElementKind(openMatcher: nil), for: type(of: element))
  }

  /// Whether `type` (a dynamic type) is an `Optional`.
  private static func _isOptionalType(_ type: Any.Type) -> Bool {
    func check<T>(_: T.Type) -> Bool { _isOptional(T.self) }
    return _openExistential(type, do: check)
  }
}

/// The core of `element` when it is a ``Matcher`` of a type seen before in an argument list (see
/// ``_ArgumentElementKind``); nil for anything else (a plain value, a captor, nil, a type not
/// learned yet).
func _knownMatcherCore(_ element: Any?) -> (any _HandleMatcher)? {
  guard let present = element, let known = _ArgumentElementKind.known.value(for: type(of: present)),
    let open = known.openMatcher
  else { return nil }
  return open(present).handleMatcher
}
