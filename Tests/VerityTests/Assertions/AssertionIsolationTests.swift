import Testing
import Verity

/// A class that is not `Sendable`, checked from the main actor.
private final class ViewModel {
  var title = "Inbox"
  var unread = 0
}

private protocol Delegate: AnyObject {}
private final class Coordinator: Delegate {}

/// Assertions on non-`Sendable` values from an actor-isolated test compile in Swift 6 mode and
/// behave the same.
@MainActor
@Suite struct IsolationTests {
  @Test func synchronousOperatorsOnANonSendableValue() {
    let model = ViewModel()
    Assert(that: model).isIdentical(to: model).matches(having(\.title, eq("Inbox")))
  }

  @Test func asyncOperatorsOnANonSendableValue() async {
    let model = ViewModel()
    await Assert(that: model).asyncThen { model in
      await Task.yield()
      #expect(model.title == "Inbox")
    }
    await Assert(asyncThrowingExpression: { model.unread })
      .eventually(clock: ManualTestClock()) { $0.isEqualTo(0) }
  }

  @Test func classBoundExistentials() {
    let coordinator = Coordinator()
    let delegate: any Delegate = coordinator
    Assert(that: delegate).isIdentical(to: coordinator).isNotIdentical(to: Coordinator())
  }
}
