import Foundation
import Testing

@testable import Verity

/// A fake in the README's shape, recording through `[Any?]`.
final class FakeTaker: Mock, Sendable {
  let storage = MockStorage()
  func take(_ value: Any?) { recordCall(withIdentifier: "take", arguments: [value]) }
  func take(_ first: Any?, _ second: Any?) { recordCall(withIdentifier: "take", arguments: [first, second]) }
}

/// A fake with mutable state of its own and no lock: a `Mock` need not be `Sendable`.
final class CountingFake: Mock {
  let storage = MockStorage()
  var calls = 0
  func ping() {
    calls += 1
    recordCall(withIdentifier: "ping")
  }
  func title(for id: Int) -> String {
    recordCall(withIdentifier: "title", arguments: [id])
    return stubbedValue(forIdentifier: "title", arguments: [id], default: "untitled")
  }
}

final class Session {
  var token: String
  var user: String?
  init(token: String, user: String? = nil) {
    self.token = token
    self.user = user
  }
}

/// Two types with the same simple name and fields, in two "modules" (here: two namespaces).
enum App { struct Geo: Equatable, Sendable { var lat: Double; var lon: Double } }
struct Geo: Equatable, Sendable { var lat: Double; var lon: Double }  // also used by the value table
enum AppPlain { struct Spot { var x: Int } }
struct Spot { var x: Int }

/// Issue 7: one meaning for equality and matchers. Each case was a silent wrong answer before.
@Suite struct EqualityRulesTests {
  // 1. A type-restricted matcher rejects other types in every path.
  @Test func anyOfATypeRejectsOtherTypesInVerification() {
    let fake = FakeTaker()
    fake.take("x")
    #expect(any(Int.self).matches(any: "x").isMatch == false)
    fake.verifyCall(withIdentifier: "take", arguments: [any(Int.self)], mode: .never)
    fake.verifyCall(withIdentifier: "take", arguments: [any(String.self)])
    withKnownIssue {
      fake.verifyCall(withIdentifier: "take", arguments: [any(Int.self)])
    } matching: { issue in
      issue.description.contains(
        """
        verifyCall failed - expected 1 call to take(any(Int)), got 0
        1 call to take had other arguments:
          #1 take("x")
             argument 1: expected any(Int), got "x"
        """)
    }
  }

  @Test func typedAnyAgreesAcrossVerificationAndStubs() throws {
    let fake = FakeTaker()
    fake.stub(withIdentifier: "take", arguments: [any(Int.self)], returning: "int")
    #expect(try fake.stubbedValue(forIdentifier: "take", arguments: ["x"], as: String.self) == nil)
    #expect(try fake.stubbedValue(forIdentifier: "take", arguments: [3], as: String.self) == "int")
  }

  // 2. Functions cannot be compared: a clear failure, never a silent answer.
  @Test func comparingAFunctionByValueIsAClearFailure() {
    let fake = FakeTaker()
    let first: @Sendable (Int) -> Void = { _ in }
    let second: @Sendable (Int) -> Void = { _ in }
    fake.take(first)
    withKnownIssue {
      fake.verifyCall(withIdentifier: "take", arguments: [second], mode: .never)
    } matching: { issue in
      issue.description.contains(
        "verifyCall failed - argument 1 of take is a function and cannot be compared; use any() or a captor")
    }
    // What works instead: any(), isNotNil(), a captor.
    fake.verifyCall(withIdentifier: "take", arguments: [any()])
    fake.verifyCall(withIdentifier: "take", arguments: [isNotNil()])
  }

  @Test func aValueHoldingAFunctionCannotBeComparedEither() {
    struct Handler { var name: String; var run: () -> Void }
    let fake = FakeTaker()
    fake.take(Handler(name: "a", run: {}))
    withKnownIssue {
      fake.verifyCall(withIdentifier: "take", arguments: [Handler(name: "a", run: {})])
    } matching: { issue in
      issue.description.contains(
        "verifyCall failed - argument 1 of take holds a function (() -> ()) and cannot be compared; use any(), a captor or a matcher")
    }
  }

