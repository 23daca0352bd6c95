import Testing
import Verity

// A hand-written mock gets answers that write back and generic results by type through the same
// API a generated mock uses: a handle whose `Arguments` are `InoutArguments<Answer>`, a member
// that answers with `MockStorage.answer(_:arguments:values:writingBack:)`, and a handle narrowed
// with `MockCall.returning(_:)`.

struct HandWrittenUser: Equatable, Sendable {
  var name: String
  var age: Int
}

final class FakeUserEditor: Mock, Sendable {
  let storage = MockStorage()

  func modify(user: inout HandWrittenUser) {
    storage.log.record("modify(user:)", recordable(user))
    return storage.answer(
      "modify(user:)", arguments: user, values: [user],
      writingBack: { (answer: @Sendable (inout HandWrittenUser) throws -> Void) in try answer(&user) })
  }

  func modifyCall(user: Matcher<HandWrittenUser> = any())
    -> MockCall<InoutArguments<@Sendable (inout HandWrittenUser) throws -> Void>, Void>
  {
    MockCall(storage: storage, identifier: "modify(user:)", arguments: [user])
  }

  /// A handle whose answers take a copy: its `thenAnswer` closures get the value on entry.
  func modifyCopyCall(user: Matcher<HandWrittenUser> = any()) -> MockCall<HandWrittenUser, Void> {
    MockCall(storage: storage, identifier: "modify(user:)", arguments: [user])
  }

  func value<V>(forKey key: String) -> V {
    storage.log.record("value(forKey:)", recordable(key))
    return storage.answer("value(forKey:)", arguments: key, values: [key])
  }

  func valueCall<V>(forKey key: Matcher<String> = any(), returning type: V.Type) -> MockCall<String, V> {
    MockCall(storage: storage, identifier: "value(forKey:)", arguments: [key]).returning(type)
  }

  /// The same member answered by the `[Any?]` lookup, which has no `inout` arguments to pass.
  func modifyByLookup(user: inout HandWrittenUser) {
    recordCall(withIdentifier: "modify(user:)", arguments: [user])
    stubbedValue(forIdentifier: "modify(user:)", arguments: [user], default: ())
  }
}

@Suite struct WriteBackAndTypedResultTests {
  @Test func aHandWrittenMemberRunsAnswersThatWriteBack() {
    let editor = FakeUserEditor()
    when(editor.modifyCall(user: any())).thenAnswer { user in user.age = 100 }
    var user = HandWrittenUser(name: "Ann", age: 30)
    editor.modify(user: &user)
    #expect(user.age == 100)
    verify(editor.modifyCall(user: eq(HandWrittenUser(name: "Ann", age: 30))))
  }

  @Test func aCopyAnswerOnAWritingBackMemberGetsTheValueOnEntry() {
    let editor = FakeUserEditor()
    when(editor.modifyCopyCall()).thenAnswer { user in #expect(user.age == 30) }
    var user = HandWrittenUser(name: "Ann", age: 30)
    editor.modify(user: &user)
    #expect(user.age == 30)
  }

  @Test func aWritingBackAnswerOfAnotherFunctionTypeIsReported() {
    let editor = FakeUserEditor()
    let call = MockCall<InoutArguments<@Sendable (inout HandWrittenUser, Int) throws -> Void>, Void>(
      storage: editor.storage, identifier: "modify(user:)", arguments: [any()])
    let line = #line + 1
    when(call).thenAnswer { user, _ in user.age = 1 }
    var user = HandWrittenUser(name: "Ann", age: 30)
    let issues = reportedIssues { editor.modify(user: &user) }
    #expect(
      issues == [
        ReportedIssue(
          message: "modify(user:) failed - the stub for modify(user: any()) has a thenAnswer closure of type "
            + "@Sendable (inout HandWrittenUser, Int) throws -> (), but the member runs one of type "
            + "@Sendable (inout HandWrittenUser) throws -> ()",
          line: line)
      ])
    #expect(user.age == 30)
  }

  @Test func aWritingBackAnswerReachedByTheArrayLookupIsReported() {
    let editor = FakeUserEditor()
    when(editor.modifyCall()).thenAnswer { user in user.age = 1 }
    var user = HandWrittenUser(name: "Ann", age: 30)
    let issues = reportedIssues { editor.modifyByLookup(user: &user) }
    #expect(
      issues.map(\.message) == [
        "stubbedValue failed - the stub for modify(user: any()) has a thenAnswer closure that writes back "
          + "inout arguments, but the member answers without them "
          + "(a hand-written member answers it with MockStorage.answer(_:arguments:values:writingBack:))"
      ])
    #expect(user.age == 30)
  }

  @Test func aHandWrittenGenericResultIsStubbedByType() {
    let editor = FakeUserEditor()
    when(editor.valueCall(forKey: any(), returning: String.self)).thenReturn("dark")
    when(editor.valueCall(forKey: any(), returning: Int.self)).thenReturn(3)
    #expect(editor.value(forKey: "theme") as String == "dark")
    #expect(editor.value(forKey: "count") as Int == 3)
    #expect(editor.value(forKey: "ratio") as Double == 0)
  }
}
