import Foundation
import Testing
@testable import Verity

/// Verifications and stubs ask a matcher for its verdict with no mismatch sentence built
/// (`verdictOnAny`); `matches(any:)` (Assert, robots, messages) reads the value the same way and
/// builds the sentence. Both must give the same verdict for every value a user can pass.
@Suite struct MatcherVerdictAgreementTests {
  final class Box: Equatable, Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (a: Box, b: Box) -> Bool { a.value == b.value }
  }

  struct Line: Equatable, Sendable { var sku: String; var price: Double }

  /// Values at the edges a user reaches: nil-likes, optional layers, other integer widths, NaN and
  /// -0.0, precomposed and decomposed text, a class instance shared by two places, a function, and
  /// values inside a second existential layer.
  static func values() -> [(String, Any?)] {
    let shared = Box(1)
    return [
      ("nil", nil), ("NSNull", NSNull()), ("Int?.none", Int?.none as Any), ("Int??.some(nil)", Int??.some(nil) as Any),
      ("7", 7), ("Optional(7)", Optional(7) as Any), ("Int8(7)", Int8(7)), ("7.0", 7.0), ("\"7\"", "7"),
      ("NaN", Double.nan), ("-0.0", -0.0), ("0.0", 0.0),
      ("é precomposed", "\u{E9}"), ("é decomposed", "e\u{301}"),
      ("Box(1)", shared), ("same Box(1)", shared), ("Box(2)", Box(2)),
      ("Line", Line(sku: "é", price: 1)), ("Line NaN", Line(sku: "é", price: .nan)),
      ("function", { (x: Int) in x } as Any),
      // An `Any` boxed in the `Any`: `type(of:)` sees through it, opening the existential does not.
      ("Any(7)", inAny(7 as Any)), ("Any(Line)", inAny(Line(sku: "é", price: 1) as Any)),
      ("Any(Optional(7))", inAny(Optional(7) as Any)),
    ]
  }

  /// `value` in an `Any` of its own: for `value` of type `Any`, an existential inside an existential.
  static func inAny<T>(_ value: T) -> Any { value }

  static func matchers() -> [(String, any _CompilableMatcher)] {
    [
      ("eq(7)", eq(7)), ("!eq(7)", !eq(7)), ("eq(7.0)", eq(7.0)), ("eq(-0.0)", eq(-0.0)), ("eq(nan)", eq(Double.nan)),
      ("eq(é)", eq("\u{E9}")), ("eq(Int?.none)", eq(Int?.none)), ("isNil()", isNil() as Matcher<Int?>),
      ("isNotNil()", isNotNil() as Matcher<Int?>), ("any() Int", any() as Matcher<Int>), ("any(Int?.self)", any(Int?.self)),
      ("lessThan(8)", lessThan(8)), ("eq(Box(1))", eq(Box(1))), ("eq(Line)", eq(Line(sku: "é", price: 1))),
      ("hasPrefix(e)", hasPrefix("e")), ("eq(Optional(7)) || isNil()", (eq(Optional(7)) as Matcher<Int?>) || isNil()),
    ]
  }

  @Test func aMatchersVerdictIsTheSameWithAndWithoutItsSentence() {
    for (matcherName, matcher) in Self.matchers() {
      for (valueName, value) in Self.values() {
        #expect(
          matcher.verdictOnAny(value) == matcher.matches(any: value).isMatch, "\(matcherName) on \(valueName)")
      }
    }
  }
}
