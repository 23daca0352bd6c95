import Testing
import Verity
import VerityMacros

@Mock
protocol NewsListener: AnyObject, Sendable {
  func heard(_ headline: String)
}

@Mock
protocol NewsBus {
  func subscribe(_ listener: any NewsListener, topic: String)
  func listener(for topic: String) -> (any NewsListener)?
  func isSubscribed(_ listener: any NewsListener) -> Bool
}

/// A hand-written mock of the same protocol.
final class FakeNewsListener: NewsListener, Mock {
  let storage = MockStorage()
  func heard(_ headline: String) { recordCall(withIdentifier: "heard", arguments: [headline]) }
}

/// A mock passed to another mock (a listener, a delegate) is one object: as a plain value it
/// matches itself only, in verifications, stubs and in-order checks alike, whatever it recorded
/// meanwhile; messages name it by type and storage number, not by its internals.
@Suite struct MockAsArgumentTests {
  @Test func aMockMatchesItselfAndNoOtherMock() {
    let bus = NewsBusMock()
    let listener = NewsListenerMock()
    let other = NewsListenerMock()
    let fake = FakeNewsListener()
    bus.subscribe(listener, topic: "news")
    listener.heard("rain")  // its own calls change nothing about it as an argument
    bus.subscribe(fake, topic: "news")
    verify(bus.$subscribe(listener, topic: "news"))
    verify(bus.$subscribe(fake, topic: "news"))
    verify(bus.$subscribe(other, topic: "news"), .never)
    verify(bus.$subscribe(FakeNewsListener(), topic: "news"), .never)
    bus.verifyCall(withIdentifier: "subscribe(_:topic:)", arguments: [listener, "news"])
    bus.verifyCall(withIdentifier: "subscribe(_:topic:)", arguments: [other, "news"], mode: .never)
  }

  @Test func stubsAndInOrderAgree() {
    let bus = NewsBusMock()
    let listener = NewsListenerMock()
    let other = NewsListenerMock()
    when(bus.$listener(for: "news")).thenReturn(listener)
    #expect(bus.listener(for: "news") === listener)
    when(bus.$isSubscribed(listener)).thenReturn(true)
    listener.heard("rain")
    #expect(bus.isSubscribed(listener))
    #expect(!bus.isSubscribed(other))
    #expect(!bus.isSubscribed(FakeNewsListener()))
    bus.subscribe(other, topic: "sport")
    bus.subscribe(listener, topic: "news")
    let inOrder = InOrder()
    inOrder.verify(bus.$subscribe(other, topic: "sport"))
    inOrder.verify(bus.$subscribe(listener, topic: "news"))
    withKnownIssue {
      InOrder().verify(bus.$subscribe(listener, topic: "sport"))
    }
  }

  /// `Assert` compares mocks as the mock paths do: itself only, whatever it recorded, and a failed
  /// check is followed by one that passes.
  @Test func assertAgreesWithTheMockPaths() {
    let listener = NewsListenerMock()
    let other = NewsListenerMock()
    Assert(that: TestAnAssertion(on: listener).hasNoDifference(from: other, line: 3))
      .didFail(expectedName: "hasNoDifference", expectedLine: 3)
    listener.heard("rain")
    Assert(that: TestAnAssertion(on: listener).hasNoDifference(from: listener, line: 4))
      .didPass(expectedName: "hasNoDifference", expectedLine: 4)
    let heard: [any NewsListener] = [listener, other]
    Assert(that: TestAnAssertion(on: heard as [Any]).isEqualTo([listener, other] as [Any], line: 5))
      .didPass(expectedName: "isEqualTo", expectedLine: 5)
    Assert(that: TestAnAssertion(on: heard as [Any]).isEqualTo([other, listener] as [Any], line: 6))
      .didFail(expectedName: "isEqualTo", expectedLine: 6)
  }

  @Test func messagesNameAMockByTypeAndNumber() {
    let bus = NewsBusMock()
    let listener = NewsListenerMock()
    let other = NewsListenerMock()
    bus.subscribe(listener, topic: "news")
    withKnownIssue {
      verify(bus.$subscribe(other, topic: "news"))
    } matching: { issue in
      issue.description.hasSuffix("""
        verify failed - expected 1 call to subscribe(<NewsListenerMock #\(other.storage.number)>, topic: "news"), got 0
        1 call to subscribe(_:topic:) had other arguments:
          #1 subscribe(<NewsListenerMock #\(listener.storage.number)>, topic: "news")
             argument 1: expected <NewsListenerMock #\(other.storage.number)>, got <NewsListenerMock #\(listener.storage.number)>
        """)
    }
    #expect(other.storage.number > listener.storage.number)
  }
}
