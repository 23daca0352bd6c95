import Testing
import VerityMacros

/// Hummingbird's `MiddlewareProtocol` shape: a closure parameter whose type names the protocol's
/// associated types. A spy cannot pass such a call on (a function cannot be cast to the real
/// object's types: the forwarding code would be a cast that always fails, and a warning in every
/// build of the mock), so the spy answers it from its stubs.
@Mock
protocol ChainedHandler<Context>: Sendable {
  associatedtype Context: Sendable
  func handle(_ input: Int, context: Context, next: (Int, Context) async throws -> Int) async throws -> Int
  func name(of context: Context) -> String
}

struct DoublingHandler: ChainedHandler {
  func handle(_ input: Int, context: String, next: (Int, String) async throws -> Int) async throws -> Int {
    try await next(input * 2, context)
  }
  func name(of context: String) -> String { "doubling \(context)" }
}

@Suite struct ClosureOfAssociatedTypeTests {
  @Test func aSpyAnswersTheClosureMemberFromItsStubsAndPassesTheOthersOn() async throws {
    let handler = ChainedHandlerMock<String>(spying: DoublingHandler())
    when(handler.$handle(any(), context: any(), next: any())).thenReturn(7)

    let result = try await handler.handle(3, context: "request") { value, _ in value }

    #expect(result == 7)
    #expect(handler.name(of: "request") == "doubling request")
    verify(handler.$handle(3, context: "request", next: any()))
  }
}
