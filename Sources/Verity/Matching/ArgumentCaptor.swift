import Foundation

/// Captures the values an argument had in the calls a verification matched.
///
/// Put the captor where the argument goes; it matches any value, and after the verification it
/// holds the values of that argument in every matching call, in recording order:
///
/// ```swift
/// let email = ArgumentCaptor<String>()
/// manager.verifyCall(withIdentifier: "beginAuthentication",
///                    arguments: [email, any(), any()], mode: .atLeastOnce)
/// #expect(email.lastValue == "Fixture Email")
/// ```
///
/// Every matching call's argument must be a `Value`, as a matcher of `Value` reads it (an `Int8(5)`
/// is the `Int` 5; see ``Matcher/matches(any:)``): otherwise the verification fails with
/// `captor(Int) cannot capture argument 1 of take: it is a String` and captures nothing. A nil
/// argument (or `NSNull`) is captured as nil by a captor of an optional type, and fails others.
/// The values are the ones passed to the mock (for a class, the instance itself, with its current
/// state). A captor captures only when its verification passes.
///
/// Captured values accumulate: a captor used in two verifications that pass holds the values of
/// both, in the order the verifications ran (verifying the same calls twice captures them twice).
/// Use a new captor for each verification whose values you read on their own.
///
/// `Value` need not be `Sendable`: a captor can hold a completion handler, a `[String: Any]` or an
/// instance of a non-`Sendable` class, so the test can call the handler back. The values stay
/// behind the captor's lock until the test reads them:
///
/// ```swift
/// let completion = ArgumentCaptor<(Result<Album, any Error>) -> Void>()
/// verify(service.$fetch(id: 1, completion: completion.capture()))
/// completion.lastValue?(.success(album))
/// ```
public final class ArgumentCaptor<Value>: Sendable, CustomStringConvertible {
  private let captured = _Lock<[Value]>([])

  /// Creates an empty captor.
  public init() {}

  /// Every captured value, oldest first.
  public var allValues: [Value] { captured._withLock { $0 } }

  /// The most recently captured value, or nil when nothing was captured.
  public var lastValue: Value? { captured._withLock { $0.last } }

  /// How the captor appears in messages: `captor(String)`.
  public var description: String { "captor(\(Value.self))" }

  /// The captor as a matcher, for a generated mock's handle: it matches any value, and a
  /// verification that passes captures the argument's values.
  ///
  /// ```swift
  /// let saved = ArgumentCaptor<Album>()
  /// verify(service.$save(album: saved.capture()))
  /// #expect(saved.lastValue?.name == "Wish")
  /// ```
  ///
  /// Inside a composition it captures the argument in the calls the whole matcher accepts:
  /// `greaterThan(0) && saved.capture()` captures the positive values, and `!saved.capture()`
  /// (which accepts nothing) captures none.
  ///
  /// In a stub (`when`) it matches any value and captures nothing.
  public func capture() -> Matcher<Value> {
    var matcher = Matcher<Value>(self.description, engineForm: .any) { _ in .match }
    matcher._captor = self
    return matcher
  }
}

/// A captor, type-erased so an ``Arguments`` list can hold it.
@usableFromInline
protocol ArgumentCapturing: Sendable, CustomStringConvertible {
  /// What the first matching call's argument is when it cannot be captured (`"a String"`,
  /// `"nil"`), or nil when every one can.
  func uncapturable(from log: CallLog, argument: Int, matching pattern: CallPattern) -> String?
  /// Appends the values of argument `argument` in the calls matching `pattern`.
  func capture(from log: CallLog, argument: Int, matching pattern: CallPattern)
}

extension ArgumentCaptor: ArgumentCapturing {
  @usableFromInline
  func uncapturable(from log: CallLog, argument: Int, matching pattern: CallPattern) -> String? {
    var problem: String? = nil
    log._forEachKeptValue(argument: argument, matching: pattern) { value in
      guard problem == nil, Self.captured(value) == nil else { return }
      guard let value, let present = _flattenOptional(value) else {
        problem = "nil"
        return
      }
      problem = "a \(_render(type: type(of: present)))"
    }
    return problem
  }

  @usableFromInline
  func capture(from log: CallLog, argument: Int, matching pattern: CallPattern) {
    // The values go straight into the captor's storage, under its lock (a `Value` need not be
    // `Sendable`, so it never travels outside).
    captured._withLock { values in
      log._forEachKeptValue(argument: argument, matching: pattern) { value in
        if let captured = Self.captured(value) { values.append(captured) }
      }
    }
  }

  /// The argument as a `Value`: itself, or with its optional layers (and `NSNull`) looked
  /// through; nil-like arguments become nil for an optional `Value`.
  private static func captured(_ value: Any?) -> Value? {
    // As a matcher of `Value` reads it (ValuesOfOtherTypes.swift): an `Int8(5)` is the `Int` 5, an
    // `NSNumber` is read by its structure, never bridged.
    _recordedValue(value, as: Value.self)
  }
}
