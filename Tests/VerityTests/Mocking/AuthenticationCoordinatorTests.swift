import Testing
import Verity

@Suite struct AuthenticationCoordinatorTests {
  let manager = FakeAuthenticationManager()

  @Test func loginBeginsAuthenticationWithTheCredentialsAndLoginOptions() {
    AuthenticationCoordinator(loginAuthenticationManager: manager)
      .login(with: "Fixture Email", password: "Fixture Password")

    manager.verifyCall(
      withIdentifier: "beginAuthentication",
      arguments: ["Fixture Email", "Fixture Password", ["type": "login"]])
  }

  @Test func matchersMixWithValues() {
    AuthenticationCoordinator(loginAuthenticationManager: manager)
      .login(with: "Fixture Email", password: "Fixture Password")

    manager.verifyCall(
      withIdentifier: "beginAuthentication",
      arguments: [eq("Fixture Email"), any(), ["type": "login"]])
    manager.verifyCall(
      withIdentifier: "beginAuthentication",
      arguments: [hasPrefix("Fixture"), !eq("secret"), any()])
  }

  @Test func aWrongPasswordIsReportedWithTheMismatchedArgument() {
    AuthenticationCoordinator(loginAuthenticationManager: manager)
      .login(with: "Fixture Email", password: "wrong")

    let verifyLine = #line + 2
    let issues = reportedIssues {
      manager.verifyCall(
        withIdentifier: "beginAuthentication",
        arguments: ["Fixture Email", "Fixture Password", ["type": "login"]])
    }

    #expect(issues == [ReportedIssue(message: """
      verifyCall failed - expected 1 call to beginAuthentication("Fixture Email", "Fixture Password", ["type": "login"]), got 0
      1 call to beginAuthentication had other arguments:
        #1 beginAuthentication("Fixture Email", "wrong", ["type": "login"])
           argument 2: expected "Fixture Password", got "wrong"
      """, line: verifyLine)])
  }

  @Test func theOptionsDictionaryIsComparedByContent() {
    manager.beginAuthentication(with: "a", password: "b", options: ["type": "signup", "retries": 2])

    let issues = reportedIssues {
      manager.verifyCall(withIdentifier: "beginAuthentication", arguments: ["a", "b", ["type": "login"]])
    }

    #expect(issues.map(\.message) == ["""
      verifyCall failed - expected 1 call to beginAuthentication("a", "b", ["type": "login"]), got 0
      1 call to beginAuthentication had other arguments:
        #1 beginAuthentication("a", "b", ["type": "signup", "retries": 2])
           argument 3: expected ["type": "login"], got ["type": "signup", "retries": 2]
      """])
  }

  @Test func closestCallsAreRankedAndBounded() {
    for index in 0..<8 {
      manager.beginAuthentication(with: "user\(index)", password: "pw", options: [:])
    }
    manager.beginAuthentication(with: "target", password: "pw", options: ["type": "login"])

    let issues = reportedIssues {
      manager.verifyCall(withIdentifier: "beginAuthentication", arguments: ["target", "other", ["type": "login"]])
    }

    #expect(issues.map(\.message) == ["""
      verifyCall failed - expected 1 call to beginAuthentication("target", "other", ["type": "login"]), got 0
      9 calls to beginAuthentication had other arguments:
        #9 beginAuthentication("target", "pw", ["type": "login"])
           argument 2: expected "other", got "pw"
        #1 beginAuthentication("user0", "pw", [:])
           argument 1: expected "target", got "user0"
           argument 2: expected "other", got "pw"
           argument 3: expected ["type": "login"], got [:]
        #2 beginAuthentication("user1", "pw", [:])
           argument 1: expected "target", got "user1"
           argument 2: expected "other", got "pw"
           argument 3: expected ["type": "login"], got [:]
        #3 beginAuthentication("user2", "pw", [:])
           argument 1: expected "target", got "user2"
           argument 2: expected "other", got "pw"
           argument 3: expected ["type": "login"], got [:]
        #4 beginAuthentication("user3", "pw", [:])
           argument 1: expected "target", got "user3"
           argument 2: expected "other", got "pw"
           argument 3: expected ["type": "login"], got [:]
        … and 4 more
      """])
  }

  @Test func anIdentifierNeverRecordedListsWhatWas() {
    manager.beginAuthentication(with: "a", password: "b", options: [:])

    let issues = reportedIssues {
      manager.verifyCall(withIdentifier: "endAuthentication")
    }

    #expect(issues.map(\.message) == ["""
      verifyCall failed - expected 1 call to endAuthentication(), got 0
      No call to endAuthentication was recorded; recorded: beginAuthentication (1 call)
      """])
  }
}
