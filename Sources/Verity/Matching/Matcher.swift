/// A reusable, describable check on values of type `T`.
///
/// A matcher pairs a ``description`` (how it reads in messages, for example `greaterThan(3)`) with
/// a check that answers ``MatchResult/match`` or ``MatchResult/mismatch(_:)`` with a sentence
/// saying why the value does not fit. The same matchers serve assertions
/// (``Assertion/matches(_:fileID:filePath:line:column:)``), stubbing and verification.
///
/// ```swift
/// let matcher = greaterThan(0) && lessThan(10)
/// matcher.description  // "(greaterThan(0) && lessThan(10))"
/// matcher.matches(12)  // .mismatch("12 is not less than 10")
/// ```
///
/// ## Writing your own matcher
///
/// Write a function that returns a `Matcher`, built from a description and a closure:
///
/// ```swift
/// func isEven() -> Matcher<Int> {
///   Matcher("isEven()") { value in
///     value.isMultiple(of: 2) ? .match : .mismatch("\(value) is odd")
///   }
/// }
///
/// Assert(that: 4).matches(isEven())
/// Assert(that: 7).matches(isEven() || eq(7))
/// ```
///
/// Matchers are `Sendable`: their closures are `@Sendable`, and built-in matchers that capture an
/// expected value require it to be `Sendable`, so matchers can be stored in mocks and stubs that
/// are shared between tasks.
public struct Matcher<T>: Sendable {
  /// The matcher's parts, shared by its copies (see ``_MatcherCore``).
  private var core: _MatcherCore<T>

  /// How the matcher reads in messages, for example `eq("x")` or `(isNotNil() && lessThan(3))`.
  ///
  /// Built when it is read, not when the matcher is made: a passing verification never renders
  /// its matchers' values.
  public var description: String { core.describe() }

  /// The same answer as ``matches(_:)``, without building a mismatch sentence: what queries over
  /// many recorded calls run.
  package var verdictFunction: @Sendable (T) -> Bool {
    if let test = core.test { return test }
    let core = self.core
    return { core.verdict($0) }
  }

  /// A form of this matcher the C engine evaluates on argument bytes (built-in comparisons and
  /// string matchers), or nil.
  package var enginePredicate: _EnginePredicate? { core.enginePredicate }

  /// How the engine can evaluate this matcher; see ``_MatcherEngineForm``.
  @usableFromInline
  package var engineForm: _MatcherEngineForm { core.engineForm }

  /// How long a robot (or `element.assert`) keeps re-checking a value that does not match yet
  /// before it reports the mismatch; zero for matchers that answer at once. Combinators keep the
  /// longest of their parts. ``Assert(that:fileID:filePath:line:column:)`` checks once.
  package var waiting: Duration { core.waiting }

  /// How long waiting may still change the verdict on a value this matcher rejects, when that
  /// depends on the value (nil: always ``waiting``). Combinators set it so that only the parts
  /// that rejected the value count: `exists && contains("x")` on a present element with other text
  /// fails at once, since `contains` does not wait, while on a missing element it waits for it.
  package var _waitingFor: (@Sendable (T) -> Duration)? {
    get { core.waits.untilMatch }
    set { core = core.with(waits: _MatcherWaits(untilMatch: newValue, untilMismatch: core.waits.untilMismatch), captor: core.captor) }
  }

  /// How long waiting may still change the verdict on a value this matcher accepts, when that
  /// depends on the value (nil: always ``waiting``): what the negation `!matcher` waits on a value
  /// it rejects. Combinators set it by De Morgan's laws, so `!(a && b)` waits as `!a || !b` waits
  /// and `!(a || b)` as `!a && !b`.
  package var _waitingForMismatch: (@Sendable (T) -> Duration)? {
    get { core.waits.untilMismatch }
    set { core = core.with(waits: _MatcherWaits(untilMatch: core.waits.untilMatch, untilMismatch: newValue), captor: core.captor) }
  }

  /// How long a robot may keep re-checking `value`, which this matcher rejects.
  package func _waiting(for value: T) -> Duration {
    core.waits.untilMatch?(value) ?? core.waiting
  }

  /// How long waiting may make this matcher reject `value`, which it accepts (what `!self` waits).
  package func _waitingUntilMismatch(for value: T) -> Duration {
    core.waits.untilMismatch?(value) ?? core.waiting
  }

  /// The ``ArgumentCaptor`` this matcher stands for (``ArgumentCaptor/capture()``), or nil. (A
  /// class reference: copying a matcher's parts or ending them costs one reference count, not an
  /// existential's copy.)
  package var _captor: (any AnyObject & Sendable)? {
    get { core.captor }
    set { core = core.with(waits: core.waits, captor: newValue) }
  }

