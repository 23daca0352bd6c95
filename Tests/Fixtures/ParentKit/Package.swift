// swift-tools-version: 6.2
// A fixture (scripts/fixture-app): a package whose protocols are the parents of `@Mock` protocols
// in AppWithMocks, with a parent of their own in another package (NamingKit). It knows nothing of
// Verity: the VerityMocks plug-in reads these sources to generate what the mocks inherit.
import PackageDescription

let package = Package(
  name: "ParentKit",
  platforms: [.macOS(.v15)],
  products: [.library(name: "Stores", targets: ["Stores"])],
  dependencies: [.package(path: "../NamingKit")],
  targets: [.target(name: "Stores", dependencies: [.product(name: "Naming", package: "NamingKit")])],
  swiftLanguageModes: [.v6]
)
