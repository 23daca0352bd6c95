import Foundation

// The one rule for a value a matcher meets through `Any`: a mock's recorded argument, a list
// element of `verifyCall`, a stub's incoming argument. Every path that asks a matcher about such
// a value reads it here (`_MatcherCore.verdictOnAny`, `Matcher.matches(any:)`, captors), and the
// engine's compiled patterns are built to give the same answers (see `ExpectedArgument`). The
// "Equality and matching" article states it for users; the seeded differential test
// (`EvaluatorDifferentialTests`, whose oracle is a reference interpreter of the rule) holds every
// path to it.
//
// 1. A value of the matcher's type `T` gets the matcher's verdict. "Of type `T`" is type identity
//    (or an instance of a subclass of a class `T`), never a bridging cast: an `NSNumber` is not an
//    `Int` here, as it is not to the engine, which compares structures.
// 2. Optional layers are looked through, and nil at any depth (or `NSNull`) is `T`'s nil when `T`
//    is an `Optional` (Verity's one nil); otherwise it is not a `T`.
// 3. A matcher that states an equality (`eq(x)` whose structure decides `==`, `isNil()`, and their
//    negations `!eq(x)`, `isNotNil()`) compares the value's structure with `x`'s, whatever its
//    type: `Structure(Int8(5)) == Structure(5)`, so `eq(5)` accepts an `Int8(5)`. An `any()` of
//    `Any` accepts every value.
// 4. Any other matcher takes a value of another type as the `T` its structure reads back as, when
//    `T` is a plain type (integers of every width, `Float`, `Double`, `Bool`, `String`, and
//    optionals, arrays and string-keyed dictionaries of them): an `Int8(5)` is the `Int` 5 to
//    `lessThan(6)`, a `Float(0.5)` the `Double` 0.5, a `Substring` its `String`, an `NSNumber` its
//    number. A value no reading makes a `T` does not match, and the mismatch says so.
// 5. `&&`, `||` and `!` ask their parts about the value as it was given: a part's answer never
//    depends on what it is composed with.

/// `value` as a `T` by rules 1, 2 and 4 above; nil when it is not one.
@usableFromInline
func _recordedValue<T>(_ value: Any?, as _: T.Type) -> T? {
  if case .some(let typed) = _castRecordedValue(value, as: T.self) { return typed }
  guard let value, let present = _flattenOptional(value) else { return nil }
  return _readingStructure(of: present, as: T.self)
}

/// `value` as a `T` by rules 1 and 2 (optional layers and one nil, then type identity); nil when
/// it is not one that way.
///
/// Identity, not Swift's `as?`: a cast also bridges (an `NSNumber` becomes an `Int`, an `NSString`
/// a `String`, an `[Any]` an `[Int]`, an `Int` an `NSNumber`), and the engine, which compares
/// structures, never does, so a bridging cast would make one path's answer differ from another's.
/// A cast is kept only when the value it gives has the value's own dynamic type: the same type, an
/// instance of a subclass of a class `T`, or a value of a type conforming to an existential `T`.
func _castRecordedValue<T>(_ value: Any?, as _: T.Type) -> T? {
  // (Exactly a `T`, the common case: no optional layers to look through, nothing to cast.)
  if case .some(let present) = value, ObjectIdentifier(type(of: present)) == ObjectIdentifier(T.self) {
    return _exactCast(present, to: T.self)
  }
  guard let value, let present = _flattenOptional(value) else {
    if let optionalType = T.self as? any _OptionalProtocol.Type, let none = optionalType._none as? T {
      return .some(none)
    }
    return nil
  }
  guard let typed = present as? T else { return nil }
  // (Converting the cast value to `Any` opens an existential and keeps a class instance's own type;
  // an optional `T` is looked through as `present` was.)
  let taken: Any? = _isOptional(T.self) ? _flattenOptional(typed) : typed
  guard let taken, type(of: taken) == type(of: present) else { return nil }
  return typed
}

/// What rule 3 or rules 1, 2 and 4 make of a value for one matcher.
enum _OtherValueReading<T> {
  /// The matcher states an equality, and this is its answer by structure.
  case byStructure(Bool)
  /// The value taken as a `T`.
  case value(T)
  /// Not a `T` (the value, flattened, for the message).
  case notAValue(Any?)
}

