import Testing
import VerityMacros

// An `inout` function value (issue 55): it escapes (the caller's variable holds it), so it is
// recorded, matched and written back as any other `inout` argument, and a spy passes it on.

@Mock
protocol FunctionWrapper {
  func wrap(_ f: inout @Sendable (Int) -> Int)
  func install(_ handler: inout (String) -> Void, name: String) -> Bool
}

/// A real wrapper: doubles what `f` gives, and puts a handler that writes down what it receives.
final class DoublingWrapper: FunctionWrapper, Sendable {
  let received = SpyJournal()
  func wrap(_ f: inout @Sendable (Int) -> Int) {
    let inner = f
    f = { inner($0) * 2 }
  }
  func install(_ handler: inout (String) -> Void, name: String) -> Bool {
    handler = { [received] text in received.append("\(name): \(text)") }
    return true
  }
}

@Suite struct MockInoutFunctionShapeTests {
  @Test func anInoutSendableFunctionIsWrittenBackByAnAnswer() {
    let mock = FunctionWrapperMock()
    when(mock.$wrap(any())).thenAnswer { f in
      let inner = f
      f = { inner($0) + 100 }
    }
    var f: @Sendable (Int) -> Int = { $0 * 3 }
    mock.wrap(&f)
    #expect(f(1) == 103)
    verify(mock.$wrap(any()))
    verify(mock.$install(any(), name: any()), .never)
  }

  @Test func anInoutNonSendableFunctionIsWrittenBackByAnAnswer() {
    let mock = FunctionWrapperMock()
    let written = SpyJournal()
    when(mock.$install(any(), name: eq("log"))).thenAnswer { handler, name in
      handler = { text in written.append("\(name) got \(text)") }
      return true
    }
    var handler: (String) -> Void = { _ in }
    #expect(mock.install(&handler, name: "log"))
    handler("hello")
    #expect(written.all == ["log got hello"])
    // No stub matches: the handler stays as it was, the result is the default.
    var other: (String) -> Void = { text in written.append("other \(text)") }
    #expect(!mock.install(&other, name: "other"))
    other("x")
    #expect(written.all.last == "other x")
    verify(mock.$install(any(), name: "log"))
    verify(mock.$install(any(), name: any()), .times(2))
  }

  @Test func anUnstubbedCallLeavesTheFunctionAlone() {
    let mock = FunctionWrapperMock()
    var f: @Sendable (Int) -> Int = { $0 + 1 }
    mock.wrap(&f)
    #expect(f(1) == 2)
    verify(mock.$wrap(any()), .times(1))
  }

  @Test func aSpyPassesTheInoutFunctionOnAndKeepsWhatTheRealObjectWrites() {
    let real = DoublingWrapper()
    let spy = FunctionWrapperMock(spying: real)
    var f: @Sendable (Int) -> Int = { $0 + 1 }
    spy.wrap(&f)
    #expect(f(2) == 6)
    var handler: (String) -> Void = { _ in }
    #expect(spy.install(&handler, name: "spy"))
    handler("ping")
    #expect(real.received.all == ["spy: ping"])
    // A stub answers instead of the real object.
    when(spy.$wrap(any())).thenAnswer { f in f = { _ in 0 } }
    spy.wrap(&f)
    #expect(f(2) == 0)
    verify(spy.$wrap(any()), .times(2))
    verify(spy.$install(any(), name: "spy"))
  }
}
