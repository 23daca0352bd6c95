import Testing
import VerityMacros

// Generic results by type (issue 49): a generic method's result is stubbed per type with
// `returning: T.self`, and a call is answered by the last matching stub of the type it asks for.
// A stub made without `returning:` answers a matching call whatever type it asks for, as before.

/// A result type with no default value: an unstubbed call asking for it is reported.
struct SettingsToken: Equatable, Sendable {
  var raw: String
}

@Mock
protocol StoredSettings {
  func value<V>(forKey key: String) -> V
  func values<V>(forKey key: String) -> [V]
  func decode<T>(_ text: String) throws -> T
  func store<V>(_ value: V, forKey key: String)
}

/// A generic method beside an overload by result type: every handle has `returning:` already, and
/// the generic one's stubs are by type.
@Mock
protocol ValueFactory {
  func make() -> Int
  func make<V>() -> V
}

@Suite struct MockGenericResultShapeTests {
  @Test func aGenericOverloadByResultTypeIsStubbedByType() {
    let mock = ValueFactoryMock()
    when(mock.$make(returning: Int.self)).thenReturn(1)
    when(mock.$make(returning: String.self)).thenReturn("s")
    when(mock.$make(returning: [Int].self)).thenReturn([2])
    let number: Int = mock.make()
    let text: String = mock.make()
    let numbers: [Int] = mock.make()
    let other: Double = mock.make()
    #expect(number == 1 && text == "s" && numbers == [2] && other == 0)
  }

  @Test func eachTypeGetsItsOwnStub() {
    let mock = StoredSettingsMock()
    when(mock.$value(forKey: any(), returning: String.self)).thenReturn("dark")
    when(mock.$value(forKey: any(), returning: Int.self)).thenReturn(3)
    let theme: String = mock.value(forKey: "theme")
    let count: Int = mock.value(forKey: "count")
    #expect(theme == "dark")
    #expect(count == 3)
    // A type no stub gives: its default.
    let ratio: Double = mock.value(forKey: "ratio")
    #expect(ratio == 0)
    // A call's result type is not recorded: verification counts the calls whose arguments match.
    verify(mock.$value(forKey: any(), returning: String.self), .times(3))
    verify(mock.$value(forKey: eq("theme"), returning: Int.self))
  }

  @Test func theLastMatchingStubOfTheTypeAnswers() {
    let mock = StoredSettingsMock()
    when(mock.$value(forKey: any(), returning: String.self)).thenReturn("any")
    when(mock.$value(forKey: eq("theme"), returning: String.self)).thenReturn("dark")
    when(mock.$value(forKey: eq("theme"), returning: Int.self)).thenReturn(1)
    let theme: String = mock.value(forKey: "theme")
    let other: String = mock.value(forKey: "other")
    #expect(theme == "dark")
    #expect(other == "any")
    when(mock.$values(forKey: any(), returning: [String].self)).thenReturn(["a", "b"])
    let names: [String] = mock.values(forKey: "names")
    let numbers: [Int] = mock.values(forKey: "numbers")
    #expect(names == ["a", "b"])
    #expect(numbers == [])
  }

  @Test func aStubWithoutReturningAnswersEveryTypeAndTheLastMatchingStubWins() async {
    let mock = StoredSettingsMock()
    when(mock.$value(forKey: any(), returning: String.self)).thenReturn("dark")
    // Made later and without `returning:`: it answers every call, String ones included.
    let line = #line + 1
    when(mock.$value(forKey: any())).thenReturn(7)
    let count: Int = mock.value(forKey: "count")
    #expect(count == 7)
    var theme = "unset"
    let issues = await recordedIssues { theme = mock.value(forKey: "theme") }
    #expect(
      issues.map(\.message) == ["value(forKey:) failed - the stub for value(forKey: any()) returns Int, not String"])
    #expect(issues.map(\.line) == [line])
    #expect(theme == "")
    // A typed stub made after it answers its own type again.
    when(mock.$value(forKey: any(), returning: String.self)).thenReturn("light")
    let later: String = mock.value(forKey: "theme")
    #expect(later == "light")
  }

  @Test func aTypeNoStubGivesIsReportedWhenItHasNoDefault() async throws {
    let mock = StoredSettingsMock()
    // Reported where the test last stubbed the mock: the call may come from the app's code.
    let line = #line + 1
    when(mock.$decode(any(), returning: Int.self)).thenReturn(1)
    #expect(try mock.decode("1") as Int == 1)
    let issues = await recordedIssues { _ = try? mock.decode("abc") as SettingsToken }
    #expect(
      issues.map(\.message) == [
        "unstubbed call to decode(\"abc\"): no stub matches, and its result type SettingsToken has no default value; "
          + "stub it with when(…).thenReturn(…), or conform SettingsToken to MockDefaultable"
      ])
    #expect(issues.map(\.line) == [line])
    when(mock.$decode(eq("abc"), returning: SettingsToken.self)).thenReturn(SettingsToken(raw: "abc"))
    #expect(try mock.decode("abc") as SettingsToken == SettingsToken(raw: "abc"))
    #expect(try mock.decode("abc") as Int == 1)
  }

  @Test func aStrictMockReportsACallOfAnotherType() async {
    let mock = StoredSettingsMock(strict: true)
    when(mock.$value(forKey: any(), returning: String.self)).thenReturn("dark")
    let theme: String = mock.value(forKey: "theme")
    #expect(theme == "dark")
    var count = -1
    let issues = await recordedIssues { count = mock.value(forKey: "count") }
    #expect(issues.map(\.message) == ["unexpected call to value(forKey: \"count\") on a strict mock: no stub matches it"])
    #expect(count == 0)
  }

  @Test func thenAnswerAndThenThrowByType() throws {
    let mock = StoredSettingsMock()
    when(mock.$value(forKey: any(), returning: String.self)).thenAnswer { key in "value of \(key)" }
    when(mock.$decode(any(), returning: Int.self)).thenThrow(InoutShapeError.refused)
    when(mock.$decode(any(), returning: String.self)).thenAnswer { text in text }
    let value: String = mock.value(forKey: "k")
    #expect(value == "value of k")
    #expect(throws: InoutShapeError.refused) { try mock.decode("1") as Int }
    #expect(try mock.decode("x") as String == "x")
  }
}
