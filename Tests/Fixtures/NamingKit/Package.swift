// swift-tools-version: 6.2
// A fixture (scripts/fixture-app): a package whose protocol `Named` is the grandparent of
// `@Mock` protocols in AppWithMocks, two packages away. It knows nothing of Verity.
import PackageDescription

let package = Package(
  name: "NamingKit",
  platforms: [.macOS(.v15)],
  products: [.library(name: "Naming", targets: ["Naming"])],
  targets: [.target(name: "Naming")],
  swiftLanguageModes: [.v6]
)
