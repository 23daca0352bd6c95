import Testing
import VerityMacros

/// `==` compares `note`; the structure leaves it out.
@Matchable
struct RunWorkout: Equatable, Sendable {
  var name: String
  var duration: Double
  @MatchableIgnored var note: String
}

@Mock
protocol WorkoutJournal {
  func save(_ workout: RunWorkout)
}

/// Issue 47, item 8: when only a `@MatchableIgnored` field makes `==` fail, the verification's
/// failure names that field (read by reflection) instead of showing two equal renderings alone.
@Suite struct MatchableIgnoredVerificationTests {
  @Test func aFieldTheStructureLeavesOutIsNamedWhenEqualsFails() async {
    let journal = WorkoutJournalMock()
    journal.save(RunWorkout(name: "Run", duration: 30, note: "felt good"))
    let wanted = RunWorkout(name: "Run", duration: 30, note: "tired")
    let messages = await issueMessages {
      verify(journal.$save(eq(wanted)))
      verify(journal.$save(wanted))
    }
    let reason =
      #"(== tells them apart by note, which their structures leave out (a @MatchableIgnored field, say): expected "tired", got "felt good")"#
    #expect(
      messages == [
        """
        verify failed - expected 1 call to save(eq(RunWorkout(name: "Run", duration: 30.0, note: "tired"))), got 0
        1 call to save(_:) had other arguments:
          #1 save(RunWorkout(name: "Run", duration: 30.0))
             argument 1: expected eq(RunWorkout(name: "Run", duration: 30.0, note: "tired")), got RunWorkout(name: "Run", duration: 30.0) \(reason)
        """,
        """
        verify failed - expected 1 call to save(RunWorkout(name: "Run", duration: 30.0)), got 0
        1 call to save(_:) had other arguments:
          #1 save(RunWorkout(name: "Run", duration: 30.0))
             argument 1: expected RunWorkout(name: "Run", duration: 30.0), got RunWorkout(name: "Run", duration: 30.0) \(reason)
        """,
      ])
  }
}
