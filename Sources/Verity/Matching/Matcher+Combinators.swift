extension Matcher {
  /// A matcher that accepts values both matchers accept.
  ///
  /// Short-circuits: when `lhs` mismatches, `rhs` is not checked and the mismatch is `lhs`'s.
  ///
  /// ```swift
  /// let matcher = greaterThan(0) && lessThan(10)
  /// matcher.description  // "(greaterThan(0) && lessThan(10))"
  /// matcher.matches(-1)  // .mismatch("-1 is not greater than 0")
  /// ```
  public static func && (lhs: Matcher<T>, rhs: Matcher<T>) -> Matcher<T> {
    let form: _MatcherEngineForm =
      switch (lhs.engineForm, rhs.engineForm) {
      case (.any, .any): .any
      default: .opaque
      }
    let (left, right) = (lhs.verdictFunction, rhs.verdictFunction)
    var combined = Matcher(
      composing: .all, [lhs, rhs], "(\(lhs.description) && \(rhs.description))", engineForm: form,
      waiting: max(lhs.waiting, rhs.waiting), test: { left($0) && right($0) }
    ) { value in
      switch lhs.matches(value) {
      case .match: rhs.matches(value)
      case .mismatch(let why): .mismatch(why)
      }
    }
    if combined.waiting > .zero {
      // Only the part that rejected the value decides how long waiting may help.
      combined._waitingFor = { value in left(value) ? rhs._waiting(for: value) : lhs._waiting(for: value) }
      // Both parts accept the value: either may come to reject it (so `!(a && b)` waits as
      // `!a || !b` does).
      combined._waitingForMismatch = { value in
        max(lhs._waitingUntilMismatch(for: value), rhs._waitingUntilMismatch(for: value))
      }
    }
    return combined
  }

  /// A matcher that accepts values either matcher accepts.
  ///
  /// Short-circuits: when `lhs` matches, `rhs` is not checked. When both mismatch, the message
  /// joins both reasons with `and`.
  ///
  /// ```swift
  /// let matcher = lessThan(0) || greaterThan(10)
  /// matcher.description  // "(lessThan(0) || greaterThan(10))"
  /// matcher.matches(5)   // .mismatch("5 is not less than 0 and 5 is not greater than 10")
  /// ```
  public static func || (lhs: Matcher<T>, rhs: Matcher<T>) -> Matcher<T> {
    let (left, right) = (lhs.verdictFunction, rhs.verdictFunction)
    var combined = Matcher(
      composing: .either, [lhs, rhs], "(\(lhs.description) || \(rhs.description))", engineForm: .opaque,
      waiting: max(lhs.waiting, rhs.waiting), test: { left($0) || right($0) }
    ) { value in
      guard case .mismatch(let first) = lhs.matches(value) else { return .match }
      guard case .mismatch(let second) = rhs.matches(value) else { return .match }
      return .mismatch("\(first) and \(second)")
    }
    if combined.waiting > .zero {
      // Both parts rejected the value: either may come to hold while waiting.
      combined._waitingFor = { value in max(lhs._waiting(for: value), rhs._waiting(for: value)) }
      // The part that accepted the value (the first, when both do: `||` short-circuits) must come
      // to reject it, so `!(a || b)` waits as `!a && !b` does.
      combined._waitingForMismatch = { value in
        left(value) ? lhs._waitingUntilMismatch(for: value) : rhs._waitingUntilMismatch(for: value)
      }
    }
    return combined
  }

  /// A matcher that accepts exactly the values `matcher` rejects.
  ///
  /// ```swift
  /// let matcher = !eq(3)
  /// matcher.description  // "!eq(3)"
  /// matcher.matches(3)   // .mismatch("3 matches eq(3)")
  /// ```
  public static prefix func ! (matcher: Matcher<T>) -> Matcher<T> {
    // A bare name reads better in parentheses: `!(exists)`, while `!contains("moon")` stays.
    @Sendable func name() -> String {
      let inner = matcher.description
      return inner.contains("(") ? inner : "(\(inner))"
    }
    let form: _MatcherEngineForm =
      switch matcher.engineForm {
      case .equal(let value): .notEqual(value)
      case .notEqual(let value): .equal(value)
      default: .opaque
      }
    let test = matcher.verdictFunction
    var negated = Matcher(
      composing: .not, [matcher], "!\(name())", engineForm: form, waiting: matcher.waiting, test: { !test($0) }
    ) { value in
      matcher.matches(value).isMatch
        ? .mismatch("\(_render(value)) matches \(matcher.description)") : .match
    }
    if matcher.waiting > .zero {
      // The negation accepts what the matcher rejects: it waits for the matcher to turn.
      negated._waitingFor = { value in matcher._waitingUntilMismatch(for: value) }
      negated._waitingForMismatch = { value in matcher._waiting(for: value) }
    }
    return negated
  }
}

