import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VerityMacrosPlugin

/// `#_inheritedRequirements`, which the VerityMocks plug-in writes in an extension of a mock:
/// it declares its text as it is (`$` names included), and refuses anything but one literal.
@Suite(
  "#_inheritedRequirements expansion",
  .macros(["_inheritedRequirements": InheritedRequirementsMacro.self], record: .never))
struct InheritedRequirementsExpansionTests {
  @Test func declaresItsTextAsItIs() {
    assertMacro {
      ##"""
      extension StoreMock {
        #_inheritedRequirements(#"""
        func $clear() -> Verity.MockCall<(), Void> {
          Verity.MockCall(storage: self.storage, identifier: "clear()", typedArguments: [], throwing: Swift.Never.self)
        }
        """#)
      }
      """##
    } expansion: {
      """
      extension StoreMock {
        func $clear() -> Verity.MockCall<(), Void> {
          Verity.MockCall(storage: self.storage, identifier: "clear()", typedArguments: [], throwing: Swift.Never.self)
        }
      }
      """
    }
  }

  @Test func refusesAnInterpolation() {
    assertMacro {
      #"""
      extension StoreMock {
        #_inheritedRequirements("func \(name)() {}")
      }
      """#
    } diagnostics: {
      #"""
      extension StoreMock {
        #_inheritedRequirements("func \(name)() {}")
        ┬───────────────────────────────────────────
        ╰─ 🛑 #_inheritedRequirements takes one string literal without interpolation: the source the VerityMocks plug-in generated
      }
      """#
    }
  }
}
