import Foundation
import Testing
import VerityMacros

// Sync and async overloads of one member: an async overload that takes a closure, and one whose
// handle name is taken.

/// Sync and async overloads that take a closure: the identifier's arrow is not its end.
@Mock
protocol ShapeLoader {
  func load(_ completion: @escaping @Sendable (Int) -> Void)
  func load(_ completion: @escaping @Sendable (Int) -> Void) async
}

@Suite struct MockOverloadMessageTests {
  @Test func anAsyncOverloadWithAClosureReadsAsACall() async {
    let loader = ShapeLoaderMock()
    func loadSynchronously(_ loader: some ShapeLoader) { loader.load { _ in } }
    loadSynchronously(loader)
    verify(loader.$load(any()))
    let messages = await issueMessages { verify(loader.$loadAsync(any())) }
    #expect(
      messages == [
        "verify failed - expected 1 call to load(any()) async, got 0\n"
          + "No call to load(_: @Sendable (Int) -> Void) async was recorded; recorded: load(_: @Sendable (Int) -> Void) (1 call)"
      ])
  }
}

/// A member named like the async overload's handle (`startAsync(address:)`): the async overload's
/// handles are `$start_async` instead.
@Mock
protocol Starter {
  func start(address: String) -> Bool
  func start(address: String) async -> Bool
  func startAsync(address: String) -> Bool
}

@Suite struct MockAsyncHandleCollisionTests {
  @Test func anAsyncOverloadWhoseHandleNameIsTakenGetsAnother() async {
    let starter = StarterMock()
    when(starter.$start_async(address: "a")).thenReturn(true)
    when(starter.$startAsync(address: "b")).thenReturn(true)
    #expect(await starter.start(address: "a"))
    #expect(starter.startAsync(address: "b"))
    verify(starter.$start_async(address: "a"))
    verify(starter.$startAsync(address: "b"))
    verify(starter.$start(address: any()), .never)
    let messages = await issueMessages { verify(starter.$start_async(address: "a"), .times(2)) }
    #expect(messages == [#"verify failed - expected 2 calls to start(address: "a") async, got 1"#])
  }
}
