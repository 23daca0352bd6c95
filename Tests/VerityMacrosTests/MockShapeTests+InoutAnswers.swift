import Testing
import VerityMacros

// Answers that write back (issue 49): a `thenAnswer` closure of a member with `inout` parameters
// takes them `inout`, and what it writes is what the caller sees; verification sees the values
// as they were passed.

struct EditedUser: Equatable, Sendable {
  var name: String
  var age: Int
}

struct AdaptedRequest: Equatable, Sendable {
  var url: String
  var headers: [String: String] = [:]
}

enum InoutShapeError: Error, Equatable {
  case refused
}

@Mock
protocol UserEditor {
  func modify(user: inout EditedUser)
  func adapt(_ request: inout AdaptedRequest, attempt: Int) -> Bool
  func exchange(_ a: inout Int, _ b: inout Int)
  func normalize(_ text: inout String, uppercased: Bool) async throws -> Int
  func validate(_ user: inout EditedUser) throws(InoutShapeError) -> Bool
}

@Suite struct MockInoutAnswerShapeTests {
  /// Mockable's `test_givenInoutParam_whenWillProduceUsed_mutationWorks`, ported.
  @Test func givenInoutParamWhenAnswerUsedMutationWorks() {
    let mock = UserEditorMock()
    when(mock.$modify(user: any())).thenAnswer { user in user.age = 100 }
    var user = EditedUser(name: "Ann", age: 30)
    mock.modify(user: &user)
    #expect(user.age == 100)
    verify(mock.$modify(user: EditedUser(name: "Ann", age: 30)))
    verify(mock.$modify(user: EditedUser(name: "Ann", age: 100)), .never)
  }

  @Test func inoutMixedWithPlainParameters() {
    let mock = UserEditorMock()
    when(mock.$adapt(any(), attempt: eq(1))).thenAnswer { request, attempt in
      request.headers["Authorization"] = "Bearer \(attempt)"
      return true
    }
    var first = AdaptedRequest(url: "/albums")
    #expect(mock.adapt(&first, attempt: 1))
    #expect(first.headers == ["Authorization": "Bearer 1"])
    // No stub matches attempt 2: the request is left as it was, the result is the default.
    var second = AdaptedRequest(url: "/albums")
    #expect(!mock.adapt(&second, attempt: 2))
    #expect(second == AdaptedRequest(url: "/albums"))
    verify(mock.$adapt(AdaptedRequest(url: "/albums"), attempt: 1))
    verify(mock.$adapt(any(), attempt: any()), .times(2))
  }

  @Test func severalInoutParameters() {
    let mock = UserEditorMock()
    when(mock.$exchange(any(), any())).thenAnswer { a, b in (a, b) = (b, a) }
    var a = 1
    var b = 2
    mock.exchange(&a, &b)
    #expect(a == 2 && b == 1)
    verify(mock.$exchange(1, 2))
  }

  @Test func asyncThrowingMemberWritesBackAndThrows() async throws {
    let mock = UserEditorMock()
    when(mock.$normalize(any(), uppercased: eq(true))).thenAnswer { text, _ in
      text = text.uppercased()
      return text.count
    }
    when(mock.$normalize(eq(""), uppercased: any())).thenAnswer { _, _ in throw InoutShapeError.refused }
    var text = "abc"
    #expect(try await mock.normalize(&text, uppercased: true) == 3)
    #expect(text == "ABC")
    var empty = ""
    await #expect(throws: InoutShapeError.refused) { try await mock.normalize(&empty, uppercased: true) }
    #expect(empty == "")
    // What the answer wrote before it threw is written back, as Swift writes back an inout argument.
    when(mock.$normalize(eq("partial"), uppercased: any())).thenAnswer { text, _ in
      text = "written"
      throw InoutShapeError.refused
    }
    var partial = "partial"
    await #expect(throws: InoutShapeError.refused) { try await mock.normalize(&partial, uppercased: false) }
    #expect(partial == "written")
    verify(mock.$normalize("abc", uppercased: true))
  }

