import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// `@Mock` for method requirements: the recording, answering member and its two `$name` handles
// (matchers, and plain values).
extension MockGenerator {
  mutating func functionMember(_ function: FunctionDeclSyntax) -> String? {
    let name = function.name.text
    if !(name.first.map { $0.isLetter || $0 == "_" } ?? false) {
      diagnose(function.name, .operatorRequirement(name))
      return nil
    }
    for parameter in function.signature.parameterClause.parameters
    where parameter.type.is(SomeOrAnyTypeSyntax.self) || parameter.type.trimmedDescription.hasPrefix("some ") {
      diagnoseOpaque(parameter.type)
    }
    let parameters = parameters(of: function.signature.parameterClause.parameters)
    let isStatic = isStatic(function.modifiers)
    let storage = storageExpression(isStatic: isStatic)
    let effects = function.signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let throwsClause = effects?.throwsClause
    let isRethrows = throwsClause?.throwsSpecifier.text == "rethrows"
    let typedError = throwsClause?.type?.trimmedDescription
    let throwing = throwsClause != nil && !isRethrows && typedError == nil
    let returnType = function.signature.returnClause?.type.trimmedDescription ?? "Void"
    let generics = function.genericParameterClause?.trimmedDescription ?? ""
    let whereClause = function.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
    let staticKeyword = (isStatic ? "static " : "") + (isNonisolated(function.modifiers) ? "nonisolated " : "")
    let attributePrefix = function.attributes.contains { $0.trimmedDescription == "@discardableResult" }
      ? "@discardableResult " : ""
    let signatureParameters = function.signature.parameterClause.parameters.enumerated().map { index, parameter in
      let model = parameters[index]
      let label = model.label
      let internalName = model.name
      let defaultValue = ""
      return label == internalName ? "\(label): \(model.declaredType)\(defaultValue)" : "\(label) \(internalName): \(model.declaredType)\(defaultValue)"
    }
    var effectText = ""
    if isAsync { effectText += " async" }
    if let throwsClause { effectText += " " + throwsClause.trimmedDescription }
    let identifier = identifier(name, parameters)
    let body = callBody(
      identifier: identifier, parameters: parameters, storage: storage, returnType: returnType,
      throwing: throwing, typedError: typedError)
    let member = """
      \(attributePrefix)\(access)\(staticKeyword)func \(name)\(generics)(\(signatureParameters.joined(separator: ", ")))\(effectText) -> \(returnType)\(whereClause) {
      \(indent(body))
      }
      """
    let handles = handleMembers(
      name: "$\(name)", parameters: parameters, identifier: identifier, returnType: returnType,
      isStatic: isStatic, generics: generics, whereClause: whereClause)
    return ([member] + handles).joined(separator: "\n\n")
  }

  /// The `$name(...)` handles: one taking matchers (default `any()`), one taking plain values.
  func handleMembers(
    name: String, parameters: [MockParameter], identifier: String, returnType: String, isStatic: Bool,
    generics: String = "", whereClause: String = "", trailing: MockParameter? = nil, trailingLabel: String? = nil
  ) -> [String] {
    let storage = storageExpression(isStatic: isStatic)
    let staticKeyword = isStatic ? "static " : ""
    let nonisolated = (isActorProtocol || globalActor != nil) ? "nonisolated " : ""
    let all = parameters + (trailing.map { [$0] } ?? [])
    let resultType = "Verity.MockCall<\(argumentsType(all)), \(returnType)>"
    let arguments = "[\(all.map(\.name).joined(separator: ", "))]"
    let valueArguments = "[\(all.map(anyValue).joined(separator: ", "))]"
    func declaration(_ parameter: MockParameter, matcher: Bool, isTrailing: Bool) -> String {
      let label = isTrailing ? (trailingLabel ?? "_") : parameter.label
      // A non-escaping closure is recorded as a placeholder: only `any()` (of `Any?`) matches it.
      let matched = parameter.isNonEscapingClosure ? "Any?" : parameter.valueType
      let type = matcher ? "Verity.Matcher<\(matched)>" : parameter.valueType
      let defaultValue = matcher && !isTrailing ? " = Verity.any()" : ""
      return label == parameter.name ? "\(label): \(type)\(defaultValue)" : "\(label) \(parameter.name): \(type)\(defaultValue)"
    }
    let matcherParameters = parameters.map { declaration($0, matcher: true, isTrailing: false) }
      + (trailing.map { [declaration($0, matcher: true, isTrailing: true)] } ?? [])
    var handles = [
      """
      /// Calls to `\(identifier)` whose arguments match these matchers (default `any()`), for `when` and `verify`.
      \(access)\(nonisolated)\(staticKeyword)func \(name)\(generics)(\(matcherParameters.joined(separator: ", "))) -> \(resultType)\(whereClause) {
        Verity.MockCall(storage: \(storage), identifier: \(stringLiteral(identifier)), arguments: \(arguments))
      }
      """
    ]
    if !all.isEmpty, !all.contains(where: { $0.isNonEscapingClosure || isFunctionType($0.valueType) }) {
      let valueParameters = parameters.map { declaration($0, matcher: false, isTrailing: false) }
        + (trailing.map { [declaration($0, matcher: false, isTrailing: true)] } ?? [])
      handles.append(
        """
        /// Calls to `\(identifier)` with these argument values (`==` for `Equatable` values, otherwise the same structure).
        @_disfavoredOverload
        \(access)\(nonisolated)\(staticKeyword)func \(name)\(generics)(\(valueParameters.joined(separator: ", "))) -> \(resultType)\(whereClause) {
          Verity.MockCall(storage: \(storage), identifier: \(stringLiteral(identifier)), arguments: \(valueArguments))
        }
        """)
    }
    return handles
  }

  func isFunctionType(_ type: String) -> Bool {
    let parsed = TypeSyntax(stringLiteral: type)
    if let attributed = parsed.as(AttributedTypeSyntax.self) { return attributed.baseType.is(FunctionTypeSyntax.self) }
    return parsed.is(FunctionTypeSyntax.self)
  }
}
