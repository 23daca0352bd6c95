/// A matcher that accepts every value of type `T`.
///
/// The type comes from context, for example the parameter a stub or verification expects:
///
/// ```swift
/// let matcher: Matcher<String> = any()
/// matcher.matches("anything")  // .match
/// ```
@inlinable
public func any<T>() -> Matcher<T> {
  // A core of its own (one small allocation): a core shared by every test would have its
  // reference count written by every core at once, which kept parallel tests from scaling.
  Matcher(_core: _AnyCore<T>(namingType: false, waits: _MatcherWaits(), captor: nil))
}

/// A matcher that accepts every value, for places where no type can be inferred, such as a mixed
/// argument list `[eq("x"), any(), 5]`.
///
/// ```swift
/// let arguments: [Any?] = [eq("x"), any(), 5]
/// ```
public func any() -> Matcher<Any?> {
  Matcher("any()", engineForm: .any) { _ in .match }
}

/// A matcher that accepts every value of the given type.
///
/// Naming the type helps where context cannot infer it. Erased (see ``AnyArgumentMatcher``), it
/// still rejects values of other types.
///
/// ```swift
/// let matcher = any(Int.self)
/// matcher.description          // "any(Int)"
/// matcher.matches(any: "x")
/// // .mismatch("value of type String does not conform to expected type Int")
/// ```
@inlinable
public func any<T>(_ type: T.Type) -> Matcher<T> {
  Matcher(_core: _AnyCore(namingType: true, waits: _MatcherWaits(), captor: nil))
}

/// The core of `any()` and `any(T.self)`: accepts every value of `T` (one object, no closures; see
/// ``_MatcherCore``).
///
/// `@unchecked Sendable`, restated as the compiler requires of a subclass of ``_MatcherCore``: its
/// own stored property, `namingType`, is a `let` constant of a `Sendable` type.
@usableFromInline
final class _AnyCore<T>: _MatcherCore<T>, @unchecked Sendable {
  /// Whether the description names the type (`any(Int)`, not `any()`).
  let namingType: Bool

  @usableFromInline
  init(namingType: Bool, waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) {
    self.namingType = namingType
    super.init(enginePredicate: .anyValue, waits: waits, captor: captor)
  }

  override func describe() -> String { namingType ? "any(\(_render(type: T.self)))" : "any()" }

  override func check(_ value: T) -> MatchResult { .match }

  override func verdict(_ value: T) -> Bool { true }

  override var engineForm: _MatcherEngineForm { _anyForm(T.self) }

  override func with(waits: _MatcherWaits<T>, captor: (any AnyObject & Sendable)?) -> _MatcherCore<T> {
    _AnyCore(namingType: namingType, waits: waits, captor: captor)
  }
}

/// The engine answers `any` without looking only when the matcher accepts every value (`T` is
/// `Any` or `Any?`); `any(Int.self)` must still reject a `String`, so it checks the type.
func _anyForm<T>(_ type: T.Type) -> _MatcherEngineForm {
  T.self == Any.self || T.self == Any?.self ? .any : .opaque
}
