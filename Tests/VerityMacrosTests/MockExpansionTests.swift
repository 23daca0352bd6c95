import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VerityMacrosPlugin

/// Expansions and diagnostics of `@Mock`, member kind by member kind: one file per kind, as the
/// macro has (MockExpansionTests+Methods.swift mirrors MockGenerator+Methods.swift, and so on).
@Suite("@Mock expansion", .macros(["Mock": MockMacro.self], record: .never))
struct MockExpansionTests {
}