extension Matcher {
  /// A composition of `parts` (see ``_CompositeCore``).
  init(
    composing operation: _CompositeCore<T>.Operation, _ parts: [Matcher<T>],
    _ description: @autoclosure @escaping @Sendable () -> String, engineForm: _MatcherEngineForm,
    waiting: Duration, test: @escaping @Sendable (T) -> Bool, _ check: @escaping @Sendable (T) -> MatchResult
  ) {
    self.init(
      _core: _CompositeCore(
        operation: operation, parts: parts.map(\._core), describe: description, check: check, test: test,
        engineForm: engineForm, waiting: waiting, waits: _MatcherWaits(), captor: nil))
  }
}

/// The core of `&&`, `||` and `!`: besides the composed closures that check a `T`, it keeps its
/// parts, so that a value of any other type is put to each part as it was given (rule 5 of
/// ValuesOfOtherTypes.swift: a part answers the same alone and composed), and the captors among
/// them capture the calls the whole composition accepts.
///
/// `@unchecked Sendable`, as the compiler requires of a subclass of ``_MatcherCore``: its own
/// stored properties are constants of `Sendable` types.
final class _CompositeCore<T>: _MatcherCore<T>, @unchecked Sendable {
  enum Operation: Sendable {
    /// Every part accepts (`&&`).
    case all
    /// Some part accepts (`||`).
    case either
    /// The one part rejects (`!`).
    case not
  }

  let operation: Operation
  let parts: [_MatcherCore<T>]

  init(
    operation: Operation, parts: [_MatcherCore<T>], describe: @escaping @Sendable () -> String,
    check: @escaping @Sendable (T) -> MatchResult, test: (@Sendable (T) -> Bool)?, engineForm: _MatcherEngineForm,
    waiting: Duration, waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?
  ) {
    self.operation = operation
    self.parts = parts
    super.init(
      describe: describe, check: check, test: test, enginePredicate: nil, engineForm: engineForm, waiting: waiting,
      waits: waits, captor: captor, checksOptionalType: _isOptional(T.self))
  }

  override func evaluateOtherValue(_ value: Any?, explaining: Bool) -> MatchResult {
    switch operation {
    case .all:
      for part in parts {
        let answer = part.evaluateOnAny(value, explaining: explaining)
        if !answer.isMatch { return answer }
      }
      return .match
    case .either:
      var reasons: [String] = []
      for part in parts {
        guard case .mismatch(let why) = part.evaluateOnAny(value, explaining: explaining) else { return .match }
        if explaining { reasons.append(why) }
      }
      return .mismatch(reasons.joined(separator: " and "))
    case .not:
      guard parts[0].evaluateOnAny(value, explaining: false).isMatch else { return .match }
      return .mismatch(explaining ? "\(_render(value as Any)) matches \(parts[0].describe())" : "")
    }
  }

  override var hasNestedCaptors: Bool {
    parts.contains { $0.captor != nil || $0.hasNestedCaptors }
  }

  override var nestedCaptors: [any ArgumentCapturing] {
    parts.flatMap { part -> [any ArgumentCapturing] in
      if let own = part.captor as? any ArgumentCapturing { return [own] + part.nestedCaptors }
      return part.nestedCaptors
    }
  }

  override func with(waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) -> _MatcherCore<T> {
    _CompositeCore(
      operation: operation, parts: parts, describe: _describe!, check: _check!, test: test, engineForm: _engineForm,
      waiting: waiting, waits: waits, captor: captor)
  }
}
