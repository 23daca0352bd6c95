import Foundation
import PackagePlugin

/// A build-tool plug-in for a target that declares `@Mock` protocols whose parents other modules
/// declare. Before the target compiles, it runs `VerityMockParents` on the target's Swift files and
/// on those of every module the target depends on (directly or not, other packages' included),
/// which writes the parents' requirements for the mocks into one generated file of the target.
///
/// Its one command names every file it reads as an input and the generated file as its output, so
/// a build in which none of them changed does not run it.
@main
struct VerityMocks: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let own = target.sourceFiles(withSuffix: "swift").map(\.url)
    var lines = own.map { "target\t\($0.path)" }
    var inputs = own
    for module in sourceDependencies(of: target) {
      for file in module.sourceFiles(withSuffix: "swift") {
        lines.append("dependency\t\(module.moduleName)\t\(file.url.path)")
        inputs.append(file.url)
      }
    }
    // The list goes in a file (a command line has a length limit), written only when it changes.
    let list = context.pluginWorkDirectoryURL.appending(path: "inputs.txt")
    let text = lines.joined(separator: "\n") + "\n"
    if (try? String(contentsOf: list, encoding: .utf8)) != text {
      try text.write(to: list, atomically: true, encoding: .utf8)
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+MockParents.swift")
    return [
      .buildCommand(
        displayName: "Generating the parents' requirements of \(target.name)'s @Mock protocols",
        executable: try context.tool(named: "VerityMockParents").url,
        arguments: [list.path, output.path],
        inputFiles: [list] + inputs,
        outputFiles: [output])
    ]
  }

  /// The Swift modules `target` depends on, directly or not, through targets and products, in a
  /// stable order. A macro's own dependencies (swift-syntax) are not the target's: a macro target
  /// is neither read nor entered.
  func sourceDependencies(of target: Target) -> [SourceModuleTarget] {
    var seen: Set<String> = [target.id]
    var result: [SourceModuleTarget] = []
    func visit(_ target: Target) {
      guard seen.insert(target.id).inserted else { return }
      if let module = target as? SourceModuleTarget {
        if module.kind == .macro { return }
        result.append(module)
      }
      for dependency in target.dependencies {
        switch dependency {
        case .target(let target): visit(target)
        case .product(let product): product.targets.forEach(visit)
        @unknown default: break
        }
      }
    }
    target.dependencies.forEach { dependency in
      switch dependency {
      case .target(let target): visit(target)
      case .product(let product): product.targets.forEach(visit)
      @unknown default: break
      }
    }
    return result
  }
}
