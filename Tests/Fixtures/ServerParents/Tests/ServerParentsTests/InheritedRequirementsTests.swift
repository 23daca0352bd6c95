import GRDB
import Hummingbird
import NIOCore
import NIOEmbedded
import Testing
import Tracing
import Vapor
import VerityMacros

/// One requirement each protocol inherits from its package, stubbed, called through the parent
/// protocol (or by the package's own code), and verified.
@Suite struct InheritedRequirementsTests {
  /// NIO's pipeline calls `ChannelHandler.handlerAdded(context:)` with the handler's real context.
  @Test func aNIOHandlerAddedToAPipeline() throws {
    let handler = EchoHandlerMock()
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandler(handler)

    verify(handler.$handlerAdded(context: any()))
    verify(handler.$channelRead(context: any(), data: any()), .never)
    _ = try channel.finish()
  }

  /// Vapor's `Middleware.respond(to:chainingTo:)` (an `EventLoopFuture`), beside the child's
  /// `AsyncMiddleware` overload: the matcher's type picks the parent's handle.
  @Test func aVaporMiddlewaresFutureRequirement() async throws {
    let app = try await Application.make(.testing)
    let request = Vapor.Request(application: app, on: app.eventLoopGroup.next())
    let middleware = AuthMiddlewareMock()
    when(middleware.$respond(to: any(), chainingTo: any((any Responder).self)))
      .thenReturn(request.eventLoop.makeSucceededFuture(Vapor.Response(status: .accepted)))

    let parent: any Middleware = middleware
    let response = try await parent.respond(to: request, chainingTo: OKResponder()).get()

    #expect(response.status == .accepted)
    verify(middleware.$respond(to: any(), chainingTo: any((any Responder).self)))
    verify(middleware.$respond(to: any(), chainingTo: any((any AsyncResponder).self)), .never)
    try await app.asyncShutdown()
  }

  /// swift-distributed-tracing's `Instrument.inject(_:into:using:)`, two levels up, generic and
  /// `inout`.
  @Test func aTracersInstrumentRequirement() {
    let tracer = AppTracerMock()
    var headers: [String: String] = [:]

    tracer.inject(ServiceContext.topLevel, into: &headers, using: DictionaryInjector())

    verify(tracer.$inject(any(), into: any([String: String].self), using: any(DictionaryInjector.self)))
  }

  /// Hummingbird's `MiddlewareProtocol.handle(_:context:next:)`, with its non-escaping `next`.
  @Test func aHummingbirdMiddlewaresHandle() async throws {
    let middleware = TimingMiddlewareMock()
    when(middleware.$handle(any(), context: any(), next: any())).thenReturn(Hummingbird.Response(status: .accepted))
    let channel = EmbeddedChannel()
    let context = BasicRequestContext(source: .init(channel: channel, logger: .init(label: "ServerParents")))
    let request = Hummingbird.Request(
      head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/"), body: .init(buffer: ByteBuffer()))

    let parent: any MiddlewareProtocol<Hummingbird.Request, Hummingbird.Response, BasicRequestContext> = middleware
    let response = try await parent.handle(request, context: context) { _, _ in Hummingbird.Response(status: .ok) }

    #expect(response.status == .accepted)
    verify(middleware.$handle(any(), context: any(), next: any()))
  }

  /// GRDB's `DatabaseReader.path`, read through the parent.
  @Test func aGRDBReadersProperty() {
    let database = AppDatabaseMock()
    when(database.$path()).thenReturn("/tmp/server-parents.sqlite")

    let reader: any DatabaseReader = database
    #expect(reader.path == "/tmp/server-parents.sqlite")
    verify(database.$path())
  }
}

private struct OKResponder: Responder {
  func respond(to request: Vapor.Request) -> EventLoopFuture<Vapor.Response> {
    request.eventLoop.makeSucceededFuture(Vapor.Response(status: .ok))
  }
}

private struct DictionaryInjector: Injector {
  func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
    carrier[key] = value
  }
}

extension InheritedRequirementsTests {
  /// swift-service-lifecycle's `Service.run()`, the parent of Hummingbird's `PersistDriver`, from
  /// a package the test target reaches only through Hummingbird.
  @Test func aServiceLifecycleRequirementTwoPackagesAway() async throws {
    let persistence = AppPersistenceMock()
    when(persistence.$run()).thenThrow(CancellationError())

    await #expect(throws: CancellationError.self) { try await persistence.run() }
    verify(persistence.$run())
  }

  /// Vapor's `Middleware.respond(to:chainingTo:)`, four levels above `AsyncBasicAuthenticator`.
  @Test func aVaporMiddlewareRequirementFourLevelsUp() async throws {
    let app = try await Application.make(.testing)
    let request = Vapor.Request(application: app, on: app.eventLoopGroup.next())
    let authenticator = AppBasicAuthenticatorMock()
    when(authenticator.$authenticate(basic: any(), for: any())).thenReturn(())

    try await authenticator.authenticate(basic: BasicAuthorization(username: "ada", password: "x"), for: request)
    let middleware: any Middleware = authenticator
    _ = middleware

    verify(authenticator.$authenticate(basic: any(), for: any()))
    verify(authenticator.$respond(to: any(), chainingTo: any((any Responder).self)), .never)
    try await app.asyncShutdown()
  }
}
