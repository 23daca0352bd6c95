// swift-tools-version: 6.2
// The benchmark executable lives in its own package so that library users never resolve
// benchmark-only dependencies. Run it with `scripts/benchmark` from the repository root.
import PackageDescription

let package = Package(
  name: "VerityBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Named explicitly: a path dependency is otherwise identified by its folder name, which
    // differs between checkouts.
    .package(name: "Verity", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // The diff Verity's is compared with (benchmarks only: the library does not depend on it).
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
  ],
  targets: [
    .target(name: "CBenchmarkSupport"),
    .executableTarget(
      name: "verity-benchmarks",
      dependencies: [
        // Verity only, not VerityMacros: the `@Mock` mocks measured are written out in
        // GeneratedMocks.swift (checked against the macro by VerityMacrosTests), so the first run
        // does not build swift-syntax in release.
        .product(name: "Verity", package: "Verity"),
        // To check that each measured test passes without an issue.
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        "CBenchmarkSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      // GeneratedMocks.swift is `@Mock`'s expansion, which compiles the mocks only in debug builds
      // or with VERITY_MOCKS defined: the benchmark measures them in release too.
      swiftSettings: [.define("VERITY_MOCKS")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