  /// Creates a matcher from a description and a check that explains mismatches.
  ///
  /// - Parameters:
  ///   - description: How the matcher reads in messages; by convention the call that made it,
  ///     such as `isEven()`.
  ///   - check: Returns ``MatchResult/match`` or a ``MatchResult/mismatch(_:)`` describing the
  ///     checked value.
  ///
  /// ```swift
  /// let short = Matcher<String>("shorterThan(5)") { value in
  ///   value.count < 5 ? .match : .mismatch("\"\(value)\" has \(value.count) characters")
  /// }
  /// ```
  public init(_ description: String, _ check: @escaping @Sendable (T) -> MatchResult) {
    self.init(description, engineForm: .opaque, check)
  }

  /// Creates a matcher from a description and a predicate.
  ///
  /// A value that fails the predicate mismatches with `"<value> does not satisfy <description>"`.
  ///
  /// ```swift
  /// let even = Matcher<Int>("isEven()", where: { $0.isMultiple(of: 2) })
  /// even.matches(3)  // .mismatch("3 does not satisfy isEven()")
  /// ```
  public init(_ description: String, where predicate: @escaping @Sendable (T) -> Bool) {
    self.init(description, engineForm: .opaque, test: predicate) { value in
      predicate(value) ? .match : .mismatch("\(_render(value)) does not satisfy \(description)")
    }
  }

  /// - Parameters:
  ///   - test: the check's answer without a sentence (default: the check's `isMatch`).
  ///   - enginePredicate: the engine form of the check, for the built-in matchers that have one.
  ///   - description: built only when read (a failure message, ``description``).
  package init(
    _ description: @autoclosure @escaping @Sendable () -> String,
    engineForm: _MatcherEngineForm,
    waiting: Duration = .zero,
    test: (@Sendable (T) -> Bool)? = nil,
    enginePredicate: _EnginePredicate? = nil,
    _ check: @escaping @Sendable (T) -> MatchResult
  ) {
    core = _MatcherCore(
      describe: description, check: check, test: test, enginePredicate: enginePredicate,
      engineForm: engineForm, waiting: waiting, waits: _MatcherWaits(), captor: nil,
      checksOptionalType: _isOptional(T.self))
  }

  /// Checks a value.
  ///
  /// ```swift
  /// hasPrefix("ab").matches("abc")  // .match
  /// ```
  public func matches(_ value: T) -> MatchResult {
    core.check(value)
  }

  /// A matcher with this core (a subclass's, such as `eq`'s).
  @usableFromInline
  init(_core: _MatcherCore<T>) {
    core = _core
  }

  /// The matcher's parts, for reading in place.
  @usableFromInline
  var _core: _MatcherCore<T> { core }
}

extension Matcher: CustomStringConvertible {}

/// What every matcher core answers whatever its value type: what a generated mock's handle keeps
/// of its matchers (one reference each) until a query needs them compiled
/// (``MockCall/expected``), and what a verification of a small log asks them directly
/// (``MockStorage/verifiesQuickly(_:_:typeIsExact:mode:at:)``). ``_MatcherCore`` is the one conformer.
@usableFromInline
protocol _HandleMatcher: AnyObject, Sendable {
  /// The matcher this core is the parts of, for compiling.
  func compilableMatcher() -> any _CompilableMatcher

  /// How a verification of a small log can answer for this matcher (see ``_QuickPathForm``):
  /// as an argument whose recorded values all have the matcher's type (`typeIsExact`, a generated
  /// mock's handle), or as an element of an `[Any?]` list, whose values may have any type.
  func quickPathForm(typeIsExact: Bool) -> _QuickPathForm


  /// The verdict on a recorded value: what the engine runs for a ``_QuickPathForm/verdict``
  /// argument (``Matcher/verdictOnAny(_:)``).
  func verdictOnAny(_ value: Any?) -> Bool
}

/// The parts of a ``Matcher``, immutable and shared by its copies. A matcher is then one reference
/// wide: it sits inline in an `Any` (an argument list `[eq(record), any()]` boxes nothing), and a
/// copy retains one object rather than each of its closures. Setting a part builds a new core.
///
/// A matcher made from closures keeps them here. `eq`, the commonest matcher, is a subclass that
/// keeps its expected value instead (`_EqualCore`): one object, where closures made in a generic
/// function each allocate a context for the generic parameters, and no metadata of a second
/// generic class to look up.
///
/// `@unchecked Sendable` because a class that can be subclassed cannot state `Sendable`: every
/// stored property here and in the subclass is a constant of a `Sendable` type.
@usableFromInline
class _MatcherCore<T>: _HandleMatcher, @unchecked Sendable {
  let _describe: (@Sendable () -> String)?
  let _check: (@Sendable (T) -> MatchResult)?
  /// The check's answer without a sentence, when the matcher has a faster one than `check`.
  let test: (@Sendable (T) -> Bool)?
  let enginePredicate: _EnginePredicate?
  let _engineForm: _MatcherEngineForm
  let waiting: Duration
  let waits: _MatcherWaits<T>
  let captor: (any AnyObject & Sendable)?
  let checksOptionalType: Bool

