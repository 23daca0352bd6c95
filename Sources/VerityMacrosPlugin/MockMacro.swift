import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Mock` on a protocol `P`: a peer `final class PMock` (an `actor` for an actor-constrained
/// protocol) that conforms to `P` and to `Verity.Mock`. Every member records its call through the
/// typed path of the mock's call log and answers from its stubs; every member also gets a
/// `$name(...)` handle (matchers, or plain values) for `when` and `verify`.
public struct MockMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: Syntax(node), message: MockDiagnostic.notAProtocol(kindName(declaration))))
      return []
    }
    var generator = MockGenerator(proto: proto, context: context)
    guard let source = generator.generate() else { return [] }
    return [DeclSyntax(stringLiteral: source)]
  }

  static func kindName(_ declaration: some DeclSyntaxProtocol) -> String {
    if declaration.is(StructDeclSyntax.self) { return "a struct" }
    if declaration.is(ClassDeclSyntax.self) { return "a class" }
    if declaration.is(EnumDeclSyntax.self) { return "an enum" }
    if declaration.is(ActorDeclSyntax.self) { return "an actor" }
    if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
    if declaration.is(FunctionDeclSyntax.self) { return "a function" }
    if declaration.is(VariableDeclSyntax.self) { return "a property" }
    return "this declaration"
  }
}

/// One parameter of a mocked member, as the generated code uses it.
struct MockParameter {
  /// The external label (`_` for none).
  var label: String
  /// The name inside the generated body (the internal name, or a generated one).
  var name: String
  /// The type as declared (with `inout`, attributes, `...`).
  var declaredType: String
  /// The type of the value in the body and in the handle's `Arguments` tuple.
  var valueType: String
  /// A non-escaping closure: recorded as a placeholder, passed to answers without escaping.
  var isNonEscapingClosure: Bool
}

struct MockGenerator<Context: MacroExpansionContext> {
  let proto: ProtocolDeclSyntax
  let context: Context
  var failed = false
  /// Selectors used by more than one member: their identifiers carry types.
  var overloadedSelectors: Set<String> = []

  init(proto: ProtocolDeclSyntax, context: Context) {
    self.proto = proto
    self.context = context
  }

  var access: String {
    let modifiers = proto.modifiers.map(\.name.text)
    if modifiers.contains("public") { return "public " }
    if modifiers.contains("package") { return "package " }
    if modifiers.contains("private") || modifiers.contains("fileprivate") { return "fileprivate " }
    return ""
  }

  var isActorProtocol: Bool {
    inheritedNames.contains("Actor")
  }

  var inheritedNames: [String] {
    proto.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
  }

  /// A global actor the protocol is isolated to (`@MainActor`), as an attribute.
  var globalActor: String? {
    for attribute in proto.attributes {
      guard let attribute = attribute.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedDescription
      if name == "MainActor" || name.hasSuffix("Actor") { return "@\(name)" }
    }
    return nil
  }

  mutating func generate() -> String? {
    let mockName = "\(proto.name.text)Mock"
    for inherited in proto.inheritanceClause?.inheritedTypes ?? [] {
      let name = inherited.type.trimmedDescription
      if !["Sendable", "AnyObject", "Actor", "Swift.Sendable", "Swift.AnyObject", "_Concurrency.Actor"].contains(name) {
        diagnose(inherited.type, .inheritedProtocol(name))
      }
    }
    if let whereClause = proto.genericWhereClause {
      diagnose(whereClause, .protocolWhereClause)
    }

    // Generic parameters from associated types.
    var genericParameters: [String] = []
    for member in proto.memberBlock.members {
      guard let associated = member.decl.as(AssociatedTypeDeclSyntax.self) else { continue }
      if let whereClause = associated.genericWhereClause {
        diagnose(whereClause, .associatedTypeWhereClause(associated.name.text))
      }
      var parameter = associated.name.text
      if let inheritance = associated.inheritanceClause {
        parameter += ": " + inheritance.inheritedTypes.map { $0.type.trimmedDescription }.joined(separator: " & ")
      }
      genericParameters.append(parameter)
    }

    // Selectors that more than one member shares.
    var seen: [String: Int] = [:]
    for member in proto.memberBlock.members {
      if let function = member.decl.as(FunctionDeclSyntax.self) {
        seen[selector(function.name.text, parameters(of: function.signature.parameterClause.parameters)), default: 0] += 1
      }
    }
    overloadedSelectors = Set(seen.filter { $0.value > 1 }.map(\.key))

    // The generated class's own members: `storage` (what `Verity.Mock` requires). A protocol
    // member of that name would be an "invalid redeclaration" in the expansion.
    for member in proto.memberBlock.members {
      if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "storage" {
        diagnoseReservedName(function.name)
      } else if let variable = member.decl.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          if let pattern = binding.pattern.as(IdentifierPatternSyntax.self), pattern.identifier.text == "storage" {
            diagnoseReservedName(pattern.identifier)
          }
        }
      }
    }

    var members: [String] = []
    for member in proto.memberBlock.members {
      let decl = member.decl
      if let function = decl.as(FunctionDeclSyntax.self) {
        if let generated = functionMember(function) { members.append(generated) }
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        members.append(contentsOf: propertyMembers(variable))
      } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        members.append(contentsOf: subscriptMembers(subscriptDecl))
      } else if let initializer = decl.as(InitializerDeclSyntax.self) {
        if let generated = initializerMember(initializer) { members.append(generated) }
      } else if decl.is(AssociatedTypeDeclSyntax.self) {
        continue
      } else {
        diagnose(decl, .unsupportedMember)
      }
    }
    guard !failed else { return nil }

    let generics = genericParameters.isEmpty ? "" : "<\(genericParameters.joined(separator: ", "))>"
    let kind = isActorProtocol ? "actor" : "final class"
    let isolation = isActorProtocol ? "" : (globalActor.map { "\($0) " } ?? "")
    let nonisolated = isolation.isEmpty ? "" : "nonisolated "
    // A class whose only state is its (Sendable) storage is Sendable, checked by the compiler; an
    // actor or a global-actor-isolated class already is.
    let sendable = kind == "final class" && isolation.isEmpty ? ", Sendable" : ""
    return """
      /// A mock of ``\(proto.name.text)`` generated by `@Mock`: it records every call and answers
      /// from its stubs. Stub with `when(mock.$member(...))`, verify with `verify(mock.$member(...))`.
      \(isolation)\(access)\(kind) \(mockName)\(generics): \(proto.name.text), Verity.Mock\(sendable) {
        /// The mock's calls and stubs.
        \(access)\(nonisolated)let storage: Verity.MockStorage

        /// Creates a mock with no calls and no stubs. Failures that calls cause (in strict mode, or
        /// a call no stub can answer) are reported in the test: where it last stubbed or verified
        /// this mock, or else where it created it.
        ///
        /// - Parameter strict: report calls no stub answers, and stubs no call uses.
        \(access)\(nonisolated)init(
          strict: Bool = false, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
          line: UInt = #line, column: UInt = #column
        ) {
          self.storage = Verity.MockStorage(strict: strict, fileID: fileID, filePath: filePath, line: line, column: column)
        }

      \(members.joined(separator: "\n\n"))
      }
      """
  }

  // MARK: Members

  func parameters(of list: FunctionParameterListSyntax) -> [MockParameter] {
    list.enumerated().map { index, parameter in
      let label = parameter.firstName.text
      let internalName = parameter.secondName?.text ?? parameter.firstName.text
      let name = internalName == "_" ? "_verity_\(index)" : internalName
      let declared = parameter.type.trimmedDescription + (parameter.ellipsis != nil ? "..." : "")
      var isEscaping = false
      var bare = parameter.type
      if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
        var kept: [String] = []
        for attribute in attributed.attributes {
          let text = attribute.trimmedDescription
          if text == "@escaping" { isEscaping = true; continue }
          if text == "@autoclosure" { continue }
          kept.append(text)
        }
        bare = attributed.baseType
        var valueType = (kept.isEmpty ? "" : kept.joined(separator: " ") + " ") + bare.trimmedDescription
        if parameter.ellipsis != nil { valueType = "[\(valueType)]" }
        let closure = bare.is(FunctionTypeSyntax.self) && !isEscaping
        return MockParameter(
          label: label, name: name, declaredType: declared, valueType: valueType,
          isNonEscapingClosure: closure)
      }
      var valueType = bare.trimmedDescription
      if parameter.ellipsis != nil { valueType = "[\(valueType)]" }
      return MockParameter(
        label: label, name: name, declaredType: declared, valueType: valueType,
        isNonEscapingClosure: bare.is(FunctionTypeSyntax.self))
    }
  }

  func selector(_ name: String, _ parameters: [MockParameter]) -> String {
    "\(name)(\(parameters.map { "\($0.label):" }.joined()))"
  }

  func identifier(_ name: String, _ parameters: [MockParameter]) -> String {
    let plain = selector(name, parameters)
    guard overloadedSelectors.contains(plain) else { return plain }
    return "\(name)(\(parameters.map { "\($0.label): \($0.valueType)" }.joined(separator: ", ")))"
  }

  /// `(a, b)` / `a` / `()`: the typed arguments for `thenAnswer`.
  func argumentTuple(_ parameters: [MockParameter]) -> String {
    parameters.count == 1 ? parameters[0].name : "(\(parameters.map(\.name).joined(separator: ", ")))"
  }

  /// `(Int, String)` / `Int` / `()`.
  func argumentsType(_ parameters: [MockParameter]) -> String {
    parameters.count == 1 ? parameters[0].valueType : "(\(parameters.map(\.valueType).joined(separator: ", ")))"
  }

  func recordedArgument(_ parameter: MockParameter) -> String {
    if parameter.isNonEscapingClosure {
      return "Verity.NonEscapingClosureArgument(typeName: \(stringLiteral(parameter.valueType)))"
    }
    return "Verity.recordable(\(parameter.name))"
  }

  func matchedValue(_ parameter: MockParameter) -> String {
    parameter.isNonEscapingClosure
      ? "Verity.NonEscapingClosureArgument(typeName: \(stringLiteral(parameter.valueType)))"
      : anyValue(parameter)
  }

  /// A parameter as an element of an `[Any?]` array: an optional one is converted explicitly
  /// (`value as Any?`), so a nested optional (`Int??`) compiles without a coercion warning.
  func anyValue(_ parameter: MockParameter) -> String {
    let type = parameter.valueType
    let isOptional = type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<")
      || type.hasPrefix("Swift.Optional<")
    return isOptional ? "\(parameter.name) as Any?" : parameter.name
  }

  /// The statements that record a call and return its answer.
  func callBody(
    identifier: String, parameters: [MockParameter], storage: String, returnType: String,
    throwing: Bool, typedError: String?
  ) -> String {
    let literal = stringLiteral(identifier)
    let record = (["\(literal)"] + parameters.map(recordedArgument)).joined(separator: ", ")
    let values = "[\(parameters.map(matchedValue).joined(separator: ", "))]"
    let tuple = argumentTuple(parameters)
    var answer: String
    if let typedError {
      answer = """
        do {
          return try \(storage).answerThrowing(\(literal), arguments: \(tuple), values: \(values)) as \(returnType)
        } catch {
          throw \(storage).typedError(error, as: \(typedError).self, \(literal))
        }
        """
    } else if throwing {
      answer = "return try \(storage).answerThrowing(\(literal), arguments: \(tuple), values: \(values)) as \(returnType)"
    } else {
      answer = "return \(storage).answer(\(literal), arguments: \(tuple), values: \(values)) as \(returnType)"
    }
    // Non-escaping closures reach the answer through `withoutActuallyEscaping`.
    for parameter in parameters.reversed() where parameter.isNonEscapingClosure {
      let tryKeyword = throwing || typedError != nil ? "try " : ""
      answer = """
        return \(tryKeyword)withoutActuallyEscaping(\(parameter.name)) { \(parameter.name) in
        \(indent(answer))
        }
        """
    }
    // A `Void` member of a mock with no stubs has nothing to look up (the common case, and the
    // cheapest in debug builds, where the answer's generic call is not specialized).
    let shortcut = returnType == "Void" || returnType == "()" ? "if \(storage).answersWithDefaults {\n  return\n}\n" : ""
    return """
      \(storage).log.record(\(record))
      \(shortcut)\(answer)
      """
  }

  /// `storage`, or the type's static storage.
  func storageExpression(isStatic: Bool) -> String {
    isStatic ? "Verity.MockStorage.staticStorage(for: Self.self)" : "self.storage"
  }

  func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
  }

  /// A `nonisolated` requirement of an isolated protocol: its witness must be `nonisolated` too.
  func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.text == "nonisolated" }
  }

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
      let name = pattern.identifier.text
      let typeText = type.trimmedDescription
      let (getterEffects, getterThrows, typedError, hasSetter) = accessorInfo(binding.accessorBlock)
      let getIdentifier = "get \(name)"
      let getter = callBody(
        identifier: getIdentifier, parameters: [], storage: storage, returnType: typeText,
        throwing: getterThrows, typedError: typedError)
      var accessors = """
        get\(getterEffects) {
        \(indent(getter))
        }
        """
      let newValue = MockParameter(
        label: "set", name: "newValue", declaredType: typeText, valueType: typeText, isNonEscapingClosure: false)
      if hasSetter {
        let setter = callBody(
          identifier: "set \(name)", parameters: [newValue], storage: storage, returnType: "Void", throwing: false,
          typedError: nil)
        accessors += """

          set {
          \(indent(setter))
          }
          """
      }
      let nonisolatedKeyword = isNonisolated(variable.modifiers) ? "nonisolated " : ""
      members.append(
        """
        \(access)\(staticKeyword)\(nonisolatedKeyword)var \(name): \(typeText) {
        \(indent(accessors))
        }
        """)
      members += handleMembers(name: "$\(name)", parameters: [], identifier: getIdentifier, returnType: typeText, isStatic: isStatic)
      if hasSetter {
        members += handleMembers(
          name: "$\(name)", parameters: [], identifier: "set \(name)", returnType: "Void", isStatic: isStatic,
          trailing: newValue, trailingLabel: "set")
      }
    }
    return members
  }

  /// A property's or subscript's accessors: the getter's effects as written (` async throws`),
  /// whether it throws untyped errors, its typed error, and whether there is a setter.
  func accessorInfo(_ block: AccessorBlockSyntax?) -> (
    effects: String, throwing: Bool, typedError: String?, hasSetter: Bool
  ) {
    guard case .accessors(let accessors) = block?.accessors else { return ("", false, nil, false) }
    var effects = ""
    var throwing = false
    var typedError: String? = nil
    for accessor in accessors where accessor.accessorSpecifier.text == "get" {
      if accessor.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
      if let throwsClause = accessor.effectSpecifiers?.throwsClause {
        effects += " " + throwsClause.trimmedDescription
        typedError = throwsClause.type?.trimmedDescription
        throwing = typedError == nil
      }
    }
    return (effects, throwing, typedError, accessors.contains { $0.accessorSpecifier.text == "set" })
  }

  mutating func subscriptMembers(_ subscriptDecl: SubscriptDeclSyntax) -> [String] {
    // Subscript parameters have no argument label unless one is written.
    let parameters = parameters(of: subscriptDecl.parameterClause.parameters).enumerated().map { index, parameter in
      var parameter = parameter
      let syntax = subscriptDecl.parameterClause.parameters[
        subscriptDecl.parameterClause.parameters.index(subscriptDecl.parameterClause.parameters.startIndex, offsetBy: index)]
      if syntax.secondName == nil { parameter.label = "_" }
      return parameter
    }
    let isStatic = isStatic(subscriptDecl.modifiers)
    let storage = storageExpression(isStatic: isStatic)
    let staticKeyword = isStatic ? "static " : ""
    let returnType = subscriptDecl.returnClause.type.trimmedDescription
    let (getterEffects, getterThrows, typedError, hasSetter) = accessorInfo(subscriptDecl.accessorBlock)
    let selector = "subscript(\(parameters.map { "\($0.label):" }.joined()))"
    // A subscript's parameter has an argument label only when one is written before its name.
    let signature = parameters.map { "\($0.label) \($0.name): \($0.declaredType)" }
    let getter = callBody(
      identifier: "get \(selector)", parameters: parameters, storage: storage, returnType: returnType,
      throwing: getterThrows, typedError: typedError)
    var accessors = """
      get\(getterEffects) {
      \(indent(getter))
      }
      """
    let newValue = MockParameter(
      label: "set", name: "newValue", declaredType: returnType, valueType: returnType, isNonEscapingClosure: false)
    if hasSetter {
      let setter = callBody(
        identifier: "set \(selector)", parameters: parameters + [newValue], storage: storage, returnType: "Void",
        throwing: false, typedError: nil)
      accessors += """

        set {
        \(indent(setter))
        }
        """
    }
    var members = [
      """
      \(access)\(staticKeyword)subscript(\(signature.joined(separator: ", "))) -> \(returnType) {
      \(indent(accessors))
      }
      """
    ]
    members += handleMembers(
      name: "$subscript", parameters: parameters, identifier: "get \(selector)", returnType: returnType, isStatic: isStatic)
    if hasSetter {
      members += handleMembers(
        name: "$subscript", parameters: parameters, identifier: "set \(selector)", returnType: "Void",
        isStatic: isStatic, trailing: newValue, trailingLabel: "set")
    }
    return members
  }

  mutating func initializerMember(_ initializer: InitializerDeclSyntax) -> String? {
    let parameters = parameters(of: initializer.signature.parameterClause.parameters)
    let signature = parameters.map { $0.label == $0.name ? "\($0.name): \($0.declaredType)" : "\($0.label) \($0.name): \($0.declaredType)" }
    var effects = ""
    if initializer.signature.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
    if initializer.signature.effectSpecifiers?.throwsClause != nil { effects += " throws" }
    let identifier = selector("init", parameters)
    let record = ([stringLiteral(identifier)] + parameters.map(recordedArgument)).joined(separator: ", ")
    let nonisolated = (globalActor != nil && !isActorProtocol) ? "nonisolated " : ""
    let optional = initializer.optionalMark?.text ?? ""
    return """
      \(access)\(nonisolated)init\(optional)(\(signature.joined(separator: ", ")))\(effects) {
        self.storage = Verity.MockStorage()
        self.storage.log.record(\(record))
      }
      """
  }

  // MARK: Diagnostics

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

func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
}

/// A Swift string literal for `text`.
func stringLiteral(_ text: String) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "\\": escaped += "\\\\"
    case "\"": escaped += "\\\""
    default: escaped.append(character)
    }
  }
  return "\"\(escaped)\""
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
