import SwiftSyntax

// How `@Mock` reads a member's parameters and result types, and how the generated code passes,
// records and matches each parameter (shared by every member kind).

/// One parameter of a mocked member, as the generated code uses it.
struct MockParameter {
  /// The external label as written in a declaration (`_` for none; `` `inout` `` escaped).
  var label: String
  /// The label as it reads in a selector (`for`, never escaped).
  var selectorLabel: String
  /// The name inside the generated body (the internal name, escaped when it is a keyword, or a
  /// generated one).
  var name: String
  /// The type as declared (with `inout`, attributes, `...`, `some`, `!`).
  var declaredType: String
  /// The type of the value in the handle's `Arguments` tuple: `some P` becomes `any P`, `T!`
  /// becomes `T?`.
  var valueType: String
  /// A non-escaping closure: recorded as a placeholder, passed to answers without escaping.
  var isNonEscapingClosure: Bool
  /// A `some P` parameter: passed to answers as `any P`.
  var isOpaque: Bool = false
  /// A `borrowing` or `consuming` parameter (its type may be noncopyable): recorded, matched and
  /// passed to answers as a placeholder naming its type.
  var isOwnershipPlaceholder: Bool = false
  /// The type a placeholder names (`ExecutorJob`).
  var placeholderTypeName: String = ""
  /// An `inout` parameter: a write-back answer takes it `inout` (see `writeBackAnswerType`).
  var isInout: Bool = false
  /// A variadic parameter (`Int...`): its value is an array, which Swift cannot pass on as a list.
  var isVariadic: Bool = false
  /// An `@autoclosure` parameter: a forwarded call passes `value()`, which the real member wraps again.
  var isAutoclosure: Bool = false
  /// The parameter's type is a function type that throws (`() throws -> Int`, `@autoclosure () throws -> Int`).
  var isThrowingFunction: Bool = false

  /// What the generated code passes for the parameter: its name, or its placeholder.
  var passedValue: String {
    isOwnershipPlaceholder ? "Verity.OwnershipArgument(typeName: \(stringLiteral(placeholderTypeName)))" : name
  }

  /// `label name: Type` (the label once when it is the name).
  func declaration(type: String) -> String {
    label == name || "`\(label)`" == name ? "\(name): \(type)" : "\(label) \(name): \(type)"
  }
}

extension MockGenerator {
  /// A method's parameters; an operator's have no labels (`lhs` and `rhs` are only names).
  /// (Read once per clause and generation: a method's are asked for by every pass over the
  /// protocol's members.)
  func parameters(of clause: FunctionParameterClauseSyntax) -> [MockParameter] {
    if let known = parsedTypes.parameters[clause.id] { return known }
    var parameters = parameters(of: clause.parameters)
    if let function = clause.parent?.parent?.as(FunctionDeclSyntax.self), isOperator(function) {
      parameters = parameters.map { parameter in
        var parameter = parameter
        parameter.label = "_"
        parameter.selectorLabel = "_"
        return parameter
      }
    }
    parsedTypes.parameters[clause.id] = parameters
    return parameters
  }

