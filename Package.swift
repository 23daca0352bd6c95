// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Verity",
  // Built and tested: Linux (CI) and macOS 15 (the release with `Mutex`). The device platforms
  // need xxHash from source instead of the system library: docs/Platforms.md.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Verity", targets: ["Verity"]),
    // Verity plus its macros (`@Matchable`). Only this product builds swift-syntax.
    .library(name: "VerityMacros", targets: ["VerityMacros"]),
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
        // Linked so that failures fail Swift Testing tests on Linux too (see DESIGN.md).
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The features: assertions, matchers, the diff, mocks and robots, on top of the core.
    .target(
      name: "Verity",
      dependencies: ["VerityCore"]
    ),
    // The compiler plug-in that expands Verity's macros.
    .macro(
      name: "VerityMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    // The macro declarations; re-exports Verity.
    .target(
      name: "VerityMacros",
      dependencies: ["Verity", "VerityMacrosPlugin"]
    ),
    .testTarget(
      name: "VerityMacrosTests",
      dependencies: [
        "VerityMacros",
        "VerityMacrosPlugin",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
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
      dependencies: ["VerityCore", "Verity", "VerityTestSupport"]
    ),
    .testTarget(
      name: "VerityTests",
      dependencies: ["Verity", "VerityCore", "VerityTestSupport"],
      // JSON documents read by path (tests and benchmarks), not bundled.
      exclude: ["Resources"]
    ),
    .testTarget(
      name: "VerityXCTests",
      dependencies: ["Verity"]
    ),
    // Every code example of the five seeds (shared/seeds: Gauntlet, Matchable, SwiftMock, DropBear,
    // Mimus) as their users wrote it: a rename that breaks a seed's API fails the build.
    .testTarget(
      name: "SeedExamples",
      dependencies: ["VerityMacros"]
    ),
    // Every ```swift block of README.md and the DocC articles, written out by scripts/doc-examples:
    // a documented example that stops compiling fails the build.
    .testTarget(
      name: "VerityDocExamples",
      dependencies: ["VerityMacros"]
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c11
)
