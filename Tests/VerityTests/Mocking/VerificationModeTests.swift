import Testing
import Verity

@Suite struct VerificationModeTests {
  /// Records `count` matching calls plus one call to another identifier.
  func store(withSaves count: Int) -> FakeStore {
    let store = FakeStore()
    for _ in 0..<count { store.save(1, "a") }
    store.open()
    return store
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var mode: VerificationMode
    var calls: Int
    var passes: Bool
    var testDescription: String { "\(mode) with \(calls) calls: \(passes ? "passes" : "fails")" }
  }

  static let boundaries: [Case] = [
    Case(mode: .never, calls: 0, passes: true),
    Case(mode: .never, calls: 1, passes: false),
    Case(mode: .times(2), calls: 1, passes: false),
    Case(mode: .times(2), calls: 2, passes: true),
    Case(mode: .times(2), calls: 3, passes: false),
    Case(mode: .times(0), calls: 0, passes: true),
    Case(mode: .atLeast(2), calls: 1, passes: false),
    Case(mode: .atLeast(2), calls: 2, passes: true),
    Case(mode: .atLeast(2), calls: 3, passes: true),
    Case(mode: .atMost(2), calls: 1, passes: true),
    Case(mode: .atMost(2), calls: 2, passes: true),
    Case(mode: .atMost(2), calls: 3, passes: false),
    Case(mode: .atLeastOnce, calls: 0, passes: false),
    Case(mode: .atLeastOnce, calls: 1, passes: true),
    Case(mode: .atLeastOnce, calls: 5, passes: true),
  ]

  /// Predicates on two positions (matchers the engine cannot answer, run in Swift over the calls
  /// it hands back), in a log of a few calls (matches gathered in temporary storage) and of more
  /// than 256 (gathered in an array): the count is the filter's, a passing check marks exactly
  /// those calls, and a failing one marks none.
  @Test(arguments: [10, 300])
  func predicatesOnTwoPositionsCountAndMarkAsAFilter(calls: Int) {
    let store = FakeStore()
    var saved: [(Int, String)] = []
    for index in 0..<calls {
      let name = index % 3 == 0 ? "even-ish" : "other"
      store.save(index, name)
      saved.append((index, name))
    }
    let oddID = Matcher<Int>("odd id") { $0 % 2 == 1 ? .match : .mismatch("\($0) is even") }
    let evenName = Matcher<String>("even-ish") { $0 == "even-ish" ? .match : .mismatch("\($0)") }
    let expected = saved.filter { $0.0 % 2 == 1 && $0.1 == "even-ish" }.count
    #expect(expected > 0)
    withKnownIssue {
      store.verifyCall(withIdentifier: "save", arguments: [oddID, evenName], mode: .times(expected + 1))
    }
    #expect(store.storage.log.unverified().count == calls)
    store.verifyCall(withIdentifier: "save", arguments: [oddID, evenName], mode: .times(expected))
    // Exactly those calls are verified now.
    let matching = saved.indices.filter { saved[$0].0 % 2 == 1 && saved[$0].1 == "even-ish" }
    #expect(store.storage.log.unverified() == saved.indices.filter { !matching.contains($0) })
    store.verifyCall(withIdentifier: "save", arguments: [any() as Matcher<Int>, any() as Matcher<String>], mode: .times(calls))
    store.verifyNoMoreInteractions()
  }

  @Test(arguments: boundaries)
  func modeBoundaries(_ testCase: Case) {
    let store = store(withSaves: testCase.calls)
    if testCase.passes {
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: testCase.mode)
    } else {
      let issues = reportedIssues {
        store.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: testCase.mode)
      }
      #expect(issues.count == 1)
    }
  }

  @Test func failureMessagesNameTheModeAndTheCount() {
    let store = store(withSaves: 3)
    let issues = reportedIssues {
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: .never)
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: .atMost(2))
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: .times(2))
      store.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: .atLeast(4))
    }
    #expect(issues.map(\.message) == [
      #"verifyCall failed - expected no calls to save(1, "a"), got 3"#,
      #"verifyCall failed - expected at most 2 calls to save(1, "a"), got 3"#,
      #"verifyCall failed - expected 2 calls to save(1, "a"), got 3"#,
      #"verifyCall failed - expected at least 4 calls to save(1, "a"), got 3"#,
    ])
  }

  @Test func onlyRequiresTheOneCallToBeTheOnlyCall() {
    let single = FakeStore()
    single.save(1, "a")
    single.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: .only)

    let busy = store(withSaves: 1)
    let issues = reportedIssues {
      busy.verifyCall(withIdentifier: "save", arguments: [1, "a"], mode: .only)
    }
    #expect(issues.map(\.message) == [
      #"verifyCall failed - expected save(1, "a") to be the only call, got 1 call matching and 2 calls in all"#
    ])
  }

  @Test func argumentsAnyAndNone() {
    let store = FakeStore()
    store.open()
    store.save(7, "x")

    store.verifyCall(withIdentifier: "open", arguments: .none)
    store.verifyCall(withIdentifier: "open")
    store.verifyCall(withIdentifier: "save", arguments: .any)
    let issues = reportedIssues {
      store.verifyCall(withIdentifier: "save", arguments: .none)
    }
    #expect(issues.map(\.message) == ["""
      verifyCall failed - expected 1 call to save(), got 0
      1 call to save had other arguments:
        #2 save(7, "x")
           expected 0 arguments, got 2
      """])
  }

  @Test func verifyingTheSameCallTwiceIsAllowed() {
    let store = store(withSaves: 1)
    store.verifyCall(withIdentifier: "save", arguments: [1, "a"])
    store.verifyCall(withIdentifier: "save", arguments: [1, "a"])
  }

  @Test func typedAndUntypedRecordingsVerifyAlike() {
    let store = FakeStore()
    store.save(5, "five")
    store.recordCall(withIdentifier: "save", arguments: [5, "five"])
    store.verifyCall(withIdentifier: "save", arguments: [5, "five"], mode: .times(2))
    // Integers compare by value whatever their width.
    store.verifyCall(withIdentifier: "save", arguments: [UInt8(5), "five"], mode: .times(2))
  }

  @Test func anArrayLiteralIsTheArgumentListNotOneArrayArgument() {
    let store = FakeStore()
    store.recordCall(withIdentifier: "names", arguments: ["a", "b"])
    store.recordCall(withIdentifier: "names", typedArguments: ["a", "b"])
    store.verifyCall(withIdentifier: "names", arguments: ["a", "b"])
    store.verifyCall(withIdentifier: "names", arguments: [["a", "b"]])
  }
}
