import GRDB
import Hummingbird
import NIOCore
import Tracing
import Vapor
import VerityMacros

// An app's protocols, as server code writes them: each refines a protocol of swift-nio, Vapor,
// swift-distributed-tracing, Hummingbird or GRDB, and adds little or nothing. `@Mock` generates
// what each declares; the VerityMocks plug-in generates what each inherits, read from those
// packages' sources.

/// A NIO handler: `ChannelInboundHandler` → `_ChannelInboundHandler` → `ChannelHandler`, and
/// `_EmittingChannelHandler` (NIOCore).
@Mock
protocol EchoHandler: ChannelInboundHandler where InboundIn == ByteBuffer, InboundOut == ByteBuffer {
  var echoed: Int { get }
}

/// A Vapor middleware: `AsyncMiddleware` → `Middleware` (Vapor).
@Mock
protocol AuthMiddleware: AsyncMiddleware {
  func isAllowed(_ request: Vapor.Request) -> Bool
}

/// A tracer: `Tracer` → `LegacyTracer` (Tracing) → `Instrument` (Instrumentation).
@Mock
protocol AppTracer: Tracer where Span == NoOpTracer.NoOpSpan {}

/// A Hummingbird middleware: `RouterMiddleware` → `MiddlewareProtocol` (Hummingbird).
@Mock
protocol TimingMiddleware: RouterMiddleware where Context == BasicRequestContext {}

/// A GRDB database: `DatabaseWriter` → `DatabaseReader` (GRDB).
@Mock
protocol AppDatabase: DatabaseWriter {}

/// More of Vapor's async protocols, whose parents are Vapor's `EventLoopFuture` ones:
/// `AsyncResponder` → `Responder`; `AsyncSessionDriver` → `SessionDriver`;
/// `AsyncBasicAuthenticator` → `AsyncRequestAuthenticator` → `AsyncAuthenticator` →
/// `AsyncMiddleware` → `Middleware` (four levels).
@Mock
protocol AppResponder: AsyncResponder {}

@Mock
protocol AppSessions: AsyncSessionDriver {}

@Mock
protocol AppBasicAuthenticator: AsyncBasicAuthenticator {}

/// Hummingbird's `PersistDriver` → swift-service-lifecycle's `Service`: a parent in a third
/// package, which the test target does not name.
@Mock
protocol AppPersistence: PersistDriver {}