  @Test func typedThrowsMemberThrowsItsAnswersError() throws {
    let mock = UserEditorMock()
    when(mock.$validate(any())).thenAnswer { user in
      guard user.age >= 0 else { throw InoutShapeError.refused }
      user.name = user.name.capitalized
      return true
    }
    var valid = EditedUser(name: "ann", age: 3)
    #expect(try mock.validate(&valid))
    #expect(valid.name == "Ann")
    var invalid = EditedUser(name: "bob", age: -1)
    #expect(throws: InoutShapeError.refused) { try mock.validate(&invalid) }
    #expect(invalid.name == "bob")
  }

  @Test func thenReturnAndThenThrowLeaveInoutArgumentsAlone() async throws {
    let mock = UserEditorMock()
    when(mock.$adapt(any(), attempt: any())).thenReturn(true)
    var request = AdaptedRequest(url: "/a")
    #expect(mock.adapt(&request, attempt: 1))
    #expect(request == AdaptedRequest(url: "/a"))
    when(mock.$normalize(any(), uppercased: any())).thenThrow(InoutShapeError.refused)
    var text = "abc"
    await #expect(throws: InoutShapeError.refused) { try await mock.normalize(&text, uppercased: false) }
    #expect(text == "abc")
  }

  @Test func aSequenceOfAnswersWritesBackOnlyWhereItAnswers() {
    let mock = UserEditorMock()
    when(mock.$modify(user: any())).thenAnswer { user in user.age += 1 }.thenReturn(())
    var user = EditedUser(name: "Ann", age: 1)
    mock.modify(user: &user)
    mock.modify(user: &user)
    #expect(user.age == 2)
    verify(mock.$modify(user: EditedUser(name: "Ann", age: 1)))
    verify(mock.$modify(user: EditedUser(name: "Ann", age: 2)))
  }

  @Test func unstubbedCallLeavesTheValueUnchanged() {
    let mock = UserEditorMock()
    var user = EditedUser(name: "Ann", age: 30)
    mock.modify(user: &user)
    #expect(user == EditedUser(name: "Ann", age: 30))
    verify(mock.$modify(user: any()))
  }

  @Test func anAnswerThatThrowsForAMemberThatCannotThrowIsReported() async {
    let mock = UserEditorMock()
    let line = #line + 1
    when(mock.$modify(user: any())).thenAnswer { _ in throw InoutShapeError.refused }
    var user = EditedUser(name: "Ann", age: 30)
    let issues = await recordedIssues { mock.modify(user: &user) }
    #expect(
      issues.map(\.message) == [
        "modify(user:) failed - the stub for modify(user: any()) throws refused, but modify(user:) cannot throw"
      ])
    #expect(issues.map(\.line) == [line])
    #expect(user == EditedUser(name: "Ann", age: 30))
  }

  /// What such an answer wrote before it threw stays written (as Swift writes back an `inout`
  /// argument), and the member answers its default (GeneratedMocks.md, "Answers that write back").
  @Test func anAnswerThatWritesAndThenThrowsForAMemberThatCannotThrowKeepsWhatItWrote() async {
    let mock = UserEditorMock()
    let line = #line + 1
    when(mock.$adapt(any(), attempt: any())).thenAnswer { request, _ in
      request.headers["Authorization"] = "Bearer 99"
      throw InoutShapeError.refused
    }
    var request = AdaptedRequest(url: "/albums")
    var answered = true
    let issues = await recordedIssues { answered = mock.adapt(&request, attempt: 1) }
    #expect(
      issues.map(\.message) == [
        "adapt(_:attempt:) failed - the stub for adapt(any(), attempt: any()) throws refused, but "
          + "adapt(_:attempt:) cannot throw"
      ])
    #expect(issues.map(\.line) == [line])
    #expect(!answered)
    #expect(request == AdaptedRequest(url: "/albums", headers: ["Authorization": "Bearer 99"]))
    verify(mock.$adapt(AdaptedRequest(url: "/albums"), attempt: 1))
  }
}
