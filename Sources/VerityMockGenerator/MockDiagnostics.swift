import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

// What `@Mock` reports instead of expanding: members it cannot mock, reserved names; the
// messages and fix-its.

extension MockGenerator {
  mutating func diagnose(_ node: some SyntaxProtocol, _ message: MockDiagnostic) {
    failed = true
    diagnostics.append(Diagnostic(node: Syntax(node), message: message))
  }

  /// A protocol member named like a member the generated class must declare (`storage`), with a
  /// fix-it that renames it.
  mutating func diagnoseReservedName(_ name: TokenSyntax) {
    failed = true
    let renamed = name.with(\.tokenKind, .identifier("\(name.text)Value"))
    diagnostics.append(
      Diagnostic(
        node: Syntax(name), message: MockDiagnostic.reservedName(name.text),
        fixIts: [
          FixIt(message: MockFixIt.rename(name.text, "\(name.text)Value"), changes: [.replace(oldNode: Syntax(name), newNode: Syntax(renamed))])
        ]))
  }
}

public enum MockDiagnostic: DiagnosticMessage {
  case notAProtocol(String)
  case unsupportedMember
  case reservedName(String)

  public var message: String {
    switch self {
    case .notAProtocol(let kind):
      "@Mock applies to a protocol, not \(kind)"
    case .unsupportedMember:
      "@Mock cannot generate this member"
    case .reservedName(let name):
      "@Mock cannot mock a member named '\(name)': the generated mock's '\(name)' holds its calls and stubs (Verity.Mock requires it); rename the member"
    }
  }

  public var diagnosticID: MessageID {
    let id: String =
      switch self {
      case .notAProtocol: "notAProtocol"
      case .unsupportedMember: "unsupportedMember"
      case .reservedName: "reservedName"
      }
    return MessageID(domain: "VerityMacros", id: id)
  }

  public var severity: DiagnosticSeverity { .error }
}

enum MockFixIt: FixItMessage {
  case rename(String, String)

  var message: String {
    switch self {
    case .rename(let old, let new): "Rename '\(old)' to '\(new)'"
    }
  }

  var fixItID: MessageID {
    switch self {
    case .rename: MessageID(domain: "VerityMacros", id: "rename")
    }
  }
}
