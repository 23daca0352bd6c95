import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VerityMacrosPlugin

// Spies: `init(spying:)` and the block each member runs when the mock spies (a stub that matches
// answers; else the real object is called). Static members and initializers are never passed on.
extension MockExpansionTests {
  @Test func spyingMembers() {
    assertMacro {
      """
      @Mock
      protocol Transport {
        func send(_ frame: String, into buffer: inout [UInt8]) throws -> Int
        func connect(host: String) async throws
        var timeout: Double { get set }
        subscript(header name: String) -> String? { get }
        static func make() -> Int
        mutating func reset()
      }
      """
    }
  }

  @Test func spyingActorMembers() {
    assertMacro {
      """
      @Mock
      protocol Inbox: Actor {
        func receive() async -> String
        func count() -> Int
        nonisolated var id: String { get }
      }
      """
    }
  }

  @Test func spyingMainActorMembers() {
    assertMacro {
      """
      @MainActor @Mock
      protocol Banner {
        func show(_ text: String) -> Bool
      }
      """
    }
  }

  @Test func spyingAssociatedTypeMembers() {
    assertMacro {
      """
      @Mock
      protocol Encoder {
        associatedtype Input
        func encode(_ value: Input, out: inout [UInt8]) throws
        func copy() -> Self
        var last: Input? { get }
      }
      """
    }
  }
}
