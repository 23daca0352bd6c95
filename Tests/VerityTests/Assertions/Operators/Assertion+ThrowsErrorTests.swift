import Testing
import Verity

private func login(_ password: String) throws -> String {
  guard password == "secret" else { throw FixtureLoginError.wrongPassword(attempts: 1) }
  return "token"
}

private func asyncLogin(_ password: String) async throws -> String {
  await Task.yield()
  return try login(password)
}

@Suite struct ThrowingOperatorTests {
  @Test func throwsErrorPassesTheErrorOn() {
    Assert(that: TestAnAssertion(on: { try login("nope") }).throwsError(line: 1))
      .didPass(expectedName: "throwsError", expectedLine: 1)
      .isType(FixtureLoginError.self)
      .isEqualTo(.wrongPassword(attempts: 1))
  }

  @Test func throwsErrorFailsWhenNothingIsThrown() {
    Assert(that: TestAnAssertion(on: { try login("secret") }).throwsError(line: 2))
      .didFail(expectedName: "throwsError", expectedLine: 2)
      .isEqualTo(.message(#"expression returned "token" without throwing"#))
  }

  @Test func doesNotThrowPassesTheResultOn() {
    Assert(that: TestAnAssertion(on: { try login("secret") }).doesNotThrow(line: 3))
      .didPass(expectedName: "doesNotThrow", expectedLine: 3)
      .isEqualTo("token")
  }

  @Test func doesNotThrowFailsWithTheThrownError() {
    let failure = TestAnAssertion(on: { try login("nope") }).doesNotThrow(line: 4)
    Assert(that: failure)
      .didFail(expectedName: "doesNotThrow", expectedLine: 4)
      .isEqualTo(.thrownError(FixtureLoginError.wrongPassword(attempts: 1)))
    Assert(that: failure)
      .didFail(expectedName: "doesNotThrow", expectedLine: 4)
      .then { reason in
        #expect(reason.description == "threw FixtureLoginError: wrongPassword(attempts: 1)")
      }
  }

  @Test func assertThrowingExpressionDefersEvaluationToTheOperator() {
    let counter = FixtureCounter()
    let assertion = Assert(throwingExpression: counter.increment())
    #expect(counter.count == 0)
    assertion.doesNotThrow().isEqualTo(1)
    #expect(counter.count == 1)
  }

  @Test func assertThrowingExpressionWithTheRealEntryPoint() {
    Assert(throwingExpression: try login("nope")).throwsError().isType(FixtureLoginError.self)
    Assert(throwingExpression: try login("secret")).doesNotThrow().isEqualTo("token")
  }

  @Test func asyncThrowsError() async {
    let expression: () async throws -> String = { try await asyncLogin("nope") }
    await Assert(that: TestAnAssertion(on: expression).throwsError(line: 5))
      .didPass(expectedName: "throwsError", expectedLine: 5)
      .isType(FixtureLoginError.self).isEqualTo(.wrongPassword(attempts: 1))

    let succeeding: () async throws -> String = { try await asyncLogin("secret") }
    await Assert(that: TestAnAssertion(on: succeeding).throwsError(line: 6))
      .didFail(expectedName: "throwsError", expectedLine: 6)
      .isEqualTo(.message(#"expression returned "token" without throwing"#))
  }

  @Test func asyncDoesNotThrow() async {
    let succeeding: () async throws -> String = { try await asyncLogin("secret") }
    await Assert(that: TestAnAssertion(on: succeeding).doesNotThrow(line: 7))
      .didPass(expectedName: "doesNotThrow", expectedLine: 7)
      .isEqualTo("token")

    let failing: () async throws -> String = { try await asyncLogin("nope") }
    await Assert(that: TestAnAssertion(on: failing).doesNotThrow(line: 8))
      .didFail(expectedName: "doesNotThrow", expectedLine: 8)
      .isEqualTo(.thrownError(FixtureLoginError.wrongPassword(attempts: 1)))
  }

  @Test func asyncEntryPoint() async {
    await Assert(asyncThrowingExpression: { try await asyncLogin("nope") }).throwsError()
    await Assert(asyncThrowingExpression: { try await asyncLogin("secret") })
      .doesNotThrow()
      .isEqualTo("token")
  }
}
