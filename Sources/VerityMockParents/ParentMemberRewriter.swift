import SwiftSyntax

/// A parent's member as the mock's extension writes it: the types its own module declares
/// qualified with the module (`Request` is `Vapor.Request`: the file may import Hummingbird's
/// too), and `Self.Span` as `Span` (in a class, `Self.` does not find an associated type's
/// witness). The parents' associated types and a member's own generic parameters stay as written.
final class ParentMemberRewriter: SyntaxRewriter {
  let module: String?
  let moduleTypes: Set<String>
  let associatedTypes: Set<String>
  private var genericParameters: [Set<String>] = []

  init(module: String?, moduleTypes: Set<String>, associatedTypes: Set<String>) {
    self.module = module
    // `Module.Name` fails when the module declares a type named like itself.
    self.moduleTypes = module.map { moduleTypes.contains($0) ? [] : moduleTypes } ?? []
    self.associatedTypes = associatedTypes
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    genericParameters.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
    defer { genericParameters.removeLast() }
    return super.visit(node)
  }

  override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax {
    genericParameters.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
    defer { genericParameters.removeLast() }
    return super.visit(node)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    let name = node.name.text
    guard let module, moduleTypes.contains(name), !associatedTypes.contains(name),
      !genericParameters.contains(where: { $0.contains(name) })
    else { return super.visit(node) }
    let qualified = MemberTypeSyntax(
      baseType: IdentifierTypeSyntax(name: .identifier(module)), name: node.name.trimmed,
      genericArgumentClause: node.genericArgumentClause.map { visit($0) })
    return TypeSyntax(qualified.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }

  override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
    guard node.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Self", associatedTypes.contains(node.name.text) else {
      return super.visit(node)
    }
    let identifier = IdentifierTypeSyntax(name: node.name.trimmed, genericArgumentClause: node.genericArgumentClause.map { visit($0) })
    return TypeSyntax(identifier.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
  }
}
