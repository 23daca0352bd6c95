import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing
import VerityMacrosPlugin

/// The benchmark executable builds without the macro plug-in, so its `@Mock` mocks are written out
/// in `Benchmarks/Sources/verity-benchmarks/GeneratedMocks.swift`, and its `@Matchable` types in
/// `GeneratedMatchables.swift`. These tests expand the declarations of each file with its macro
/// and check that the file holds exactly that expansion (with each `$name` handle spelled
/// `handle_name`, since only a macro may declare a `$` name), so the benchmark always measures
/// what the macros generate today.
@Suite struct BenchmarkMockTests {
  static func file(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks/Sources/verity-benchmarks/\(name)")
  }

  /// Each top-level declaration of kind `D` in `source` (its own declaration, without the
  /// extensions that follow it) with `@<name>` attached, expanded by `spec`.
  static func expansion<D: DeclSyntaxProtocol>(
    of _: D.Type, in source: String, attaching name: String, spec: MacroSpec
  ) -> String {
    let declarations = Parser.parse(source: source).statements.compactMap { $0.item.as(D.self) }
    let annotated = declarations.map { declaration in
      let documentation = declaration.leadingTrivia.description.trimmingCharacters(in: .whitespacesAndNewlines)
      return documentation + "\n@\(name)\n" + declaration.trimmed.description
    }
    let expanded = Parser.parse(source: annotated.joined(separator: "\n\n")).expand(
      macroSpecs: [name: spec], contextGenerator: { _ in BasicMacroExpansionContext() }, indentationWidth: .spaces(2))
    return expanded.description.trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
  }

  /// Each top-level protocol of `source` with `@Mock` attached, expanded. Only a macro may declare
  /// a `$` name, so the written-out handles are `handle_name`: the same declarations, bodies and
  /// overloads under a name a source file may declare.
  static func expansion(ofProtocolsIn source: String) -> String {
    expansion(of: ProtocolDeclSyntax.self, in: source, attaching: "Mock", spec: MacroSpec(type: MockMacro.self))
      .replacing(#/func \$(\w+)/#) { match in "func handle_\(match.1)" }
  }

  /// Each top-level struct of `source` with `@Matchable` attached, expanded.
  static func expansion(ofStructsIn source: String) -> String {
    expansion(
      of: StructDeclSyntax.self, in: source, attaching: "Matchable",
      spec: MacroSpec(type: MatchableMacro.self, conformances: ["StructurallyEncodable", "Matchable"]))
  }

  /// Checks that the part of benchmark file `name` below `// MARK: - Written by <macro> below
  /// this line` is `expand` of itself (or rewrites it, with VERITY_RECORD_BENCHMARK_MOCKS set).
  static func check(_ name: String, macro: String, expand: (String) -> String) throws {
    let marker = "// MARK: - Written by \(macro) below this line\n"
    let text = try String(contentsOf: file(name), encoding: .utf8)
    let parts = text.components(separatedBy: marker)
    try #require(parts.count == 2, "\(name) must hold the marker line once")
    let generated = "\n" + expand(parts[1])
    if ProcessInfo.processInfo.environment["VERITY_RECORD_BENCHMARK_MOCKS"] != nil {
      try (parts[0] + marker + generated).write(to: file(name), atomically: true, encoding: .utf8)
      return
    }
    #expect(
      parts[1] == generated,
      "Benchmarks/Sources/verity-benchmarks/\(name) is not what \(macro) generates today; rewrite it with VERITY_RECORD_BENCHMARK_MOCKS=1 swift test --filter BenchmarkMockTests")
  }

  @Test func theBenchmarkMocksAreWhatMockGeneratesToday() throws {
    try Self.check("GeneratedMocks.swift", macro: "@Mock", expand: Self.expansion(ofProtocolsIn:))
  }

  @Test func theBenchmarkMatchablesAreWhatMatchableGeneratesToday() throws {
    try Self.check("GeneratedMatchables.swift", macro: "@Matchable", expand: Self.expansion(ofStructsIn:))
  }
}
