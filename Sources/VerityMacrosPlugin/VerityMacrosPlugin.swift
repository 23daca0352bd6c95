import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in of the `VerityMacros` product.
@main
struct VerityMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    MatchableMacro.self,
    MatchableIgnoredMacro.self,
    MockMacro.self,
    InheritedRequirementsMacro.self,
  ]
}
