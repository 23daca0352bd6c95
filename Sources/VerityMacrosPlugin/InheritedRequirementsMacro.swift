import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#_inheritedRequirements("...")`: declares the source it is given, as it is. The `VerityMocks`
/// plug-in's tool generates the members of a mock's extension (with `MockGenerator`, as `@Mock`
/// does) and writes them through this macro, because the `$name` handles among them can be
/// declared only by a macro's expansion.
public struct InheritedRequirementsMacro: DeclarationMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard node.arguments.count == 1,
      let literal = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
      let source = literal.representedLiteralValue
    else {
      context.diagnose(Diagnostic(node: Syntax(node), message: InheritedRequirementsDiagnostic()))
      return []
    }
    return [MockMacro.verbatim(source)]
  }

  /// The formatter is not run on the plug-in's text, which is written as it is meant to read.
  public static var formatMode: FormatMode { .disabled }
}

struct InheritedRequirementsDiagnostic: DiagnosticMessage {
  var message: String {
    "#_inheritedRequirements takes one string literal without interpolation: the source the VerityMocks plug-in generated"
  }
  var diagnosticID: MessageID { MessageID(domain: "VerityMacros", id: "inheritedRequirements") }
  var severity: DiagnosticSeverity { .error }
}
