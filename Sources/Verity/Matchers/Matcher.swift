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
  /// How the matcher reads in messages, for example `eq("x")` or `(isNotNil() && lessThan(3))`.
  ///
  /// Built when it is read, not when the matcher is made: a passing verification never renders
  /// its matchers' values.
  public var description: String { describe() }

  private let describe: @Sendable () -> String

  private let check: @Sendable (T) -> MatchResult

  /// The same answer as ``matches(_:)``, without building a mismatch sentence: what queries over
  /// many recorded calls run.
  package let _test: @Sendable (T) -> Bool

  /// A form of this matcher the C engine evaluates on argument bytes (built-in comparisons and
  /// string matchers), or nil.
  package let _engineTest: _EngineTest?

  /// How the engine can evaluate this matcher; see ``_MatcherEngineForm``.
  package let engineForm: _MatcherEngineForm

  /// How long a robot (or `element.assert`) keeps re-checking a value that does not match yet
  /// before it reports the mismatch; zero for matchers that answer at once. Combinators keep the
  /// longest of their parts. ``Assert(that:fileID:filePath:line:column:)`` checks once.
  package let waiting: Duration

  /// How long waiting may still change the verdict on a value this matcher rejects, when that
  /// depends on the value (nil: always ``waiting``). Combinators set it so that only the parts
  /// that rejected the value count: `exists && contains("x")` on a present element with other text
  /// fails at once, since `contains` does not wait, while on a missing element it waits for it.
  package var _waitingFor: (@Sendable (T) -> Duration)? = nil

  /// How long a robot may keep re-checking `value`, which this matcher rejects.
  package func _waiting(for value: T) -> Duration {
    _waitingFor?(value) ?? waiting
  }

  /// The ``ArgumentCaptor`` this matcher stands for (``ArgumentCaptor/capture()``), or nil.
  package var _captor: (any Sendable)? = nil

  /// Whether `T` is an `Optional` type, decided once: ``matches(any:)`` may then skip its optional
  /// unwrapping for values that are already a `T`.
  package let _checksOptionalType: Bool

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
  ///   - engineTest: the engine form of the check, for the built-in matchers that have one.
  ///   - description: built only when read (a failure message, ``description``).
  package init(
    _ description: @autoclosure @escaping @Sendable () -> String,
    engineForm: _MatcherEngineForm,
    waiting: Duration = .zero,
    test: (@Sendable (T) -> Bool)? = nil,
    engineTest: _EngineTest? = nil,
    _ check: @escaping @Sendable (T) -> MatchResult
  ) {
    self.describe = description
    self.engineForm = engineForm
    self.waiting = waiting
    self.check = check
    self._test = test ?? { check($0).isMatch }
    self._engineTest = engineTest
    self._checksOptionalType = T.self is any _OptionalProtocol.Type
  }

  /// Checks a value.
  ///
  /// ```swift
  /// hasPrefix("ab").matches("abc")  // .match
  /// ```
  public func matches(_ value: T) -> MatchResult {
    check(value)
  }
}

extension Matcher: CustomStringConvertible {}
