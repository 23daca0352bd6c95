import Testing
import Verity

/// A hand-written mock with handles as `@Mock` writes them (matchers passed one by one).
final class ClearingAlbumService: Mock, Sendable {
  let storage = MockStorage()

  func rating(id: Int) -> Int {
    recordCall(withIdentifier: "rating(id:)", typedArguments: id)
    return stubbedValue(forIdentifier: "rating(id:)", arguments: [id], default: 0)
  }

  func save(_ title: String) { recordCall(withIdentifier: "save(_:)", typedArguments: title) }

  func ratingCall(id: Matcher<Int> = any()) -> MockCall<Int, Int> {
    MockCall(storage: storage, identifier: "rating(id:)", matchers: id)
  }

  func saveCall(_ title: Matcher<String> = any()) -> MockCall<String, Void> {
    MockCall(storage: storage, identifier: "save(_:)", matchers: title)
  }
}

/// `clearInvocations()`, `clearInvocations(handle)` and `reset()`.
@Suite struct ClearingCallsTests {
  @Test func clearInvocationsForgetsTheCallsAndKeepsTheStubs() {
    let service = ClearingAlbumService()
    when(service.ratingCall(id: eq(1))).thenReturn(5)
    #expect(service.rating(id: 1) == 5)
    service.save("setup")
    service.clearInvocations()
    verify(service.ratingCall(), .never)
    service.verifyNoInteractions()
    #expect(service.rating(id: 1) == 5)
    verify(service.ratingCall(id: eq(1)))
    service.verifyNoMoreInteractions()
  }

  @Test func aVerificationAfterClearInvocationsSeesNoCalls() {
    let service = ClearingAlbumService()
    service.save("setup")
    service.clearInvocations()
    let issues = reportedIssues {
      verify(service.saveCall(eq("setup")))
      service.verifyCall(withIdentifier: "save(_:)", arguments: .any)
    }
    #expect(issues.map(\.message) == [
      "verify failed - expected 1 call to save(eq(\"setup\")), got 0\nNo calls were recorded.",
      "verifyCall failed - expected 1 call to save(_:) with any arguments, got 0\nNo calls were recorded.",
    ])
  }

  @Test func clearInvocationsOfAHandleForgetsOnlyTheCallsItMatches() {
    let service = ClearingAlbumService()
    _ = service.rating(id: 1)
    _ = service.rating(id: 2)
    service.save("a")
    _ = service.rating(id: 1)
    clearInvocations(service.ratingCall(id: eq(1)))
    verify(service.ratingCall(id: eq(1)), .never)
    verify(service.ratingCall(id: any()))
    let issues = reportedIssues { service.verifyNoMoreInteractions() }
    #expect(issues.map(\.message) == ["""
      verifyNoMoreInteractions failed - 1 call not verified:
        #2 save("a")
      """])
  }

  @Test func callsAlreadyVerifiedAreForgottenWithTheRest() {
    let service = ClearingAlbumService()
    service.save("a")
    service.save("b")
    verify(service.saveCall(eq("a")))
    clearInvocations(service.saveCall(eq("a")))
    // Only save("b") is left, unverified.
    let issues = reportedIssues { service.verifyNoMoreInteractions() }
    #expect(issues.map(\.message) == ["""
      verifyNoMoreInteractions failed - 1 call not verified:
        #1 save("b")
      """])
    service.clearInvocations()
    service.verifyNoMoreInteractions()
    service.save("c")
    let later = reportedIssues { service.verifyNoMoreInteractions() }
    #expect(later.map(\.message) == ["""
      verifyNoMoreInteractions failed - 1 call not verified:
        #1 save("c")
      """])
  }

  @Test func inOrderSeesOnlyTheCallsLeftAcrossMocks() {
    let first = ClearingAlbumService()
    let second = ClearingAlbumService()
    first.save("open")
    second.save("load")
    first.clearInvocations()
    first.save("open")
    // The first mock's earlier call is gone: its call now comes after the second mock's.
    let inOrder = InOrder()
    inOrder.verify(first.saveCall(eq("open")))
    let issues = reportedIssues { inOrder.verify(second.saveCall(eq("load"))) }
    #expect(issues.map(\.message) == ["""
      verifyCall in order failed - expected 1 call to save(eq("load")) after save(eq("open")), got 0
      1 call to save(_:) matched earlier, out of order
      """])
  }

  @Test func resetForgetsTheCallsAndTheStubs() {
    let service = ClearingAlbumService()
    when(service.ratingCall()).thenReturn(9)
    #expect(service.rating(id: 3) == 9)
    service.reset()
    service.verifyNoInteractions()
    #expect(service.rating(id: 3) == 0)
    verify(service.ratingCall(id: eq(3)))
  }

  @Test func aHandleWithAFunctionCannotClear() {
    let storage = MockStorage()
    let call = MockCall<() -> Void, Void>(storage: storage, identifier: "run(_:)", arguments: [{ () in }])
    let issues = reportedIssues { clearInvocations(call) }
    #expect(issues.map(\.message) == [
      "clearInvocations failed - argument 1 of run(_:) is a function and cannot be compared; use any() or a captor"
    ])
  }
}
