/// What a ``CallLog`` query looks for: calls of one method whose arguments match.
///
/// ```swift
/// // fetch(id: 42, _) — any second argument
/// let pattern = CallPattern("fetch", arguments: .exactly([.equal(Structure(42)), .any]))
/// log.count(matching: pattern)
///
/// // every call of fetch, whatever its arguments
/// log.count(matching: CallPattern("fetch"))
/// ```
public struct CallPattern: Sendable {
  /// The method name, as recorded. A name never recorded matches nothing.
  public var method: String
  /// What the arguments must be.
  public var arguments: ArgumentsPattern

  /// Per argument position, the fast forms of a predicate's matcher (see ``_PlainArgumentForm``):
  /// set by mock verification for built-in matchers; empty for patterns built by hand.
  package var _plainArgumentForms: [_PlainArgumentForm?] = []

  /// A pattern for calls of `method` whose arguments match `arguments` (default: any arguments).
  ///
  /// ```swift
  /// CallPattern("reset", arguments: .exactly([]))  // reset() with no arguments
  /// ```
  public init(_ method: String, arguments: ArgumentsPattern = .any) {
    self.method = method
    self.arguments = arguments
  }
}

/// The arguments part of a ``CallPattern``.
///
/// ```swift
/// let anything: ArgumentsPattern = .any
/// let none: ArgumentsPattern = .exactly([])                   // a call with no arguments
/// let one: ArgumentsPattern = .exactly([.equal(Structure("a"))])
/// ```
public enum ArgumentsPattern: Sendable {
  /// Any number of arguments with any values.
  case any
  /// Exactly these many arguments, each matching its pattern (`[]`: recorded with no arguments).
  case exactly([ArgumentPattern])
}

/// The pattern of one argument.
///
/// Queries check `.any` and `.equal` first (hash, then bytes), and call a `.predicate` only for
/// calls that passed every other check of the pattern.
///
/// ```swift
/// .equal(Structure(3))
/// .predicate { $0.structure.description.hasPrefix("\"user-") }
/// .predicate { ($0.value as? Int).map { $0 > 10 } ?? false }   // needs kept values
/// .valuePredicate { ($0 as? Int).map { $0 > 10 } ?? false }      // the same, cheaper
/// ```
public enum ArgumentPattern: Sendable {
  /// Any value.
  case any
  /// Structurally equal to this value.
  case equal(Structure)
  /// The predicate decides. It runs inside the log's lock, on the querying thread, and must not
  /// use the same log (that would deadlock).
  case predicate(@Sendable (RecordedArgument) -> Bool)
  /// The predicate decides from the kept argument value alone (nil when the log does not
  /// keep values, see ``CallLog/keepsValues``). The cheapest predicate: no ``Structure`` is
  /// built for the argument. Same rules as ``predicate(_:)``: inside the lock, never the same log.
  case valuePredicate(@Sendable (Any?) -> Bool)
}

/// One recorded argument, as a predicate sees it.
///
/// ```swift
/// .predicate { argument in
///   guard let user = argument.value as? User else { return false }
///   return user.age > 18
/// }
/// ```
public struct RecordedArgument {
  /// Index of the call in its log.
  public let callIndex: Int
  /// Position of the argument in the call (0 for the first).
  public let position: Int
  /// The argument's structure, encoded when the call was recorded (a snapshot).
  public let structure: Structure
  /// The argument value itself, when the log keeps values (``CallLog/keepsValues``);
  /// otherwise nil. A kept reference-type value is the live instance: it may have changed
  /// since the call, unlike ``structure``.
  public let value: Any?
  /// Whether ``value`` holds the kept value (false for a log that keeps structures only).
  public let isValueRetained: Bool
}
