import Synchronization
import Testing
import VerityMacros
import VerityTesting

/// A protocol with static members only: every test below uses the same mock type.
@Mock
protocol Ticker {
  static func now() -> Int
  static func tick(_ label: String)
}

/// A second mock type with static members, for the report each type makes once.
@Mock
protocol Stamper {
  static func stamp() -> String
}

/// Static members per test: the stores of the current scope, else of the current Swift Testing
/// test, else of the process (GeneratedMocks.md, "Static members").
@Suite struct StaticMembersPerTestTests {
  /// Two tests that stub and verify the same static members differently, interleaving their
  /// calls while both run (Swift Testing runs them in parallel): each sees only its own.
  @Test func aTestSeesOnlyItsOwnStaticStubsAndCalls() async {
    await stubTickAndVerify(value: 100, label: "first test")
  }

  @Test func anotherTestSeesOnlyItsOwnStaticStubsAndCalls() async {
    await stubTickAndVerify(value: 200, label: "second test")
  }

  private func stubTickAndVerify(value: Int, label: String) async {
    when(TickerMock.$now()).thenReturn(value)
    for _ in 0..<50 {
      TickerMock.tick(label)
      #expect(TickerMock.now() == value)
      await Task.yield()
    }
    verify(TickerMock.$tick(eq(label)), .times(50))
    verify(TickerMock.$tick(any()), .times(50))
    verify(TickerMock.$now(), .times(50))
  }

  /// Twenty cases run in parallel under `.scopedStaticMocks`, each stubbing its own value: each
  /// case sees its own stub and its own calls only.
  @Test(.scopedStaticMocks, arguments: 1...20)
  func eachCaseSeesOnlyItsOwnStaticStubsAndCalls(value: Int) async {
    when(TickerMock.$now()).thenReturn(value)
    for round in 0..<value {
      TickerMock.tick("case \(value) round \(round)")
      #expect(TickerMock.now() == value)
      await Task.yield()
    }
    verify(TickerMock.$tick(hasPrefix("case \(value) ")), .times(value))
    verify(TickerMock.$tick(any()), .times(value))
    verify(TickerMock.$now(), .times(value))
  }

  /// A child task (`async let`) and `Task {}` belong to the test that created them; a
  /// `Task.detached` belongs to no test and records into the process's store.
  @Test func childTasksBelongToTheTestDetachedTasksDoNot() async {
    let own = MockStorage.staticStorage(for: TickerMock.self)
    #expect(MockStorage.staticStorage(for: TickerMock.self) === own)
    async let child = MockStorage.staticStorage(for: TickerMock.self)
    #expect(await child === own)
    #expect(await Task { MockStorage.staticStorage(for: TickerMock.self) }.value === own)
    let detached = await Task.detached { MockStorage.staticStorage(for: TickerMock.self) }.value
    #expect(detached !== own)
    #expect(MockStorage.staticStorage(for: ClockMock.self) !== own)

    async let childCall: Void = TickerMock.tick("from a child task")
    await childCall
    await Task.detached { TickerMock.tick("from a detached task") }.value
    verify(TickerMock.$tick(eq("from a child task")), .times(1))
    verify(TickerMock.$tick(eq("from a detached task")), .never)
  }

  /// A scope starts empty, sees none of the test's static stubs and calls, and hides its own
  /// from the test when it ends.
  @Test func aScopeHasStaticMembersOfItsOwn() {
    when(TickerMock.$now()).thenReturn(1)
    TickerMock.tick("test")
    withScopedStaticMocks {
      #expect(TickerMock.now() == 0)
      when(TickerMock.$now()).thenReturn(2)
      #expect(TickerMock.now() == 2)
      TickerMock.tick("scope")
      verify(TickerMock.$tick(any()), .times(1))
      verify(TickerMock.$tick(eq("scope")), .times(1))
    }
    #expect(TickerMock.now() == 1)
    verify(TickerMock.$tick(eq("test")), .times(1))
    verify(TickerMock.$tick(any()), .times(1))
  }

  /// A failed static verification lists the test's own calls only, whatever other tests called.
  @Test(.scopedStaticMocks, arguments: ["a", "b", "c"])
  func aFailedStaticVerificationListsOnlyTheTestsOwnCalls(label: String) async {
    TickerMock.tick(label)
    let messages = await issueMessages {
      verify(TickerMock.$tick(eq("other")))
    }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to tick(eq("other")), got 0
        1 call to tick(_:) had other arguments:
          #1 tick("\(label)")
             argument 1: expected eq("other"), got "\(label)"
        """
      ])
  }

  /// A static call no stub answers is reported as an instance call is; here with no stub at all in
  /// the test's store, though other tests stub `now()`.
  @Test func aFailedStaticTimesVerificationCountsTheTestsCallsOnly() async {
    _ = TickerMock.now()
    let messages = await issueMessages {
      verify(TickerMock.$now(), .times(2))
    }
    #expect(messages == ["verify failed - expected 2 calls to now(), got 1"])
  }

  /// Without `.scopedStaticMocks`, the cases of a parameterized test would share the test's static
  /// stubs and calls: the first static call of each mock type reports it, at the test's
  /// declaration, with the fix; later calls report nothing and still work. (One argument, so one
  /// case makes both reports.)
  @Test(arguments: [7])
  func aParameterizedTestWithoutTheTraitReportsItsStaticCallsOncePerType(value: Int) throws {
    let declaration = try #require(Test.current).sourceLocation
    let issues = Mutex<[(message: String, location: SourceLocation?)]>([])
    withKnownIssue {
      when(TickerMock.$now()).thenReturn(value)
      #expect(TickerMock.now() == value)
      TickerMock.tick("one")
      TickerMock.tick("two")
      #expect(StamperMock.stamp() == "")
      verify(TickerMock.$tick(any()), .times(2))
    } matching: { issue in
      issues.withLock { $0.append((issue.comments.map(\.rawValue).joined(separator: "\n"), issue.sourceLocation)) }
      return true
    }
    let reported = issues.withLock { $0 }
    let name = "aParameterizedTestWithoutTheTraitReportsItsStaticCallsOncePerType(value:)"
    #expect(
      reported.map(\.message) == ["TickerMock", "StamperMock"].map { type in
        "\(type)'s static members are used in a case of the parameterized test \(name), whose "
          + "cases would share their static stubs and calls (Swift Testing gives a library no way to "
          + "tell its cases apart): give the test or its suite the trait .scopedStaticMocks "
          + "(import VerityTesting), or call them inside withScopedStaticMocks { … }"
      })
    #expect(reported.map(\.location) == [declaration, declaration])
  }

  /// Under the trait, or inside a scope, a parameterized test's static calls report nothing.
  @Test(arguments: [7])
  func aParameterizedTestInsideAScopeReportsNothing(value: Int) {
    withScopedStaticMocks {
      when(TickerMock.$now()).thenReturn(value)
      #expect(TickerMock.now() == value)
      #expect(StamperMock.stamp() == "")
    }
  }
}