  // 3. Types are named by their fully qualified name.
  @Test func sameNamedTypesOfTwoModulesNeverCompareEqual() {
    #expect(Structure(encoding: App.Geo(lat: 1, lon: 2)) != Structure(encoding: Geo(lat: 1, lon: 2)))
    #expect(Structure(encoding: AppPlain.Spot(x: 1)) != Structure(encoding: Spot(x: 1)))
    #expect(Structure(encoding: Geo(lat: 1, lon: 2)).description == "Geo(lat: 1.0, lon: 2.0)")
    let fake = FakeTaker()
    fake.take(App.Geo(lat: 1, lon: 2))
    fake.take(AppPlain.Spot(x: 1))
    fake.verifyCall(withIdentifier: "take", arguments: [Geo(lat: 1, lon: 2)], mode: .never)
    fake.verifyCall(withIdentifier: "take", arguments: [Spot(x: 1)], mode: .never)
    fake.verifyCall(withIdentifier: "take", arguments: [App.Geo(lat: 1, lon: 2)])
    fake.verifyCall(withIdentifier: "take", arguments: [AppPlain.Spot(x: 1)])
  }

  // 4. eq() is Swift's ==, everywhere: NaN and canonically equivalent strings.
  @Test func nanEqualsNothingInEveryPath() throws {
    withKnownIssue { Assert(that: Double.nan).matches(eq(.nan)) }
    let fake = FakeTaker()
    fake.take(Double.nan)
    fake.verifyCall(withIdentifier: "take", arguments: [eq(Double.nan)], mode: .never)
    fake.verifyCall(withIdentifier: "take", arguments: [Double.nan], mode: .never)
    fake.verifyCall(withIdentifier: "take", arguments: [[Double.nan]], mode: .never)
    fake.stub(withIdentifier: "take", arguments: [Double.nan], returning: 1)
    #expect(try fake.stubbedValue(forIdentifier: "take", arguments: [Double.nan], as: Int.self) == nil)
    // Structurally, NaN equals NaN (the diff and Matchable are reflexive).
    #expect(Structure(Double.nan) == Structure(Double.nan))
  }

  @Test func canonicallyEquivalentStringsAreEqualInEveryPath() {
    let precomposed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    Assert(that: precomposed).matches(eq(decomposed))
    let fake = FakeTaker()
    fake.take(precomposed)
    fake.verifyCall(withIdentifier: "take", arguments: [eq(decomposed)])
    fake.verifyCall(withIdentifier: "take", arguments: [decomposed])
    fake.verifyCall(withIdentifier: "take", arguments: [[decomposed: 1]], mode: .never)
    let inOrder = InOrder()
    inOrder.verifyCall(on: fake, withIdentifier: "take", arguments: [decomposed])
  }

  /// A bare Equatable value means eq(value): `==`, not structure (Measurement's == converts units).
  @Test func bareEquatableValuesMeanEq() {
    let fake = FakeTaker()
    fake.take(Measurement(value: 1, unit: UnitLength.meters))
    fake.verifyCall(withIdentifier: "take", arguments: [Measurement(value: 100, unit: UnitLength.centimeters)])
    fake.verifyCall(withIdentifier: "take", arguments: [eq(Measurement(value: 100, unit: UnitLength.centimeters))])
    fake.verifyCall(withIdentifier: "take", arguments: [Measurement(value: 2, unit: UnitLength.meters)], mode: .never)
  }

