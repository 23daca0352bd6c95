import Testing
import Verity

@Suite struct ArgumentCaptorTests {
  @Test func capturesTheArgumentOfEveryMatchingCall() {
    let store = FakeStore()
    store.save(1, "one")
    store.save(2, "two")
    store.save(3, "three")

    let ids = ArgumentCaptor<Int>()
    let names = ArgumentCaptor<String>()
    store.verifyCall(withIdentifier: "save", arguments: [ids, names], mode: .times(3))

    #expect(ids.allValues == [1, 2, 3])
    #expect(names.allValues == ["one", "two", "three"])
    #expect(names.lastValue == "three")
  }

  @Test func capturesOnlyFromCallsMatchingTheOtherArguments() {
    let store = FakeStore()
    store.save(1, "keep")
    store.save(2, "skip")
    store.save(3, "keep")

    let ids = ArgumentCaptor<Int>()
    store.verifyCall(withIdentifier: "save", arguments: [ids, "keep"], mode: .times(2))
    #expect(ids.allValues == [1, 3])
    #expect(ids.lastValue == 3)
  }

  @Test func anEmptyCaptorHasNoLastValue() {
    let store = FakeStore()
    let ids = ArgumentCaptor<Int>()
    store.verifyCall(withIdentifier: "save", arguments: [ids, any()], mode: .never)
    #expect(ids.allValues.isEmpty)
    #expect(ids.lastValue == nil)
  }

  @Test func capturesFromUntypedRecordings() {
    let manager = FakeAuthenticationManager()
    AuthenticationCoordinator(loginAuthenticationManager: manager).login(with: "e@x.io", password: "pw")
    let email = ArgumentCaptor<String>()
    manager.verifyCall(withIdentifier: "beginAuthentication", arguments: [email, any(), any()])
    #expect(email.allValues == ["e@x.io"])
  }

  @Test func describesItselfInMessages() {
    let store = FakeStore()
    let issues = reportedIssues {
      store.verifyCall(withIdentifier: "save", arguments: [ArgumentCaptor<Int>(), "x"])
    }
    #expect(issues.map(\.message) == ["""
      verifyCall failed - expected 1 call to save(captor(Int), "x"), got 0
      No calls were recorded.
      """])
  }
}

/// Documented: a captor's values accumulate over every verification it passes in.
@Suite struct ArgumentCaptorAccumulationTests {
  @Test func capturedValuesAccumulateAcrossVerifications() {
    let store = FakeStore()
    store.save(1, "one")
    store.save(2, "two")
    let ids = ArgumentCaptor<Int>()
    store.verifyCall(withIdentifier: "save", arguments: [ids, any()], mode: .times(2))
    store.verifyCall(withIdentifier: "save", arguments: [ids, "two"])
    #expect(ids.allValues == [1, 2, 2])
    store.verifyCall(withIdentifier: "save", arguments: [ids, "three"], mode: .never)
    #expect(ids.allValues == [1, 2, 2])
  }
}
