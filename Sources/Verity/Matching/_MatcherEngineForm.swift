/// The form in which the C engine can evaluate a matcher without calling back into Swift.
///
/// `any` matches every value; `equal` matches values whose canonical structure equals the
/// structure of the payload; `opaque` has to be evaluated by calling the matcher's Swift closure.
/// Not public API: mock verification uses it to build engine query patterns.
@usableFromInline
package enum _MatcherEngineForm: Sendable {
  case opaque
  case any
  case equal(any Sendable)
  /// Matches values whose structure differs from the payload's (`isNotNil()`, `!eq(x)`).
  case notEqual(any Sendable)

  /// The value whose structure is nil (`NIL`): what `isNil()` compares with, as a plain `nil` does.
  package static let nilValue: any Sendable = Int?.none
}
