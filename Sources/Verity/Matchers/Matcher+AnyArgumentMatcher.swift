extension Matcher: AnyArgumentMatcher {
  /// Checks a value of any type against this matcher.
  ///
  /// Every level of `Optional` around the value is looked through first, so `5`, `Optional(5)` and
  /// an `Any` holding `Optional(5)` are all the same argument. Then:
  /// - a present value of type `T` (or convertible to `T`, such as `5` for `T == Int?`) is checked;
  /// - an absent value is checked as `nil` when `T` is an `Optional`, and otherwise mismatches with
  ///   `"nil is not a value of type T"`;
  /// - any other value mismatches with
  ///   `"value of type U does not conform to expected type T"`.
  ///
  /// ```swift
  /// eq(3).matches(any: 3)                  // .match
  /// eq(3).matches(any: Optional(3))        // .match
  /// isNil().matches(any: nil)              // .match
  /// eq(3).matches(any: nil)                // .mismatch("nil is not a value of type Int")
  /// ```
  public func matches(any value: Any?) -> MatchResult {
    // Fast path for a non-optional T: the value is a T (one dynamic cast, no unwrapping). An
    // optional T keeps the flattening below, whose treatment of nested optionals differs from a
    // plain cast.
    if !_checksOptionalType, let value, let typed = value as? T {
      return matches(typed)
    }
    guard let value, let present = _flattenOptional(value) else {
      if let optionalType = T.self as? any _OptionalProtocol.Type,
        let none = optionalType._none as? T
      {
        return matches(none)
      }
      return .mismatch("nil is not a value of type \(_render(type: T.self))")
    }
    if let typed = present as? T {
      return matches(typed)
    }
    return .mismatch(
      "value of type \(_render(type: type(of: present))) does not conform to expected type "
        + _render(type: T.self)
    )
  }

  /// ``matches(any:)``'s verdict, reached the same way, with no sentence built for a mismatch: what
  /// verifications and stubs evaluate for each recorded or incoming argument. A value of exactly
  /// type `T` is read as one directly (``_exactCast(_:to:)``: no dynamic cast, no optional of `T`).
  @usableFromInline
  package func _matchesAny(_ value: Any?) -> Bool {
    _core.matchesAny(value)
  }

  /// ``_matchesAny(_:)`` as a closure, for a predicate the engine keeps: it holds only the
  /// matcher's parts (one object, so making it allocates nothing).
  @usableFromInline
  var _verdictOnAny: @Sendable (Any?) -> Bool {
    let core = _core
    return { core.matchesAny($0) }
  }
}

extension _MatcherCore {
  /// ``Matcher/_matchesAny(_:)``.
  final func matchesAny(_ value: Any?) -> Bool {
    if !checksOptionalType, case .some(let present) = value,
      ObjectIdentifier(type(of: present)) == ObjectIdentifier(T.self)
    {
      return verdict(_exactCast(present, to: T.self))
    }
    return matchesAnyByCasting(value)
  }

  /// ``matchesAny(_:)`` past its fast path, out of line: the casts to `T` make an optional of `T`,
  /// whose metadata would otherwise be looked up on every call.
  @inline(never)
  private func matchesAnyByCasting(_ value: Any?) -> Bool {
    if !checksOptionalType, let value, let typed = value as? T { return verdict(typed) }
    guard let value, let present = _flattenOptional(value) else {
      if let optionalType = T.self as? any _OptionalProtocol.Type, let none = optionalType._none as? T {
        return verdict(none)
      }
      return false
    }
    if let typed = present as? T { return verdict(typed) }
    return false
  }
}
