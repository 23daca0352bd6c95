import Verity

// The authentication-coordinator example: a coordinator that asks an authentication manager to
// log in, and a hand-written mock of that manager.

protocol AuthenticationManager: Sendable {
  func beginAuthentication(with email: String, password: String, options: [String: Any])
}

struct AuthenticationCoordinator {
  let loginAuthenticationManager: any AuthenticationManager

  func login(with email: String, password: String) {
    loginAuthenticationManager.beginAuthentication(
      with: email, password: password, options: ["type": "login"])
  }
}

final class FakeAuthenticationManager: AuthenticationManager, Mock {
  let storage = MockStorage()

  func beginAuthentication(with email: String, password: String, options: [String: Any]) {
    recordCall(withIdentifier: "beginAuthentication", arguments: [email, password, options])
  }
}

/// A mock with a few typed methods, for the mode, order and captor tests.
final class FakeStore: Mock, Sendable {
  let storage = MockStorage()

  func open() { recordCall(withIdentifier: "open") }
  func save(_ id: Int, _ name: String) { recordCall(withIdentifier: "save", typedArguments: id, name) }
  func close() { recordCall(withIdentifier: "close") }
}
