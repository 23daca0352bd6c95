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

  // MARK: Shared by every member kind (each kind has its own file: MockGenerator+Methods.swift, ...)

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