  func parameters(of list: FunctionParameterListSyntax) -> [MockParameter] {
    list.enumerated().map { index, parameter in
      let label = bareName(parameter.firstName)
      let internalName = parameter.secondName.map(bareName) ?? label
      let name = internalName == "_" ? "_verity_\(index)" : escaped(internalName)
      let declaredLabel = ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
      let declared = parameter.type.trimmedDescription + (parameter.ellipsis != nil ? "..." : "")
      var isEscaping = false
      var isAutoclosure = false
      var bare = parameter.type
      var kept: [String] = []
      if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
        for attribute in attributed.attributes {
          let text = attribute.trimmedDescription
          if text == "@escaping" { isEscaping = true; continue }
          if text == "@autoclosure" { isAutoclosure = true; continue }
          kept.append(text)
        }
        // `inout` and other specifiers stay in the declaration only.
        bare = attributed.baseType
      }
      let isInout = parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
        $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
      } ?? false
      let isThrowingFunction = bare.as(FunctionTypeSyntax.self)?.effectSpecifiers?.throwsClause != nil
      let isOpaque = bare.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.text == "some"
      var valueType = (kept.isEmpty ? "" : kept.joined(separator: " ") + " ") + valueTypeText(bare)
      if parameter.ellipsis != nil { valueType = "[\(valueType)]" }
      // An `inout` function value escapes (the caller's variable holds it): it is recorded, matched
      // and written back as any other `inout` value.
      let closure = bare.is(FunctionTypeSyntax.self) && !isEscaping && !isInout
      let ownership = parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
        guard let specifier = $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind else { return false }
        return specifier == .keyword(.borrowing) || specifier == .keyword(.consuming)
      } ?? false
      if ownership {
        return MockParameter(
          label: declaredLabel, selectorLabel: label, name: name, declaredType: declared,
          valueType: "Verity.OwnershipArgument", isNonEscapingClosure: false, isOwnershipPlaceholder: true,
          placeholderTypeName: bare.trimmedDescription)
      }
      return MockParameter(
        label: declaredLabel, selectorLabel: label, name: name, declaredType: declared, valueType: valueType,
        isNonEscapingClosure: closure, isOpaque: isOpaque, isInout: isInout, isVariadic: parameter.ellipsis != nil,
        isAutoclosure: isAutoclosure, isThrowingFunction: isThrowingFunction)
    }
  }

  /// A type as handles and answers use it: `some P` becomes `any P` (anywhere in it), and an
  /// implicitly unwrapped `T!` at the top becomes `T?`.
  func valueTypeText(_ type: TypeSyntax) -> String {
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return optional(of: valueTypeText(unwrapped.wrappedType))
    }
    let text = type.trimmedDescription
    // Most types have no `some`: no rewriting pass over them.
    guard text.contains("some") else { return text }
    return OpaqueToExistential(viewMode: .sourceAccurate).rewrite(type).trimmedDescription
  }

  /// A result type as the body and handles use it (`T!` as `T?`; `Void` when there is none).
  /// `sending` stays on the member's own result only: `-> sending Draft` is `Draft` here, since a
  /// type argument (`MockCall<String, Draft>`) or a cast cannot carry it.
  func resultTypeText(_ type: TypeSyntax?) -> String {
    guard let type else { return "Void" }
    return valueTypeText(withoutSending(type))
  }

  /// `type` without a `sending` specifier at its top (`sending Draft` is `Draft`).
  func withoutSending(_ type: TypeSyntax) -> TypeSyntax {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return type }
    let specifiers = attributed.specifiers.filter { $0.trimmedDescription != "sending" }
    guard specifiers.count != attributed.specifiers.count else { return type }
    if specifiers.isEmpty && attributed.attributes.isEmpty { return attributed.baseType }
    return TypeSyntax(attributed.with(\.specifiers, specifiers))
  }

  /// `(a, b)` / `a` / `()`: the typed arguments for `thenAnswer` (a `some P` argument as `any P`).
  func argumentTuple(_ parameters: [MockParameter]) -> String {
    let values = parameters.map { $0.isOpaque ? "\($0.name) as \($0.valueType)" : $0.passedValue }
    if parameters.count == 1 { return parameters[0].isOpaque ? "(\(values[0]))" : values[0] }
    return "(\(values.joined(separator: ", ")))"
  }

  /// Whether a member's answers take its `inout` parameters `inout` (write-back answers): it has
  /// one, and none is `inout some P` (which an answer could only see as a copy, `any P`).
  func writesBack(_ parameters: [MockParameter]) -> Bool {
    parameters.contains(where: \.isInout) && !parameters.contains { $0.isInout && $0.isOpaque }
  }

  /// The function type of a write-back answer: `@Sendable (inout Request, Int) throws -> Void`,
  /// each `inout` parameter `inout`, the others as `thenAnswer` receives them.
  func writeBackAnswerType(_ parameters: [MockParameter], returnType: String) -> String {
    let types = parameters.map { ($0.isInout ? "inout " : "") + $0.valueType }
    return "@Sendable (\(types.joined(separator: ", "))) throws -> \(returnType)"
  }

  /// The closure a member passes to run a write-back answer on its arguments:
  /// `{ (answer: @Sendable (inout User) throws -> Void) in try answer(&user) }`.
  func writeBackClosure(_ parameters: [MockParameter], answerType: String) -> String {
    let arguments = parameters.map { parameter in
      if parameter.isInout { return "&" + parameter.name }
      return parameter.isOpaque ? "\(parameter.name) as \(parameter.valueType)" : parameter.passedValue
    }
    return "{ (answer: \(answerType)) in try answer(\(arguments.joined(separator: ", "))) }"
  }

  /// `(Int, String)` / `Int` / `()`.
  func argumentsType(_ parameters: [MockParameter]) -> String {
    parameters.count == 1 ? parameters[0].valueType : "(\(parameters.map(\.valueType).joined(separator: ", ")))"
  }

  func recordedArgument(_ parameter: MockParameter) -> String {
    if parameter.isOwnershipPlaceholder { return parameter.passedValue }
    if parameter.isNonEscapingClosure {
      return "Verity.NonEscapingClosureArgument(typeName: \(stringLiteral(parameter.valueType)))"
    }
    return "Verity.recordable(\(parameter.name))"
  }

  func matchedValue(_ parameter: MockParameter) -> String {
    if parameter.isOwnershipPlaceholder { return parameter.passedValue }
    return parameter.isNonEscapingClosure
      ? "Verity.NonEscapingClosureArgument(typeName: \(stringLiteral(parameter.valueType)))"
      : anyValue(parameter)
  }

  /// A parameter as an element of an `[Any?]` array: an optional one is converted explicitly
  /// (`value as Any?`), so a nested optional (`Int??`) compiles without a coercion warning.
  func anyValue(_ parameter: MockParameter) -> String {
    isOptionalType(parameter.valueType) ? "\(parameter.name) as Any?" : parameter.name
  }

  /// `isOptional(_:)` of a type written as text, once per type and generation.
  func isOptionalType(_ type: String) -> Bool {
    if let known = parsedTypes.isOptional[type] { return known }
    let answer = isOptional(typeSyntax(type))
    parsedTypes.isOptional[type] = answer
    return answer
  }

  /// Whether a type is an optional: `T?`, `T!`, `Optional<T>`, `Swift.Optional<T>` (in parentheses too).
  func isOptional(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
      only.firstName == nil, only.ellipsis == nil
    {
      return isOptional(only.type)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift" && member.name.text == "Optional"
        && member.genericArgumentClause != nil
    }
    return false
  }

  /// `type?`, written so that `?` applies to the whole type: in parentheses unless the type ends
  /// in a name, brackets or parentheses that `?` follows as it is (`Int?`, `[Int]?`, `(Int, Int)?`,
  /// `P.Type?`, `Int??`). `any P`, `some P`, `P & Q`, a function type, an attributed type
  /// (`@Sendable () -> Void`) and the rest become `(any P)?`, ... The one place the generated code
  /// writes an optional of a type it did not write itself.
  func optional(of type: String) -> String {
    let syntax = typeSyntax(type)
    let takesSuffix =
      syntax.is(IdentifierTypeSyntax.self) || syntax.is(MemberTypeSyntax.self) || syntax.is(ArrayTypeSyntax.self)
      || syntax.is(DictionaryTypeSyntax.self) || syntax.is(TupleTypeSyntax.self) || syntax.is(OptionalTypeSyntax.self)
      || syntax.is(MetatypeTypeSyntax.self)
    return takesSuffix ? "\(syntax.trimmedDescription)?" : "(\(syntax.trimmedDescription))?"
  }
}

/// Rewrites `some P` to `any P`: what a handle and an answer see of an opaque parameter.
final class OpaqueToExistential: SyntaxRewriter {
  override func visit(_ node: SomeOrAnyTypeSyntax) -> TypeSyntax {
    guard node.someOrAnySpecifier.text == "some" else { return super.visit(node) }
    return TypeSyntax(node.with(\.someOrAnySpecifier, .keyword(.any, trailingTrivia: .space)))
  }
}
