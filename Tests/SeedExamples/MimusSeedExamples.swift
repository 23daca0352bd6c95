// The Mimus seed's examples (shared/seeds/004: "Basics"), written as its users wrote them: the
// authentication coordinator, a fake manager that records its calls, `verifyCall` with
// `[String: Any]` arguments, the verification modes and the argument modes.

import Synchronization
import Testing
import Verity
import XCTest

class AuthenticationCoordinator {

    let loginAuthenticationManager: AuthenticationManager

    init(loginAuthenticationManager: AuthenticationManager) {
        self.loginAuthenticationManager = loginAuthenticationManager
    }

    func login(with email: String, password: String) {
        loginAuthenticationManager.beginAuthentication(with: email, password: password, options: ["type": "login"])
    }
}

protocol AuthenticationManager {

    func beginAuthentication(with email: String, password: String, options: [String: Any])
}

class FakeAuthenticationManager: AuthenticationManager, Mock {

    // Mimus writes `Mimus.Storage()`: the module is Verity now, and `Storage` is visible in a mock.
    var storage = Storage()

    func beginAuthentication(with email: String, password: String, options: [String: Any]) {
        recordCall(withIdentifier: "BeginAuthentication", arguments: [email, password, options])
    }
}

final class MimusSeedTests: XCTestCase {

    var fakeLoginAuthenticationManager: FakeAuthenticationManager!
    var coordinator: AuthenticationCoordinator!

    override func setUp() {
        super.setUp()
        fakeLoginAuthenticationManager = FakeAuthenticationManager()
        coordinator = AuthenticationCoordinator(loginAuthenticationManager: fakeLoginAuthenticationManager)
    }

    func testLoginBeginsAuthentication() {
        coordinator.login(with: "Fixture Email", password: "Fixture Password")

        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "BeginAuthentication",
                arguments: ["Fixture Email", "Fixture Password", ["type": "login"]])
    }

    // # Verification Modes
    func testVerificationModes() {
        coordinator.login(with: "Fixture Email", password: "Fixture Password")
        coordinator.login(with: "Fixture Email", password: "Fixture Password")

        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "BeginAuthentication",
                arguments: ["Fixture Email", "Fixture Password", ["type": "login"]], mode: .times(2))
        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "BeginAuthentication",
                arguments: .any, mode: .atLeast(1))
        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "BeginAuthentication",
                arguments: .any, mode: .atMost(2))
        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "BeginAuthentication",
                arguments: ["Other Email", "Fixture Password", ["type": "login"]], mode: .never)
        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "Logout", mode: .never)
    }

    // # Argument Modes
    func testArgumentModes() {
        let manager = FakeAuthenticationManager()
        manager.recordCall(withIdentifier: "Logout")

        manager.verifyCall(withIdentifier: "Logout")  // `arguments` is `.none` by default
        manager.verifyCall(withIdentifier: "Logout", arguments: .none)
        manager.verifyCall(withIdentifier: "Logout", arguments: .any)

        coordinator.login(with: "Fixture Email", password: "Fixture Password")
        fakeLoginAuthenticationManager.verifyCall(withIdentifier: "BeginAuthentication",
                arguments: .actual(["Fixture Email", "Fixture Password", ["type": "login"]]))
    }
}

@Suite struct MimusSeedFailures {
    /// "it reports not only failures, but also if there are invocations with given identifier,
    /// but arguments were mismatched".
    @Test func aMismatchListsTheCallsWithTheIdentifier() {
        let manager = FakeAuthenticationManager()
        AuthenticationCoordinator(loginAuthenticationManager: manager)
            .login(with: "Fixture Email", password: "Fixture Password")

        let messages = Mutex<[String]>([])
        withKnownIssue {
            manager.verifyCall(withIdentifier: "BeginAuthentication",
                    arguments: ["Fixture Email", "Wrong Password", ["type": "login"]])
        } matching: { issue in
            messages.withLock { $0.append(contentsOf: issue.comments.map(\.rawValue)) }
            return true
        }
        #expect(
            messages.withLock { $0 } == [
                """
                verifyCall failed - expected 1 call to BeginAuthentication("Fixture Email", "Wrong Password", ["type": "login"]), got 0
                1 call to BeginAuthentication had other arguments:
                  #1 BeginAuthentication("Fixture Email", "Fixture Password", ["type": "login"])
                     argument 2: expected "Wrong Password", got "Fixture Password"
                """
            ])
    }

    /// `.none` fails when the call had arguments.
    @Test func noneFailsWhenTheCallHadArguments() {
        let manager = FakeAuthenticationManager()
        manager.beginAuthentication(with: "a", password: "b", options: [:])
        withKnownIssue {
            manager.verifyCall(withIdentifier: "BeginAuthentication", arguments: .none)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                verifyCall failed - expected 1 call to BeginAuthentication(), got 0
                1 call to BeginAuthentication had other arguments:
                  #1 BeginAuthentication("a", "b", [:])
                     expected 0 arguments, got 3
                """
            ]
        }
    }
}
