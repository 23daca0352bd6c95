// swift-tools-version: 6.2
// A fixture built by scripts/server-parents (CI runs it). Its test target declares an app's
// `@Mock` protocols, each refining a protocol of a server package (swift-nio's
// `ChannelInboundHandler`, Vapor's `AsyncMiddleware`, swift-distributed-tracing's `Tracer`,
// Hummingbird's `RouterMiddleware`, GRDB's `DatabaseWriter`), whose own parents live in those
// packages too. `@Mock` sees only the protocol it is attached to, so the parents' requirements
// come from the build-tool plug-in `VerityMocks`, which reads them from these packages' sources.
// Without it the mocks do not conform to `Middleware`, `LegacyTracer`, `Instrument`,
// `MiddlewareProtocol` and `DatabaseReader`, and have no `$` handles for the parents' members.
import PackageDescription

let package = Package(
  name: "ServerParents",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Verity is the repository three folders up (a URL dependency works the same).
    .package(name: "Verity", path: "../../.."),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
  ],
  targets: [
    .testTarget(
      name: "ServerParentsTests",
      dependencies: [
        .product(name: "VerityMacros", package: "Verity"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "Vapor", package: "vapor"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ],
      // The plug-in writes the parents' requirements and handles into this target (an extension
      // of each mock).
      plugins: [.plugin(name: "VerityMocks", package: "Verity")]
    )
  ],
  swiftLanguageModes: [.v6]
)
