import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// `@Mock` for method requirements: the recording, answering member and its two `$name` handles
// (matchers, and plain values).
extension MockGenerator {
  mutating func functionMember(_ function: FunctionDeclSyntax) -> String? {
    let name = bareName(function.name)
    // An operator is left to the mock's author: an extension of the mock implements it (the
    // compiler says the mock does not conform until it does).
    if !(name.first.map { $0.isLetter || $0 == "_" } ?? false) { return nil }
    let parameters = parameters(of: function.signature.parameterClause.parameters)
    let isStatic = isStatic(function.modifiers)
    let storage = storageExpression(isStatic: isStatic)
    let effects = function.signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let throwsClause = effects?.throwsClause
    let isRethrows = throwsClause?.throwsSpecifier.text == "rethrows"
    let typedError = throwsClause?.type?.trimmedDescription
    let throwing = throwsClause != nil && !isRethrows && typedError == nil
    let declaredReturn = function.signature.returnClause?.type.trimmedDescription ?? "Void"
    let returnType = resultTypeText(function.signature.returnClause?.type)
    let generics = function.genericParameterClause?.trimmedDescription ?? ""
    let whereClause = function.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
    let staticKeyword = (isStatic ? "static " : "") + (isNonisolated(function.modifiers) ? "nonisolated " : "")
    let attributePrefix = function.attributes.contains { $0.trimmedDescription == "@discardableResult" }
      ? "@discardableResult " : ""
    let signatureParameters = parameters.map { $0.declaration(type: $0.declaredType) }
    var effectText = ""
    if isAsync { effectText += " async" }
    if let throwsClause { effectText += " " + throwsClause.trimmedDescription }
    let variant = variant(of: function)
    let identifier = identifier(name, parameters, variant: variant)
    let body = callBody(
      identifier: identifier, parameters: parameters, storage: storage, returnType: returnType,
      throwing: throwing, typedError: typedError)
    let member = """
      \(attributePrefix)\(access)\(staticKeyword)func \(escaped(name))\(generics)(\(signatureParameters.joined(separator: ", ")))\(effectText) -> \(declaredReturn)\(whereClause) {
      \(indent(body))
      }
      """
    // Overloads that differ only in `async` or in their result: the async one's handles are
    // `$nameAsync`, and a result-type overload's handles take `returning: Result.self`.
    var handleName = "$\(name)"
    var returning: String? = nil
    if let others = variants[typedIdentifier(name, parameters)], overloadedSelectors.contains(selector(name, parameters)) {
      if variant.isAsync, others.contains(where: { !$0.isAsync }) { handleName += "Async" }
      if Set(others.map(\.returnType)).count > 1 { returning = returnType }
    }
    let handles = handleMembers(
      name: handleName, parameters: parameters, identifier: identifier, returnType: returnType,
      isStatic: isStatic, generics: generics, whereClause: whereClause, returning: returning, errorType: typedError)
    return ([member] + handles).joined(separator: "\n\n")
  }

  /// The `$name(...)` handles: one taking matchers (default `any()`), one taking plain values.
  func handleMembers(
    name: String, parameters: [MockParameter], identifier: String, returnType: String, isStatic: Bool,
    generics: String = "", whereClause: String = "", trailing: MockParameter? = nil, trailingLabel: String? = nil,
    returning: String? = nil, errorType: String? = nil
  ) -> [String] {
    let storage = storageExpression(isStatic: isStatic)
    let staticKeyword = isStatic ? "static " : ""
    let nonisolated = (isActorProtocol || globalActor != nil) ? "nonisolated " : ""
    let all = parameters + (trailing.map { [$0] } ?? [])
    let resultType = "Verity.MockCall<\(argumentsType(all)), \(returnType)>"
    // A typed-throws member's handle says its error type: `thenThrow` refuses any other.
    let throwing = errorType.map { ", throwing: \($0).self" } ?? ""
    let arguments = "[\(all.map(\.name).joined(separator: ", "))]\(throwing)"
    // A borrowing or consuming parameter is a placeholder: it takes only `any()`.
    let valueArguments = "[\(all.map(anyValue).joined(separator: ", "))]"
    func declaration(_ parameter: MockParameter, matcher: Bool, isTrailing: Bool) -> String {
      // A non-escaping closure is recorded as a placeholder: only `any()` (of `Any?`) matches it.
      // Beside plain values, a closure still takes a matcher (`completion: any()`).
      let isClosure = parameter.isNonEscapingClosure || parameter.isOwnershipPlaceholder || isFunctionType(parameter.valueType)
      let matched = parameter.isNonEscapingClosure ? "Any?" : parameter.valueType
      let type = matcher || isClosure ? "Verity.Matcher<\(matched)>" : parameter.valueType
      let defaultValue = (matcher && !isTrailing) || (!matcher && isClosure) ? " = Verity.any()" : ""
      var parameter = parameter
      if isTrailing { parameter.label = trailingLabel ?? "_" }
      return parameter.declaration(type: type) + defaultValue
    }
    let returningParameter = returning.map { ["returning _: \($0).Type"] } ?? []
    let matcherParameters = parameters.map { declaration($0, matcher: true, isTrailing: false) }
      + (trailing.map { [declaration($0, matcher: true, isTrailing: true)] } ?? []) + returningParameter
    var handles = [
      """
      /// Calls to `\(identifier)` whose arguments match these matchers (default `any()`), for `when` and `verify`.
      \(access)\(nonisolated)\(staticKeyword)func \(name)\(generics)(\(matcherParameters.joined(separator: ", "))) -> \(resultType)\(whereClause) {
        Verity.MockCall(storage: \(storage), identifier: \(stringLiteral(identifier)), arguments: \(arguments))
      }
      """
    ]
    // Plain values: for every parameter that is not a closure (a closure keeps its matcher,
    // `any()` by default), when there is at least one.
    let plain = all.filter { !($0.isNonEscapingClosure || $0.isOwnershipPlaceholder || isFunctionType($0.valueType)) }
    if !plain.isEmpty {
      let valueParameters = parameters.map { declaration($0, matcher: false, isTrailing: false) }
        + (trailing.map { [declaration($0, matcher: false, isTrailing: true)] } ?? []) + returningParameter
      let values = all.map {
        isFunctionType($0.valueType) || $0.isNonEscapingClosure || $0.isOwnershipPlaceholder ? $0.name : anyValue($0)
      }
      handles.append(
        """
        /// Calls to `\(identifier)` with these argument values (`==` for `Equatable` values, otherwise the same structure).
        @_disfavoredOverload
        \(access)\(nonisolated)\(staticKeyword)func \(name)\(generics)(\(valueParameters.joined(separator: ", "))) -> \(resultType)\(whereClause) {
          Verity.MockCall(storage: \(storage), identifier: \(stringLiteral(identifier)), arguments: \(plain.count == all.count ? valueArguments : "[\(values.joined(separator: ", "))]")\(throwing))
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
