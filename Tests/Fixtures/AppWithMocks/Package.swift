// swift-tools-version: 6.2
// A fixture built by CI (scripts/fixture-app): an app whose own module declares `@Mock` and
// `@Matchable` types through the product `VerityMocking`, and a test target that mocks them
// through `VerityMacros`. The release build of the app links no test library and holds no mock.
import PackageDescription

let package = Package(
  name: "AppWithMocks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Verity is the repository three folders up (a URL dependency works the same).
    .package(name: "Verity", path: "../../..")
  ],
  targets: [
    // The app's library: a protocol it depends on, mocked where it is declared.
    .target(
      name: "WeatherKit",
      dependencies: [.product(name: "VerityMocking", package: "Verity")]
    ),
    .executableTarget(
      name: "WeatherApp",
      dependencies: ["WeatherKit"]
    ),
    .testTarget(
      name: "WeatherKitTests",
      dependencies: ["WeatherKit", .product(name: "VerityMacros", package: "Verity")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
