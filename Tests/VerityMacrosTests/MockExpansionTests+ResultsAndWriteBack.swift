import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VerityMacrosPlugin

// Issue 49: answers that write back `inout` arguments (the handles' `Arguments` name the answer's
// function type, the member passes a closure that runs it), and generic results stubbed by type
// (handles with `returning:` that narrow their stubs to one result type).
extension MockExpansionTests {
  @Test func inoutParametersWriteBack() {
    assertMacro {
      """
      @Mock
      protocol RequestAdapter {
        func adapt(_ request: inout Request, attempt: Int) -> Bool
        func normalize(_ text: inout String) async throws -> Int
        func validate(_ user: inout User) throws(UserError)
      }
      """
    }
  }

  @Test func genericResultsByType() {
    assertMacro {
      """
      @Mock
      protocol Settings {
        func value<V>(forKey key: String) -> V
        func store<V>(_ value: V, forKey key: String)
      }
      """
    }
  }
}
