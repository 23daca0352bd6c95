import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing
import VerityMacrosPlugin

/// The benchmark executable builds without the macro plug-in, so its `@Mock` mocks are written out
/// in `Benchmarks/Sources/verity-benchmarks/GeneratedMocks.swift`. This test expands the
/// protocols of that file with `@Mock` and checks that the file holds exactly that expansion (with
/// each `$name` handle spelled `handle_name`, since only a macro may declare a `$` name), so the
/// benchmark always measures what `@Mock` generates today.
@Suite struct BenchmarkMockTests {
  static let marker = "// MARK: - Written by @Mock below this line\n"

  static var file: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks/Sources/verity-benchmarks/GeneratedMocks.swift")
  }

  /// Each top-level protocol of `source` with `@Mock` attached, expanded.
  static func expansion(ofProtocolsIn source: String) -> String {
    let protocols = Parser.parse(source: source).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
    let annotated = protocols.map { declaration in
      let documentation = declaration.leadingTrivia.description.trimmingCharacters(in: .whitespacesAndNewlines)
      return documentation + "\n@Mock\n" + declaration.trimmed.description
    }
    let expanded = Parser.parse(source: annotated.joined(separator: "\n\n")).expand(
      macroSpecs: ["Mock": MacroSpec(type: MockMacro.self)],
      contextGenerator: { _ in BasicMacroExpansionContext() },
      indentationWidth: .spaces(2))
    // Only a macro may declare a `$` name, so the written-out handles are `handle_name`: the
    // same declarations, bodies and overloads under a name a source file may declare.
    let text = expanded.description.replacing(#/func \$(\w+)/#) { match in "func handle_\(match.1)" }
    return text.trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
  }

  @Test func theBenchmarkMocksAreWhatMockGeneratesToday() throws {
    let text = try String(contentsOf: Self.file, encoding: .utf8)
    let parts = text.components(separatedBy: Self.marker)
    try #require(parts.count == 2, "GeneratedMocks.swift must hold the marker line once")
    let generated = "\n" + Self.expansion(ofProtocolsIn: parts[1])
    if ProcessInfo.processInfo.environment["VERITY_RECORD_BENCHMARK_MOCKS"] != nil {
      try (parts[0] + Self.marker + generated).write(to: Self.file, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      parts[1] == generated,
      "Benchmarks/Sources/verity-benchmarks/GeneratedMocks.swift is not what @Mock generates today; rewrite it with VERITY_RECORD_BENCHMARK_MOCKS=1 swift test --filter BenchmarkMockTests")
  }
}
