import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VerityMacrosPlugin

// An actor protocol's mock runs on the spied actor's executor (or one of its own), so a spy passes
// synchronous isolated members on: through `Verity._callSharingExecutor`, with the arguments in one
// tuple (`inout` ones written back), a thrown error (typed too) and a setter. A protocol that
// declares `unownedExecutor` keeps the default executor, and those members are not passed on.
extension MockExpansionTests {
  @Test func spyingSynchronousActorMembers() {
    assertMacro {
      """
      @Mock
      protocol Ledger: Actor {
        var owner: String { get set }
        func deposit(_ amount: Int, note: String) throws -> Int
        func settle() throws(LedgerError)
        func normalize(_ entries: inout [Int], scale: Int) -> Bool
        subscript(entry index: Int) -> Int { get }
        func each(_ body: (Int) -> Void)
      }
      """
    }
  }

  @Test func anActorProtocolThatDeclaresItsExecutor() {
    assertMacro {
      """
      @Mock
      protocol Pinned: Actor {
        nonisolated var unownedExecutor: UnownedSerialExecutor { get }
        func peek() -> Int
      }
      """
    }
  }
}
