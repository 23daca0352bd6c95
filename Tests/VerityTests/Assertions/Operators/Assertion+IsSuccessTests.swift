import Testing
import Verity

@Suite struct ResultOperatorTests {
  @Test func isSuccess() {
    let success: Result<Int, FixtureLoginError> = .success(3)
    let failure: Result<Int, FixtureLoginError> = .failure(.locked)
    Assert(that: TestAnAssertion(on: success).isSuccess(line: 1))
      .didPass(expectedName: "isSuccess", expectedLine: 1)
      .isEqualTo(3)
    Assert(that: TestAnAssertion(on: failure).isSuccess(line: 2))
      .didFail(expectedName: "isSuccess", expectedLine: 2)
      .isEqualTo(.message("result is failure(locked)"))
  }

  @Test func isFailure() {
    let success: Result<String, FixtureLoginError> = .success("token")
    let failure: Result<String, FixtureLoginError> = .failure(.wrongPassword(attempts: 2))
    Assert(that: TestAnAssertion(on: failure).isFailure(line: 1))
      .didPass(expectedName: "isFailure", expectedLine: 1)
      .isEqualTo(.wrongPassword(attempts: 2))
    Assert(that: TestAnAssertion(on: success).isFailure(line: 2))
      .didFail(expectedName: "isFailure", expectedLine: 2)
      .isEqualTo(.message(#"result is success("token")"#))
  }
}