  // 5. A matcher that ran on a class instance which changed says so, and shows what it saw.
  @Test func aChangedInstanceIsNamedInTheFailure() {
    let fake = FakeTaker()
    let session = Session(token: "old")
    fake.take(session)
    session.token = "new"
    withKnownIssue {
      fake.verifyCall(withIdentifier: "take", arguments: [having(\Session.token, eq("old"))])
    } matching: { issue in
      issue.description.contains(
        """
        verifyCall failed - expected 1 call to take(having(\\Session.token, eq("old"))), got 0
        1 call to take had other arguments:
          #1 take(Session(token: "old", user: nil))
             argument 1: expected having(\\Session.token, eq("old")), got Session(token: "new", user: nil) \
        (checked on the object as it is now; at the call it was Session(token: "old", user: nil))
        """)
    }
  }

  // 5b. A comparison by structure sees the object as it was at the call, and the failure says so.
  @Test func aChangedInstanceComparedByStructureIsNamedInTheFailure() {
    let fake = FakeTaker()
    let session = Session(token: "old")
    fake.take(session)
    session.token = "new"
    // A `Session` is not `Equatable`: a plain value compares by structure, with the call's.
    fake.verifyCall(withIdentifier: "take", arguments: [Session(token: "old")])
    let issues = reportedIssues {
      fake.verifyCall(withIdentifier: "take", arguments: [Session(token: "new")])
    }
    #expect(issues.map(\.message) == [
      """
      verifyCall failed - expected 1 call to take(Session(token: "new", user: nil)), got 0
      1 call to take had other arguments:
        #1 take(Session(token: "old", user: nil))
           argument 1: expected Session(token: "new", user: nil), got Session(token: "old", user: nil) \
      (compared as it was at the call; the object has changed since, to Session(token: "new", user: nil))
      """
    ])
  }

  // 6. A captor that cannot take the argument fails the verification.
  @Test func aCaptorOfTheWrongTypeFailsTheVerification() {
    let fake = FakeTaker()
    fake.take("x")
    let captor = ArgumentCaptor<Int>()
    withKnownIssue {
      fake.verifyCall(withIdentifier: "take", arguments: [captor])
    } matching: { issue in
      issue.description.contains("verifyCall failed - captor(Int) cannot capture argument 1 of take: it is a String")
    }
    #expect(captor.allValues.isEmpty)
    // The failed verification marked nothing.
    withKnownIssue { fake.verifyNoMoreInteractions() }
  }

  @Test func captorsOfOptionalsTakeNilLikes() {
    let fake = FakeTaker()
    fake.take(nil)
    fake.take(NSNull())
    fake.take(3)
    let captor = ArgumentCaptor<Int?>()
    fake.verifyCall(withIdentifier: "take", arguments: [captor], mode: .times(3))
    #expect(captor.allValues == [nil, nil, 3])
    let strict = ArgumentCaptor<Int>()
    withKnownIssue {
      fake.verifyCall(withIdentifier: "take", arguments: [strict], mode: .times(3))
    } matching: { issue in
      issue.description.contains("verifyCall failed - captor(Int) cannot capture argument 1 of take: it is nil")
    }
  }

  // Usability: a non-Sendable fake with mutable state, and stubs without `try`.
  @Test func aFakeWithMutableStateIsAMock() {
    let fake = CountingFake()
    fake.ping()
    fake.ping()
    #expect(fake.calls == 2)
    fake.verifyCall(withIdentifier: "ping", mode: .times(2))
    #expect(fake.title(for: 1) == "untitled")
    fake.stub(withIdentifier: "title", arguments: [1], returning: "One")
    #expect(fake.title(for: 1) == "One")
    #expect(fake.title(for: 2) == "untitled")
  }

  @Test func aThrowingStubBehindANonThrowingLookupIsReported() {
    struct Boom: Error {}
    let fake = CountingFake()
    fake.stub(withIdentifier: "title", arguments: .any, throwing: Boom())
    withKnownIssue {
      #expect(fake.title(for: 1) == "untitled")
    } matching: { issue in
      issue.description.contains("stubbedValue failed - the stub for title(any arguments) throws Boom(), but this member cannot throw")
    }
  }
}