extension _MatcherCore {
  /// How this matcher reads `value`, which is not known to be exactly a `T` (rules 2 to 4).
  final func reading(_ value: Any?) -> _OtherValueReading<T> {
    // A value that is a `T` gets the verdict (for an equality whose structure decides `==`, the
    // same answer as comparing structures), with no encoding.
    if case .some(let typed) = _castRecordedValue(value, as: T.self) { return .value(typed) }
    switch engineForm {
    case .any:
      return .byStructure(true)
    case .equal(let expected):
      if let bytes = _bytesDecideEquality(expected) { return .byStructure(Structure(encoding: value) == bytes) }
    case .notEqual(let expected):
      if let bytes = _bytesDecideEquality(expected) { return .byStructure(Structure(encoding: value) != bytes) }
    case .opaque:
      break
    }
    let present = value.flatMap(_flattenOptional)
    if let present, let read = _readingStructure(of: present, as: T.self) { return .value(read) }
    return .notAValue(present)
  }

  /// The mismatch sentence for a value that is not a `T`.
  final func notAValueMessage(_ present: Any?) -> MatchResult {
    guard let present else { return .mismatch("nil is not a value of type \(_render(type: T.self))") }
    return .mismatch(
      "value of type \(_render(type: type(of: present))) does not conform to expected type "
        + _render(type: T.self))
  }
}

extension Matcher: AnyArgumentMatcher {
  /// Checks a value of any type against this matcher, by the rule every verification, stub and
  /// in-order check uses:
  ///
  /// - a value of type `T` is checked; optional layers are looked through first, and nil at any
  ///   depth (or `NSNull`) is `T`'s nil when `T` is an `Optional`;
  /// - a matcher that states an equality (`eq(x)`, `isNil()`, `!eq(x)`, `isNotNil()`) compares
  ///   structures, whatever the value's type: `eq(5)` accepts an `Int8(5)`;
  /// - other matchers take a value of another type as the `T` its structure reads back as, when
  ///   `T` is a number, `Bool`, `String`, or an optional, array or string-keyed dictionary of
  ///   them: `lessThan(6)` accepts an `Int8(5)`, `hasPrefix("a")` a `Substring`;
  /// - `&&`, `||` and `!` ask their parts, so a part answers the same inside a composition.
  ///
  /// Any other value mismatches with `"value of type U does not conform to expected type T"`
  /// (or `"nil is not a value of type T"`).
  ///
  /// ```swift
  /// eq(3).matches(any: 3)                  // .match
  /// eq(3).matches(any: Optional(3))        // .match
  /// eq(3).matches(any: Int8(3))            // .match
  /// isNil().matches(any: nil)              // .match
  /// eq(3).matches(any: nil)                // .mismatch("nil is not a value of type Int")
  /// lessThan(3).matches(any: "x")          // .mismatch("value of type String does not conform to expected type Int")
  /// ```
  public func matches(any value: Any?) -> MatchResult {
    _core.checkOnAny(value)
  }

  /// ``matches(any:)``'s verdict, reached the same way, with no sentence built for a mismatch: what
  /// verifications and stubs evaluate for each recorded or incoming argument.
  @usableFromInline
  package func verdictOnAny(_ value: Any?) -> Bool {
    _core.verdictOnAny(value)
  }

  /// ``verdictOnAny(_:)`` as a closure, for a predicate the engine keeps: it holds only the
  /// matcher's parts (one object, so making it allocates nothing).
  @usableFromInline
  var verdictOnAnyFunction: @Sendable (Any?) -> Bool {
    let core = _core
    return { core.verdictOnAny($0) }
  }
}

extension _MatcherCore {
  /// ``Matcher/verdictOnAny(_:)``: a value of exactly type `T` is read as one directly
  /// (``_exactCast(_:to:)``: no dynamic cast, no optional of `T`); anything else by the rule.
  @usableFromInline
  final func verdictOnAny(_ value: Any?) -> Bool {
    if !checksOptionalType, case .some(let present) = value,
      ObjectIdentifier(type(of: present)) == ObjectIdentifier(T.self)
    {
      return verdict(_exactCast(present, to: T.self))
    }
    return evaluateOtherValue(value, explaining: false).isMatch
  }

  /// ``Matcher/matches(any:)``.
  final func checkOnAny(_ value: Any?) -> MatchResult {
    evaluateOnAny(value, explaining: true)
  }

  /// The rule's answer on a value of any type, with the mismatch's sentence when `explaining`
  /// (see ``evaluateOtherValue(_:explaining:)``).
  final func evaluateOnAny(_ value: Any?, explaining: Bool) -> MatchResult {
    if !checksOptionalType, case .some(let present) = value,
      ObjectIdentifier(type(of: present)) == ObjectIdentifier(T.self)
    {
      let taken = _exactCast(present, to: T.self)
      if explaining { return check(taken) }
      return verdict(taken) ? .match : .mismatch("")
    }
    return evaluateOtherValue(value, explaining: explaining)
  }
}
