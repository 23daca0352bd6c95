import Foundation
import Testing
import Verity

/// `hasNoDifference`: `==` decides for `Equatable` values under options that change no
/// comparison; structure decides otherwise.
@Suite struct HasNoDifferenceTests {
  struct Line: Equatable {
    var sku: String
    var quantity: Int
  }

  /// `==` compares only `id`: two entities with one `id` and other names are equal.
  struct Entity: Equatable {
    var id: Int
    var name: String
    static func == (a: Entity, b: Entity) -> Bool { a.id == b.id }
  }

  /// `==` that is never true, for values whose structures are equal.
  struct NeverEqual: Equatable {
    var value: Int
    static func == (a: NeverEqual, b: NeverEqual) -> Bool { false }
  }

  struct Reading: Equatable {
    var value: Double
  }

  /// Not `Equatable`: compared by structure.
  struct PlainReading {
    var value: Double
  }

  @Test func equalEquatableValuesPass() {
    let lines = [Line(sku: "a", quantity: 1), Line(sku: "b", quantity: 2)]
    Assert(that: TestAnAssertion(on: lines).hasNoDifference(from: lines, line: 4))
      .didPass(expectedName: "hasNoDifference", expectedLine: 4)
  }

  @Test func differentEquatableValuesShowTheDiff() {
    let actual = [Line(sku: "a", quantity: 1), Line(sku: "b", quantity: 3)]
    let expected = [Line(sku: "a", quantity: 1), Line(sku: "b", quantity: 2)]
    Assert(that: TestAnAssertion(on: actual).hasNoDifference(from: expected, line: 5))
      .didFail(expectedName: "hasNoDifference", expectedLine: 5)
      .isEqualTo(.message("""
        the values differ (expected → actual; 1 changed):
          [1].quantity: 2 → 3
        """))
  }

  /// `==` decides: an entity equal by `id` passes though its name differs, as with `isEqualTo`.
  @Test func equalsDecidesForEquatableValues() {
    Assert(that: TestAnAssertion(on: Entity(id: 1, name: "Ada")).hasNoDifference(from: Entity(id: 1, name: "Grace"), line: 6))
      .didPass(expectedName: "hasNoDifference", expectedLine: 6)
  }

  /// With options that change the comparison, structure decides: the names differ.
  @Test func optionsThatChangeTheComparisonCompareStructures() {
    let options = DiffOptions(ignoredFields: ["unused"])
    Assert(
      that: TestAnAssertion(on: Entity(id: 1, name: "Ada"))
        .hasNoDifference(from: Entity(id: 1, name: "Grace"), options: options, line: 7)
    )
    .didFail(expectedName: "hasNoDifference", expectedLine: 7)
    .isEqualTo(.message("""
      the values differ (expected → actual; 1 changed):
        name: "Grace" → "Ada"
      ignoredFields that name no field of either value: "unused"
      """))
    // A tolerance lets structure pass what == rejects.
    Assert(
      that: TestAnAssertion(on: Reading(value: 1.0))
        .hasNoDifference(from: Reading(value: 1.05), options: DiffOptions(floatTolerance: 0.1), line: 8)
    )
    .didPass(expectedName: "hasNoDifference", expectedLine: 8)
  }

  /// Options that only shape the explanation (line and edit budgets, identity alignment) keep
  /// `==` deciding.
  @Test func renderingOptionsKeepEqualsDeciding() {
    let options = DiffOptions(identityField: "id", editLimit: 3, lineLimit: 5)
    Assert(
      that: TestAnAssertion(on: Entity(id: 1, name: "Ada"))
        .hasNoDifference(from: Entity(id: 1, name: "Grace"), options: options, line: 9)
    )
    .didPass(expectedName: "hasNoDifference", expectedLine: 9)
  }

  @Test func equalsFailingWithEqualStructuresSaysSo() {
    Assert(that: TestAnAssertion(on: NeverEqual(value: 1)).hasNoDifference(from: NeverEqual(value: 1), line: 10))
      .didFail(expectedName: "hasNoDifference", expectedLine: 10)
      .isEqualTo(.message(
        "== says the values differ, but their structures are equal (the type's == compares something its stored properties do not show)"
      ))
  }

  @Test func aNaNFailsUnderEqualsAndSaysWhy() {
    Assert(that: TestAnAssertion(on: Reading(value: .nan)).hasNoDifference(from: Reading(value: .nan), line: 11))
      .didFail(expectedName: "hasNoDifference", expectedLine: 11)
      .isEqualTo(.message(
        "== says the values differ, but their structures are equal (the value holds a NaN, which is not equal to itself under ==)"
      ))
  }

  struct Limits: Equatable {
    var name: String
    var limit: Int??
  }

