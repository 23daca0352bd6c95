import Foundation
import PackagePlugin

/// A build-tool plug-in for a target that declares `@Mock` protocols whose parents other modules
/// declare. Before the target compiles, it runs `VerityMockParents` on the target's Swift files and
/// on those of every module the target depends on (directly or not, other packages' included),
/// which writes the parents' requirements for the mocks: one generated file for each file of the
/// target that holds `@Mock` (none for a target without it).
///
/// Its one command names every file it reads as an input and the generated file as its output, so
/// a build in which none of them changed does not run it.
@main
struct VerityMocks: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let own = target.sourceFiles(withSuffix: "swift").map(\.url)
    // One generated file for each of the target's files that declares `@Mock` protocols, with the
    // imports their parents need: two files that mock children of Vapor's and of Hummingbird's
    // protocols do not see each other's `Request`.
    var lines: [String] = []
    var outputs: [URL] = []
    for (index, file) in own.enumerated() {
      guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains("@Mock") else {
        lines.append("target\t\(file.path)")
        continue
      }
      let output = context.pluginWorkDirectoryURL.appending(
        path: "\(file.deletingPathExtension().lastPathComponent)+MockParents\(index).swift")
      lines.append("target\t\(file.path)\t\(output.path)")
      outputs.append(output)
    }
    guard !outputs.isEmpty else { return [] }
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
    return [
      .buildCommand(
        displayName: "Generating the parents' requirements of \(target.name)'s @Mock protocols",
        executable: try context.tool(named: "VerityMockParents").url,
        arguments: [list.path],
        inputFiles: [list] + inputs,
        outputFiles: outputs)
    ]
  }

  /// The Swift modules `target` depends on, directly or not, through targets and products, in a
  /// stable order. A macro's own dependencies (swift-syntax) are not the target's: a macro target
  /// is neither read nor entered.
  func sourceDependencies(of target: Target) -> [SourceModuleTarget] {
    var seen: Set<String> = []
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
    visit(target)
    return result.filter { $0.id != target.id }
  }
}
