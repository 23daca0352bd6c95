import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

// `@Mock` for subscript requirements: `subscript(...)` getters and setters, recorded with their
// index arguments.
extension MockGenerator {
  mutating func subscriptMembers(_ subscriptDecl: SubscriptDeclSyntax) -> [String] {
    // Subscript parameters have no argument label unless one is written.
    let parameters = parameters(of: subscriptDecl.parameterClause.parameters).enumerated().map { index, parameter in
      var parameter = parameter
      let syntax = subscriptDecl.parameterClause.parameters[
        subscriptDecl.parameterClause.parameters.index(subscriptDecl.parameterClause.parameters.startIndex, offsetBy: index)]
      if syntax.secondName == nil {
        parameter.label = "_"
        parameter.selectorLabel = "_"
      }
      return parameter
    }
    let isStatic = isStatic(subscriptDecl.modifiers)
    let storage = storageExpression(isStatic: isStatic)
    let staticKeyword = isStatic ? "static " : ""
    let declaredType = subscriptDecl.returnClause.type.trimmedDescription
    let returnType = resultTypeText(subscriptDecl.returnClause.type)
    // A generic subscript keeps its generic parameters and `where` clause, and so do its handles.
    let generics = subscriptDecl.genericParameterClause?.trimmedDescription ?? ""
    let whereClause = subscriptDecl.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
    let (getterEffects, getterIsAsync, getterThrows, typedError, hasSetter) = accessorInfo(subscriptDecl.accessorBlock)
    let selector = "subscript(\(parameters.map { "\($0.selectorLabel):" }.joined()))"
    // A subscript's parameter has an argument label only when one is written before its name.
    let signature = parameters.map { "\($0.label) \($0.name): \($0.declaredType)" }
    let generic = genericSyntax(subscriptDecl.genericParameterClause, subscriptDecl.genericWhereClause)
    let getterCall = spyForwarding(
      isStatic: isStatic, isAsync: getterIsAsync,
      isIsolatedToActor: isIsolatedToActor(subscriptDecl.modifiers, subscriptDecl.attributes),
      parameters: parameters, types: [declaredType], generics: generic
    ).map {
      spyCall(
        $0, parameters: parameters, returnType: returnType,
        throwsClause: typedError.map { "throws(\($0))" } ?? (getterThrows ? "throws" : nil), isAsync: getterIsAsync,
        returnsValue: true, isMutating: false
      ) { argument in "_verityReal[\(parameters.map(argument).joined(separator: ", "))]" }
    }
    let getter = callBody(
      identifier: "get \(selector)", parameters: parameters, storage: storage, returnType: returnType,
      throwing: getterThrows, typedError: typedError, spy: getterCall)
    var accessors = """
      get\(getterEffects) {
      \(indent(getter))
      }
      """
    let newValue = MockParameter(
      label: "set", selectorLabel: "set", name: "newValue", declaredType: declaredType, valueType: returnType,
      isNonEscapingClosure: false)
    if hasSetter {
      let setterCall = spyForwarding(
        isStatic: isStatic, isAsync: false,
        isIsolatedToActor: isIsolatedToActor(subscriptDecl.modifiers, subscriptDecl.attributes),
        parameters: parameters + [newValue], types: [declaredType], generics: generic
      ).map {
        spyCall(
          $0, parameters: parameters + [newValue], returnType: "Void", throwsClause: nil, isAsync: false,
          returnsValue: false, isMutating: true
        ) { argument in
          "_verityReal[\(parameters.map(argument).joined(separator: ", "))] = \(argumentValue(argument(newValue)))"
        }
      }
      let setter = callBody(
        identifier: "set \(selector)", parameters: parameters + [newValue], storage: storage, returnType: "Void",
        throwing: false, typedError: nil,
        spy: setterCall)
      accessors += """

        set {
        \(indent(setter))
        }
        """
    }
    var members = [
      """
      \(memberAttributes(subscriptDecl.attributes))\(access)\(staticKeyword)subscript\(generics)(\(signature.joined(separator: ", "))) -> \(declaredType)\(whereClause) {
      \(indent(accessors))
      }
      """
    ]
    members += handleMembers(
      name: "$subscript", parameters: parameters, identifier: "get \(selector)", returnType: returnType, isStatic: isStatic,
      generics: generics, whereClause: whereClause, errorType: typedError ?? (getterThrows ? nil : Self.cannotThrow),
      typesAreExact: generics.isEmpty)
    if hasSetter {
      members += handleMembers(
        name: "$subscript", parameters: parameters, identifier: "set \(selector)", returnType: "Void",
        isStatic: isStatic, generics: generics, whereClause: whereClause, trailing: newValue, trailingLabel: "set",
        errorType: Self.cannotThrow, typesAreExact: generics.isEmpty)
    }
    return members
  }
}
