import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// What `@Mock` reports instead of expanding: members it cannot mock, reserved names, opaque
// types; the messages and fix-its.

extension MockGenerator {
  mutating func diagnose(_ node: some SyntaxProtocol, _ message: MockDiagnostic) {
    failed = true
    context.diagnose(Diagnostic(node: Syntax(node), message: message))
  }

  /// A protocol member named like a member the generated class must declare (`storage`), with a
  /// fix-it that renames it.
  mutating func diagnoseReservedName(_ name: TokenSyntax) {
    failed = true
    let renamed = name.with(\.tokenKind, .identifier("\(name.text)Value"))
    context.diagnose(
      Diagnostic(
        node: Syntax(name), message: MockDiagnostic.reservedName(name.text),
        fixIts: [
          FixIt(message: MockFixIt.rename(name.text, "\(name.text)Value"), changes: [.replace(oldNode: Syntax(name), newNode: Syntax(renamed))])
        ]))
  }

  mutating func diagnoseOpaque(_ type: TypeSyntax) {
    failed = true
    var fixIts: [FixIt] = []
    if let opaque = type.as(SomeOrAnyTypeSyntax.self), opaque.someOrAnySpecifier.text == "some" {
      let replacement = opaque.with(\.someOrAnySpecifier, .keyword(.any, trailingTrivia: .space))
      fixIts.append(FixIt(message: MockFixIt.useAny, changes: [.replace(oldNode: Syntax(opaque), newNode: Syntax(replacement))]))
    }
    context.diagnose(Diagnostic(node: Syntax(type), message: MockDiagnostic.opaqueParameter(type.trimmedDescription), fixIts: fixIts))
  }
}

enum MockDiagnostic: DiagnosticMessage {
  case notAProtocol(String)
  case unsupportedMember
  case operatorRequirement(String)
  case opaqueParameter(String)
  case inheritedProtocol(String)
  case protocolWhereClause
  case associatedTypeWhereClause(String)
  case reservedName(String)

  var message: String {
    switch self {
    case .notAProtocol(let kind):
      "@Mock applies to a protocol, not \(kind)"
    case .unsupportedMember:
      "@Mock cannot generate this member"
    case .operatorRequirement(let name):
      "@Mock cannot generate the operator '\(name)'; write the mock by hand (see the Mock protocol)"
    case .opaqueParameter(let type):
      "@Mock cannot record a parameter of opaque type '\(type)'; use a generic parameter or an existential"
    case .inheritedProtocol(let name):
      "@Mock cannot see the requirements of the inherited protocol '\(name)'; mock a protocol that declares all its requirements"
    case .protocolWhereClause:
      "@Mock does not support a where clause on the protocol"
    case .associatedTypeWhereClause(let name):
      "@Mock does not support a where clause on the associated type '\(name)'; constrain it with ': Protocol' instead"
    case .reservedName(let name):
      "@Mock cannot mock a member named '\(name)': the generated mock's '\(name)' holds its calls and stubs (Verity.Mock requires it); rename the member"
    }
  }

  var diagnosticID: MessageID {
    let id: String =
      switch self {
      case .notAProtocol: "notAProtocol"
      case .unsupportedMember: "unsupportedMember"
      case .operatorRequirement: "operatorRequirement"
      case .opaqueParameter: "opaqueParameter"
      case .inheritedProtocol: "inheritedProtocol"
      case .protocolWhereClause: "protocolWhereClause"
      case .associatedTypeWhereClause: "associatedTypeWhereClause"
      case .reservedName: "reservedName"
      }
    return MessageID(domain: "VerityMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }
}

enum MockFixIt: FixItMessage {
  case useAny
  case rename(String, String)

  var message: String {
    switch self {
    case .useAny: "Use an existential ('any') instead"
    case .rename(let old, let new): "Rename '\(old)' to '\(new)'"
    }
  }

  var fixItID: MessageID {
    switch self {
    case .useAny: MessageID(domain: "VerityMacros", id: "useAny")
    case .rename: MessageID(domain: "VerityMacros", id: "rename")
    }
  }
}