  /// Issue 47, item 10: `==` tells `.some(nil)` from `.none`, Verity's one nil does not: the
  /// message says so (and where), not that `==` compares something hidden.
  @Test func aNilAtAnotherOptionalDepthNamesVeritysOneNil() {
    let someNil: Int?? = .some(nil)
    Assert(that: TestAnAssertion(on: someNil).hasNoDifference(from: Int??.none, line: 14))
      .didFail(expectedName: "hasNoDifference", expectedLine: 14)
      .isEqualTo(.message(
        "== says the values differ, but their structures are equal (the value is Optional(nil) and the expected value nil: "
          + "Verity takes nil at any optional depth as one nil, == tells the depths apart)"
      ))
    Assert(
      that: TestAnAssertion(on: Limits(name: "a", limit: .some(nil)))
        .hasNoDifference(from: Limits(name: "a", limit: nil), line: 15)
    )
    .didFail(expectedName: "hasNoDifference", expectedLine: 15)
    .isEqualTo(.message(
      "== says the values differ, but their structures are equal (at .limit the value is Optional(nil) and the expected "
        + "value nil: Verity takes nil at any optional depth as one nil, == tells the depths apart)"
    ))
  }

  /// A value that is not `Equatable` compares by structure, where NaN equals NaN.
  @Test func nonEquatableValuesCompareByStructure() {
    Assert(that: TestAnAssertion(on: PlainReading(value: .nan)).hasNoDifference(from: PlainReading(value: .nan), line: 12))
      .didPass(expectedName: "hasNoDifference", expectedLine: 12)
    let json: [String: Any] = ["a": 1]
    Assert(that: TestAnAssertion(on: json).hasNoDifference(from: ["a": 2], line: 13))
      .didFail(expectedName: "hasNoDifference", expectedLine: 13)
      .isEqualTo(.message("""
        the values differ (expected → actual; 1 changed):
          ["a"]: 2 → 1
        """))
  }

  /// A value statically known to be `Equatable` takes the constrained overload (which calls `==`
  /// directly); in generic code that does not know it, the unconstrained one looks the conformance
  /// up. Both must give the same verdict and message for every case above.
  @Test func bothOverloadsAgree() {
    func known<T: Equatable>(_ actual: T, _ expected: T, _ options: DiffOptions) -> Assertion<T> {
      TestAnAssertion(on: actual).hasNoDifference(from: expected, options: options)
    }
    func unknown<T>(_ actual: T, _ expected: T, _ options: DiffOptions) -> Assertion<T> {
      TestAnAssertion(on: actual).hasNoDifference(from: expected, options: options)
    }
    func agree<T: Equatable>(_ actual: T, _ expected: T, _ options: DiffOptions = DiffOptions(), passes: Bool) {
      let direct = known(actual, expected, options).result
      let generic = unknown(actual, expected, options).result
      switch (direct, generic) {
      case (.pass(let a), .pass(let b)):
        #expect(passes, "passed, expected to fail: \(actual) against \(expected)")
        #expect(String(reflecting: a) == String(reflecting: b))
      case (.fail(let a), .fail(let b)):
        #expect(!passes, "failed, expected to pass: \(actual) against \(expected)")
        #expect(a == b)
      default:
        Issue.record("the overloads disagree on \(actual) against \(expected): \(direct) and \(generic)")
      }
    }
    agree(Entity(id: 1, name: "Ada"), Entity(id: 1, name: "Grace"), passes: true)
    agree(Entity(id: 1, name: "Ada"), Entity(id: 2, name: "Ada"), passes: false)
    agree(Entity(id: 1, name: "Ada"), Entity(id: 1, name: "Grace"), DiffOptions(ignoredFields: ["unused"]), passes: false)
    agree(Entity(id: 1, name: "Ada"), Entity(id: 1, name: "Grace"), DiffOptions(editLimit: 0), passes: false)
    agree(NeverEqual(value: 1), NeverEqual(value: 1), passes: false)
    agree(Reading(value: .nan), Reading(value: .nan), passes: false)
    agree(Reading(value: 1.0), Reading(value: 1.05), DiffOptions(floatTolerance: 0.1), passes: true)
    agree([Line(sku: "a", quantity: 1)], [Line(sku: "a", quantity: 2)], passes: false)
  }

  /// A passing check hands the same value to the next operator, and a failure after it is
  /// reported once, by that operator.
  @Test func thePassedValueGoesOnToTheNextOperator() {
    let entity = Entity(id: 1, name: "Ada")
    Assert(that: TestAnAssertion(on: entity).hasNoDifference(from: entity).matches(having(\.name, eq("Ada")), line: 14))
      .didPass(expectedName: "matches", expectedLine: 14)
    Assert(that: TestAnAssertion(on: entity).hasNoDifference(from: entity).matches(having(\.name, eq("Grace")), line: 15))
      .didFail(expectedName: "matches", expectedLine: 15)
  }
}
