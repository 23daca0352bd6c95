import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

// `@Mock` for property requirements: a getter (and a setter for `{ get set }`) recorded as
// `get name` / `set name`, each with its handle.
extension MockGenerator {
  mutating func propertyMembers(_ variable: VariableDeclSyntax) -> [String] {
    var members: [String] = []
    let isStatic = isStatic(variable.modifiers)
    let storage = storageExpression(isStatic: isStatic)
    let staticKeyword = isStatic ? "static " : ""
    for binding in variable.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), let type = binding.typeAnnotation?.type
      else {
        diagnose(binding, .unsupportedMember)
        continue
      }
      let name = bareName(pattern.identifier)
      let declaredType = type.trimmedDescription
      let typeText = valueTypeText(type)
      let (getterEffects, getterIsAsync, getterThrows, typedError, hasSetter) = accessorInfo(binding.accessorBlock)
      let getIdentifier = "get \(name)"
      let getterForwarding = spyForwarding(
        isStatic: isStatic, isAsync: getterIsAsync,
        isIsolatedToActor: isIsolatedToActor(variable.modifiers, variable.attributes), parameters: [],
        types: [declaredType])
      let getterCall = getterForwarding.map {
        spyCall(
          $0, parameters: [], returnType: typeText, throwsClause: typedError.map { "throws(\($0))" } ?? (getterThrows ? "throws" : nil),
          isAsync: getterIsAsync, returnsValue: true, isMutating: false
        ) { _ in "_verityReal.\(escaped(name))" }
      }
      let getter = callBody(
        identifier: getIdentifier, parameters: [], storage: storage, returnType: typeText,
        throwing: getterThrows, typedError: typedError, spy: getterCall)
      var accessors = """
        get\(getterEffects) {
        \(indent(getter))
        }
        """
      let newValue = MockParameter(
        label: "set", selectorLabel: "set", name: "newValue", declaredType: declaredType, valueType: typeText,
        isNonEscapingClosure: false)
      if hasSetter {
        // A setter is synchronous: an actor's property is never set from outside it.
        let setterCall = spyForwarding(
          isStatic: isStatic, isAsync: false,
          isIsolatedToActor: isIsolatedToActor(variable.modifiers, variable.attributes), parameters: [newValue],
          types: [declaredType]
        ).map {
          spyCall(
            $0, parameters: [newValue], returnType: "Void", throwsClause: nil, isAsync: false, returnsValue: false,
            isMutating: true
          ) { argument in "_verityReal.\(escaped(name)) = \(argumentValue(argument(newValue)))" }
        }
        let setter = callBody(
          identifier: "set \(name)", parameters: [newValue], storage: storage, returnType: "Void", throwing: false,
          typedError: nil, spy: setterCall)
        accessors += """

          set {
          \(indent(setter))
          }
          """
      }
      let nonisolatedKeyword = isNonisolated(variable.modifiers) ? "nonisolated " : ""
      members.append(
        """
        \(memberAttributes(variable.attributes))\(access)\(staticKeyword)\(nonisolatedKeyword)var \(escaped(name)): \(declaredType) {
        \(indent(accessors))
        }
        """)
      members += handleMembers(
        name: "$\(name)", parameters: [], identifier: getIdentifier, returnType: typeText, isStatic: isStatic,
        errorType: typedError ?? (getterThrows ? nil : Self.cannotThrow))
      if hasSetter {
        members += handleMembers(
          name: "$\(name)", parameters: [], identifier: "set \(name)", returnType: "Void", isStatic: isStatic,
          trailing: newValue, trailingLabel: "set", errorType: Self.cannotThrow)
      }
    }
    return members
  }

  /// A property's or subscript's accessors: the getter's effects as written (` async throws`),
  /// whether it is `async`, whether it throws untyped errors, its typed error, and whether there
  /// is a setter.
  func accessorInfo(_ block: AccessorBlockSyntax?) -> (
    effects: String, isAsync: Bool, throwing: Bool, typedError: String?, hasSetter: Bool
  ) {
    guard case .accessors(let accessors) = block?.accessors else { return ("", false, false, nil, false) }
    var effects = ""
    var isAsync = false
    var throwing = false
    var typedError: String? = nil
    for accessor in accessors where accessor.accessorSpecifier.text == "get" {
      if accessor.effectSpecifiers?.asyncSpecifier != nil {
        effects += " async"
        isAsync = true
      }
      if let throwsClause = accessor.effectSpecifiers?.throwsClause {
        effects += " " + throwsClause.trimmedDescription
        typedError = throwsClause.type?.trimmedDescription
        throwing = typedError == nil
      }
    }
    return (effects, isAsync, throwing, typedError, accessors.contains { $0.accessorSpecifier.text == "set" })
  }
}
