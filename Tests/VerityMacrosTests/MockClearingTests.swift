import Testing
import Verity
import VerityMacros

@Mock
protocol ClearingJukebox {
  func play(_ song: String, volume: Int)
  func queued() -> [String]
}

@Mock
protocol ResettableCounter {
  func reset()
  func clearInvocations() -> Int
  func increment(by step: Int)
}

/// `clearInvocations` and `reset` on `@Mock` mocks, through their handles.
@Suite struct MockClearingTests {
  @Test func aHandleClearsTheCallsItMatches() {
    let jukebox = ClearingJukeboxMock()
    when(jukebox.$queued()).thenReturn(["a"])
    jukebox.play("intro", volume: 3)
    jukebox.play("song", volume: 5)
    _ = jukebox.queued()
    clearInvocations(jukebox.$play(any(), volume: lessThan(4)))
    verify(jukebox.$play("intro", volume: 3), .never)
    verify(jukebox.$play("song", volume: 5))
    verify(jukebox.$queued())
    jukebox.verifyNoMoreInteractions()
    jukebox.clearInvocations()
    jukebox.verifyNoInteractions()
    #expect(jukebox.queued() == ["a"])
    jukebox.reset()
    #expect(jukebox.queued() == [])
    verify(jukebox.$queued())
  }

  @Test func aVerificationAfterAClearReportsNoCalls() async {
    let jukebox = ClearingJukeboxMock()
    jukebox.play("intro", volume: 3)
    jukebox.clearInvocations()
    let issues = await issueMessages { verify(jukebox.$play("intro", volume: 3)) }
    #expect(issues == [
      "verify failed - expected 1 call to play(\"intro\", volume: 3), got 0\nNo calls were recorded."
    ])
  }

  /// A protocol's own `reset()` and `clearInvocations()` are the mock's members; a handle still
  /// clears, and so does the storage's log.
  @Test func membersNamedResetAndClearInvocationsStayTheProtocols() {
    let counter = ResettableCounterMock()
    counter.increment(by: 1)
    counter.reset()
    when(counter.$clearInvocations()).thenReturn(7)
    #expect(counter.clearInvocations() == 7)
    verify(counter.$reset())
    verify(counter.$increment(by: 1))
    clearInvocations(counter.$increment(by: any()))
    verify(counter.$increment(by: any()), .never)
    counter.storage.log.removeAllCalls()
    verify(counter.$reset(), .never)
  }
}
