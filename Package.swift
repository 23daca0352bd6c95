// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Verity",
  // Built and tested: Linux (CI) and macOS 15 (the release with `Mutex`). The device platforms
  // need xxHash from source instead of the system library: docs/Platforms.md.
  platforms: [.macOS(.v15)],
  products: [
    // For test targets: Verity, and what makes its failures fail the running test (VerityTesting).
    .library(name: "Verity", targets: ["Verity", "VerityTesting"]),
    // For test targets: Verity plus its macros (`@Mock`, `@Matchable`). Only the macro products
    // build swift-syntax.
    .library(name: "VerityMacros", targets: ["VerityMacros", "VerityTesting"]),
    // For an app's or a library's own targets that declare `@Mock` and `@Matchable` types: the
    // macros and the runtime their expansions call, linking no test library (no XCTest, Swift
    // Testing or IssueReportingTestSupport). The test targets that use those types depend on
    // `VerityMacros` (or `Verity`), which brings the test side. See GeneratedMocks.md.
    .library(name: "VerityMocking", targets: ["VerityMacros"]),
    // A build-tool plug-in for a target that declares `@Mock` protocols whose parents another
    // module declares (NIO's `ChannelHandler`, Vapor's `Middleware`): it reads the parents from the
    // Swift sources of the target's dependencies and generates their requirements for the mocks.
    .plugin(name: "VerityMocks", targets: ["VerityMocks"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
  ],
  targets: [
    // libxxhash from the system: `apt-get install libxxhash-dev` or `brew install xxhash`.
    .systemLibrary(
      name: "CXXHash",
      path: "CSources/CXXHash",
      pkgConfig: "libxxhash",
      providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
    ),
    // The C engine: canonical structures, node tables, the call log and its queries.
    .target(
      name: "CVerityEngine",
      dependencies: ["CXXHash"],
      path: "CSources/CVerityEngine"
    ),
    // The core: structures and their encoder, the call log, runtime support and failure
    // reporting. The only Swift code that imports the C engine; features reach it through
    // `package` declarations, and users through `Verity`, which re-exports it.
    .target(
      name: "VerityCore",
      dependencies: [
        "CVerityEngine",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The features: assertions, matchers, the diff, mocks and robots, on top of the core.
    .target(
      name: "Verity",
      dependencies: ["VerityCore"]
    ),
    // What only a test process links: IssueReportingTestSupport, through which IssueReporting
    // reaches Swift Testing (on Linux too), and XCUIElement as a robot element on Apple platforms.
    .target(
      name: "VerityTesting",
      dependencies: [
        "Verity",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // What turns a protocol into its mock's source: shared by the macro and the plug-in's tool.
    .target(
      name: "VerityMockGenerator",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    // The compiler plug-in that expands Verity's macros.
    .macro(
      name: "VerityMacrosPlugin",
      dependencies: [
        "VerityMockGenerator",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    // The tool the `VerityMocks` plug-in runs: finds the parents of `@Mock` protocols in the
    // dependencies' sources and writes their requirements (MockParents).
    .executableTarget(
      name: "VerityMockParents",
      dependencies: [
        "VerityMockGenerator",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    .plugin(
      name: "VerityMocks",
      capability: .buildTool(),
      dependencies: ["VerityMockParents"]
    ),
    // The macro declarations; re-exports Verity.
    .target(
      name: "VerityMacros",
      dependencies: ["Verity", "VerityMacrosPlugin"]
    ),
    .testTarget(
      name: "VerityMacrosTests",
      dependencies: [
        "VerityTesting",
        "VerityMacros",
        "VerityMacrosPlugin",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "VerityMockParentsTests",
      dependencies: [
        "VerityMockParents",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "CVerityEngineTests",
      dependencies: ["CVerityEngine"]
    ),
    // Helpers the test targets share (a lock the sanitizers see, seeded random numbers).
    .target(
      name: "VerityTestSupport",
      path: "Tests/VerityTestSupport"
    ),
    .testTarget(
      name: "VerityCoreTests",
      dependencies: ["VerityTesting", "VerityCore", "Verity", "VerityTestSupport"]
    ),
    .testTarget(
      name: "VerityTests",
      dependencies: ["VerityTesting", "Verity", "VerityCore", "VerityTestSupport"],
      // JSON documents read by path (tests and benchmarks), not bundled.
      exclude: ["Resources"]
    ),
    .testTarget(
      name: "VerityXCTests",
      dependencies: ["VerityTesting", "Verity"]
    ),
    // Every code example of the five seeds (shared/seeds: Gauntlet, Matchable, SwiftMock, DropBear,
    // Mimus) as their users wrote it: a rename that breaks a seed's API fails the build.
    .testTarget(
      name: "SeedExamples",
      dependencies: ["VerityTesting", "VerityMacros"]
    ),
    // Every ```swift block of README.md and the DocC articles, written out by scripts/doc-examples:
    // a documented example that stops compiling fails the build.
    .testTarget(
      name: "VerityDocExamples",
      dependencies: ["VerityTesting", "VerityMacros"]
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c11
)