  init(
    describe: @escaping @Sendable () -> String, check: @escaping @Sendable (T) -> MatchResult,
    test: (@Sendable (T) -> Bool)?, enginePredicate: _EnginePredicate?, engineForm: _MatcherEngineForm,
    waiting: Duration, waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?, checksOptionalType: Bool
  ) {
    self._describe = describe
    self._check = check
    self.test = test
    self.enginePredicate = enginePredicate
    self._engineForm = engineForm
    self.waiting = waiting
    self.waits = waits
    self.captor = captor
    self.checksOptionalType = checksOptionalType
  }

  /// For a subclass, which overrides `describe()`, `check(_:)`, `verdict(_:)`, `engineForm` and
  /// `with(waits:captor:)`.
  init(enginePredicate: _EnginePredicate? = nil, waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) {
    self._describe = nil
    self._check = nil
    self.test = nil
    self.enginePredicate = enginePredicate
    self._engineForm = .opaque
    self.waiting = .zero
    self.waits = waits
    self.captor = captor
    self.checksOptionalType = _isOptional(T.self)
  }

  /// How the matcher reads in messages.
  func describe() -> String { _describe!() }

  /// The verdict on `value`, with a mismatch's sentence.
  func check(_ value: T) -> MatchResult { _check!(value) }

  /// The verdict on `value` without a sentence (`test`, else `check`'s).
  func verdict(_ value: T) -> Bool {
    if let test { return test(value) }
    return check(value).isMatch
  }

  /// The answer on a value not known to be exactly a `T`, by the rule of ValuesOfOtherTypes.swift
  /// (a composition asks its parts instead): the one evaluator of the rule, for the verdict and
  /// for messages alike. The mismatch's sentence is written only when `explaining`; otherwise a
  /// mismatch carries an empty one.
  func evaluateOtherValue(_ value: Any?, explaining: Bool) -> MatchResult {
    switch reading(value) {
    case .byStructure(true):
      return .match
    case .byStructure(false):
      guard explaining else { return .mismatch("") }
      // Say why in the matcher's words when the value is a `T` by the rule; else that it is not one.
      guard case .some(let taken) = _recordedValue(value, as: T.self) else {
        return notAValueMessage(value.flatMap(_flattenOptional))
      }
      if case .mismatch(let why) = check(taken) { return .mismatch(why) }
      return .mismatch("\(_render(value as Any)) does not match \(describe())")
    case .value(let taken):
      if explaining { return check(taken) }
      return verdict(taken) ? .match : .mismatch("")
    case .notAValue(let present):
      return explaining ? notAValueMessage(present) : .mismatch("")
    }
  }

  /// The captors inside a composition (``captor`` is a bare `capture()`'s own).
  var nestedCaptors: [any ArgumentCapturing] { [] }

  /// Whether a composition has captors among its parts (without listing them).
  var hasNestedCaptors: Bool { false }

  @usableFromInline
  final func compilableMatcher() -> any _CompilableMatcher { Matcher(_core: self) }

  /// How the engine can evaluate the matcher.
  var engineForm: _MatcherEngineForm { _engineForm }

  /// This core with other value-dependent waits and captor.
  func with(waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) -> _MatcherCore {
    _MatcherCore(
      describe: _describe!, check: _check!, test: test, enginePredicate: enginePredicate, engineForm: _engineForm,
      waiting: waiting, waits: waits, captor: captor, checksOptionalType: checksOptionalType)
  }
}

/// How long waiting may change a matcher's verdict on a value, in both directions; nil means the
/// matcher's fixed ``Matcher/waiting`` (a leaf condition such as `exists(waiting: 3)` waits as long
/// for the element to appear as its negation waits for it to go).
@usableFromInline
struct _MatcherWaits<T>: Sendable {
  /// For a value the matcher rejects: how long until it may accept it.
  var untilMatch: (@Sendable (T) -> Duration)? = nil
  /// For a value the matcher accepts: how long until it may reject it.
  var untilMismatch: (@Sendable (T) -> Duration)? = nil

  /// No waits.
  @usableFromInline
  init() {}

  init(untilMatch: (@Sendable (T) -> Duration)?, untilMismatch: (@Sendable (T) -> Duration)?) {
    self.untilMatch = untilMatch
    self.untilMismatch = untilMismatch
  }
}

/// SwiftMock's name for a matcher of arguments: the same type as ``Matcher``, kept so signatures
/// written for SwiftMock (`func isRecent() -> ArgumentMatcher<Date>`) compile unchanged.
///
/// A SwiftMock matcher was a bare predicate closure; a Verity matcher also carries a description
/// for failure messages, so its body names itself:
///
/// ```swift
/// func isLong() -> ArgumentMatcher<String> {
///   Matcher("isLong()", where: { $0.count > 10 })
/// }
/// when(service.$search(query: isLong())).thenReturn([])
/// ```
public typealias ArgumentMatcher<T> = Matcher<T>
