// swift-tools-version: 6.2
// A fixture built by CI (scripts/fixture-app): an app whose own module declares `@Mock` and
// `@Matchable` types through the product `VerityMocking`, and a test target that mocks them
// through `VerityMacros`. The release build of the app links no test library and holds no mock.
// Both targets use the VerityMocks plug-in: their `@Mock` protocols refine protocols of two other
// packages (ParentKit, NamingKit).
import PackageDescription

let package = Package(
  name: "AppWithMocks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Verity is the repository three folders up (a URL dependency works the same).
    .package(name: "Verity", path: "../../.."),
    // Protocols of other packages that the app's and the tests' `@Mock` protocols refine.
    .package(path: "../ParentKit"),
  ],
  targets: [
    // The app's library: a protocol it depends on, mocked where it is declared.
    // The VerityMocks plug-in generates what `ForecastCache` inherits from ParentKit's `Store`.
    .target(
      name: "WeatherKit",
      dependencies: [
        .product(name: "VerityMocking", package: "Verity"),
        .product(name: "Stores", package: "ParentKit"),
      ],
      plugins: [.plugin(name: "VerityMocks", package: "Verity")]
    ),
    .executableTarget(
      name: "WeatherApp",
      dependencies: ["WeatherKit"]
    ),
    .testTarget(
      name: "WeatherKitTests",
      dependencies: [
        "WeatherKit",
        .product(name: "VerityMacros", package: "Verity"),
        .product(name: "Stores", package: "ParentKit"),
      ],
      plugins: [.plugin(name: "VerityMocks", package: "Verity")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
