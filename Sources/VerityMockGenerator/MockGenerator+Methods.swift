import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

// `@Mock` for method requirements: the recording, answering member and its two `$name` handles
// (matchers, and plain values). Operators are methods too: recorded in the type's static storage,
// with handles named for the operator (`==` has `$equals`, see `operatorHandleName`).
extension MockGenerator {
  /// A method's implementation, and its handles. An operator's implementation goes in the mock
  /// class, not the requirements extension: the compiler does not find an operator an extension
  /// macro writes when it looks for a witness (swiftlang/swift#88793), so there it is written with
  /// the mock's name in place of `Self` (which a class's parameter cannot be).
  mutating func functionMember(_ function: FunctionDeclSyntax) -> (member: String, handles: [String]) {
    let isOperator = isOperator(function)
    // `==`, or `prefix -`: what the identifier starts with.
    let name = memberName(function)
    let parameters = parameters(of: function.signature.parameterClause)
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
    let fixity = operatorFixity(function).map { "\($0) " } ?? ""
    let staticKeyword = (isStatic ? "static " : "") + (isNonisolated(function.modifiers) ? "nonisolated " : "") + fixity
    let attributePrefix = (function.attributes.contains { $0.trimmedDescription == "@discardableResult" }
      ? "@discardableResult " : "") + memberAttributes(function.attributes)
    // In the mock class, an operator's `Self` is the mock.
    let mockName = "\(proto.name.text)Mock"
    func inClass(_ type: String) -> String { isOperator ? replacingSelf(in: type, with: mockName) : type }
    let signatureParameters = parameters.map { $0.declaration(type: inClass($0.declaredType)) }
    var effectText = ""
    if isAsync { effectText += " async" }
    if let throwsClause { effectText += " " + throwsClause.trimmedDescription }
    let variant = variant(of: function)
    let identifier = identifier(name, parameters, variant: variant)
    // `==` (and `!=`) between two mocks that no stub answers: identity, so a mock equals itself
    // (and `eq(mock)`, `contains`, `firstIndex(of:)` find it), not `false`.
    let identityAnswer: String? =
      if isOperator, operatorFixity(function) == nil, ["==", "!="].contains(bareName(function.name)),
        parameters.count == 2, parameters.allSatisfy({ $0.valueType == "Self" }), returnType == "Bool",
        throwsClause == nil
      {
        bareName(function.name) == "==" ? "\(parameters[0].name) === \(parameters[1].name)" : "\(parameters[0].name) !== \(parameters[1].name)"
      } else {
        nil
      }
    // A member with `inout` parameters: its answers take them `inout` (write-back answers).
    let writesBack = writesBack(parameters)
    let classParameters = parameters.map { parameter in
      var parameter = parameter
      parameter.valueType = inClass(parameter.valueType)
      return parameter
    }
    let writingBack =
      writesBack
      ? writeBackClosure(
        classParameters, answerType: writeBackAnswerType(classParameters, returnType: inClass(returnType)))
      : nil
    // A spy passes the call on (operators are static: never).
    let forwarding = spyForwarding(
      isStatic: isStatic || isOperator, isAsync: isAsync,
      isIsolatedToActor: isIsolatedToActor(function.modifiers, function.attributes),
      parameters: parameters, types: [declaredReturn],
      generics: genericSyntax(function.genericParameterClause, function.genericWhereClause),
      isRethrows: isRethrows)
    let isMutating = function.modifiers.contains { $0.name.text == "mutating" }
    let spy = forwarding.map { forwarding in
      spyCall(
        forwarding, parameters: parameters, returnType: returnType, throwsClause: throwsClause?.trimmedDescription,
        isAsync: isAsync, returnsValue: true, isMutating: isMutating
      ) { argument in "_verityReal.\(escaped(name))(\(parameters.map(argument).joined(separator: ", ")))" }
    }
    let body = callBody(
      identifier: identifier, parameters: parameters, storage: storage, returnType: inClass(returnType),
      throwing: throwing, typedError: typedError, unstubbed: identityAnswer, writingBack: writingBack, spy: spy)
    // An operator's name is followed by a space: `func + <T>(` (`+<` would read as one operator).
    let declaredName = isOperator ? bareName(function.name) + " " : escaped(name)
    let member = """
      \(attributePrefix)\(access)\(staticKeyword)func \(declaredName)\(generics)(\(signatureParameters.joined(separator: ", ")))\(effectText) -> \(inClass(declaredReturn))\(whereClause) {
      \(indent(body))
      }
      """
    // Overloads that differ only in `async` or in their result: the async one's handles are
    // `$nameAsync` (`$name_async` when a member named `nameAsync` with the same labels has that
    // handle already), and a result-type overload's handles take `returning: Result.self`.
    var handleName = isOperator ? operatorHandleName(function, parameters) : name
    var returning: String? = nil
    if let others = variants[typedIdentifier(name, parameters)], overloadedSelectors.contains(selector(name, parameters)) {
      if variant.isAsync, others.contains(where: { !$0.isAsync }) {
        handleName = uniqueHandleName(["\(handleName)Async", "\(handleName)_async"], parameters)
      }
      if Set(others.map(\.returnType)).count > 1 { returning = returnType }
    }
    // A result of one of the method's own generic parameters, which no parameter names, is stubbed
    // per type: handles with `returning: T.self` (beside the ones without, which keep answering
    // any type asked for).
    let resultIsGeneric = resultMentionsGenericParameter(function)
    let answerType = writesBack ? writeBackAnswerType(parameters, returnType: returnType) : nil
    var handles = handleMembers(
      name: "$" + handleName, parameters: parameters, identifier: identifier, returnType: returnType,
      isStatic: isStatic, generics: generics, whereClause: whereClause, returning: returning,
      typedResult: returning != nil && resultIsGeneric,
      errorType: typedError ?? (throwing ? nil : Self.cannotThrow), writeBackAnswer: answerType,
      matchesSelfByIdentity: isOperator, typesAreExact: generics.isEmpty && !parameters.contains(where: \.isOpaque))
    if returning == nil && resultIsGeneric {
      handles += handleMembers(
        name: "$" + handleName, parameters: parameters, identifier: identifier, returnType: returnType,
        isStatic: isStatic, generics: generics, whereClause: whereClause, returning: returnType, typedResult: true,
        errorType: typedError ?? (throwing ? nil : Self.cannotThrow), writeBackAnswer: answerType,
        matchesSelfByIdentity: isOperator, typesAreExact: false)
      // And handles that name no result type, for `verify`, `clearInvocations` and `InOrder`
      // (`verify(settings.$value(forKey: any()))`, where the generic handles could not infer the
      // result type): not generic over the result's own parameters, their result is erased to
      // `Any`, and they match the calls of every result type. Disfavored: where the context gives
      // a result type (`when(...).thenReturn(7)`), the generic handles are chosen.
      if let erased = genericsWithoutResultOnlyParameters(function) {
        handles += handleMembers(
          name: "$" + handleName, parameters: parameters, identifier: identifier, returnType: "Any",
          isStatic: isStatic, generics: erased.generics, whereClause: erased.whereClause,
          errorType: typedError ?? (throwing ? nil : Self.cannotThrow),
          writeBackAnswer: writesBack ? writeBackAnswerType(parameters, returnType: "Any") : nil,
          matchesSelfByIdentity: isOperator,
          typesAreExact: erased.generics.isEmpty && !parameters.contains(where: \.isOpaque), everyResultType: true)
      }
    }
    return (member, handles)
  }

  /// The method's generic parameter clause and `where` clause without the generic parameters that
  /// no parameter names (`V` in `func value<V>(forKey: String) -> V`), and without the
  /// requirements that name them: the generics of the handles that name no result type. Nil when
  /// a generic parameter that stays is constrained by one that goes (`<V, C: Collection<V>>`).
  func genericsWithoutResultOnlyParameters(_ function: FunctionDeclSyntax) -> (generics: String, whereClause: String)? {
    guard let clause = function.genericParameterClause else { return nil }
    let inParameters = Set(function.signature.parameterClause.parameters.flatMap { parameter in
      parameter.type.tokens(viewMode: .sourceAccurate).map(\.text)
    })
    let dropped = Set(clause.parameters.map(\.name.text)).subtracting(inParameters)
    func namesDropped(_ syntax: some SyntaxProtocol) -> Bool {
      syntax.tokens(viewMode: .sourceAccurate).contains { dropped.contains($0.text) }
    }
    let kept = clause.parameters.filter { !dropped.contains($0.name.text) }
    guard !kept.contains(where: { $0.inheritedType.map(namesDropped) ?? false }) else { return nil }
    let generics =
      kept.isEmpty ? "" : "<" + kept.map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", ") + ">"
    let requirements = (function.genericWhereClause?.requirements ?? []).filter { !namesDropped($0.requirement) }
    let whereClause =
      requirements.isEmpty ? "" : " where " + requirements.map(\.requirement.trimmedDescription).joined(separator: ", ")
    return (generics, whereClause)
  }

  /// Whether the method's result type names one of its own generic parameters (`-> V`, `-> [V]`)
  /// that none of its parameters names: only the type a call asks for tells such calls apart.
  /// (Where a parameter names it, `decode<T>(_:as: T.Type) -> T`, the handle's matcher for that
  /// parameter pins the type already.)
  func resultMentionsGenericParameter(_ function: FunctionDeclSyntax) -> Bool {
    guard let clause = function.genericParameterClause, let result = function.signature.returnClause?.type else {
      return false
    }
    let inParameters = Set(function.signature.parameterClause.parameters.flatMap { parameter in
      parameter.type.tokens(viewMode: .sourceAccurate).map(\.text)
    })
    let names = Set(clause.parameters.map(\.name.text)).subtracting(inParameters)
    return result.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) }
  }

  /// `type` with each `Self` (not `Self.Member`) replaced by `name`.
  func replacingSelf(in type: String, with name: String) -> String {
    return SelfReplacer(name: name).rewrite(typeSyntax(type)).description
  }

  /// Whether `function` declares an operator (`static func ==`, `static prefix func -`).
  func isOperator(_ function: FunctionDeclSyntax) -> Bool {
    switch function.name.tokenKind {
    case .binaryOperator, .prefixOperator, .postfixOperator: return true
    default: return !(bareName(function.name).first.map { $0.isLetter || $0 == "_" } ?? false)
    }
  }

  /// `prefix` or `postfix` for a unary operator; nil for an infix one and for other methods.
  func operatorFixity(_ function: FunctionDeclSyntax) -> String? {
    guard isOperator(function) else { return nil }
    return function.modifiers.first { ["prefix", "postfix"].contains($0.name.text) }?.name.text
  }

  /// The name a method's identifier starts with: its name, or an operator with its fixity
  /// (`==`, `prefix -`, `postfix ++`), so a prefix and a postfix operator are different members.
  func memberName(_ function: FunctionDeclSyntax) -> String {
    let name = bareName(function.name)
    return operatorFixity(function).map { "\($0) \(name)" } ?? name
  }

  /// The handle name of an operator (without `$`): a word for the standard operators (`==` is
  /// `equals`, `<` is `lessThan`), else `operator` and a word for each character (`<>` is
  /// `operatorLessGreater`; a character outside ASCII is `U` and its code point in hexadecimal);
  /// a unary operator's starts with its fixity (`prefix -` is `prefixMinus`). When a member of the
  /// protocol already has that handle, the spelled-out form (`operatorEqualEqual`).
  func operatorHandleName(_ function: FunctionDeclSyntax, _ parameters: [MockParameter]) -> String {
    let symbol = bareName(function.name)
    let spelled = symbol.unicodeScalars.map { scalar in
      operatorCharacterNames[scalar] ?? "U" + String(scalar.value, radix: 16, uppercase: true)
    }.joined()
    let word = operatorWords[symbol]
    let candidates: [String]
    if let fixity = operatorFixity(function) {
      candidates = [fixity + (word.map(capitalized) ?? spelled), "operator" + capitalized(fixity) + spelled]
    } else {
      candidates = [word ?? "operator" + spelled, "operator" + spelled]
    }
    return uniqueHandleName(candidates, parameters)
  }

  /// The first of `candidates` that no member of the protocol has as a handle with these
  /// parameters' labels; when all are taken, the last with 2, 3, ... appended.
  func uniqueHandleName(_ candidates: [String], _ parameters: [MockParameter]) -> String {
    let isFree = { (name: String) in !memberHandles.contains(selector(name, parameters)) }
    if let free = candidates.first(where: isFree) { return free }
    let last = candidates.last ?? "handle"
    return (2...).lazy.map { "\(last)\($0)" }.first(where: isFree)!
  }

  /// The error type a handle of a member that cannot throw passes: `thenThrow` is reported at its
  /// `when`.
  static var cannotThrow: String { "Swift.Never" }

  /// The `$name(...)` handles: one taking matchers (default `any()`), one taking plain values.
  func handleMembers(
    name: String, parameters: [MockParameter], identifier: String, returnType: String, isStatic: Bool,
    generics: String = "", whereClause: String = "", trailing: MockParameter? = nil, trailingLabel: String? = nil,
    returning: String? = nil, typedResult: Bool = false, errorType: String? = nil, writeBackAnswer: String? = nil,
    matchesSelfByIdentity: Bool = false, typesAreExact: Bool = true, everyResultType: Bool = false
  ) -> [String] {
    let storage = storageExpression(isStatic: isStatic)
    let staticKeyword = isStatic ? "static " : ""
    let nonisolated = (isActorProtocol || globalActor != nil) ? "nonisolated " : ""
    let all = parameters + (trailing.map { [$0] } ?? [])
    // A member with `inout` parameters: its handles' `Arguments` name the write-back answer's type.
    let arguments = writeBackAnswer.map { "Verity.InoutArguments<\($0)>" } ?? argumentsType(all)
    let resultType = "Verity.MockCall<\(arguments), \(returnType)>"
    // A handle whose stubs answer only calls asking for its result type (a generic result).
    let narrowed = typedResult ? ".returning(_verity_result)" : ""
    // A typed-throws member's handle says its error type, a member that cannot throw says `Never`
    // (`rethrows` too: its answers cannot throw): `thenThrow` refuses any other.
    let throwing = errorType.map { ", throwing: \($0).self" } ?? ""
    let argumentList = "[\(all.map(\.name).joined(separator: ", "))]\(throwing)"
    // A member with no generic parameter of its own records, at each position, values of the
    // parameter's type: its handles say so (`typedArguments:`), and a typed `any()` there needs no
    // check of each call's value. A generic member's calls match only with their type arguments:
    // each value must have its matcher's type (`genericArguments:`).
    let argumentsLabel = typesAreExact ? "typedArguments" : "genericArguments"
    // Such a member's matcher handle, with 1 to `maximumMatchersArity` arguments, passes its
    // matchers one by one (`matchers:`), compiled with no `Any?` box; the fixed-arity
    // `MockCall.init(storage:identifier:matchers:)` overloads stop there (scripts/arity-overloads).
    let matcherArguments =
      typesAreExact && (1...Self.maximumMatchersArity).contains(all.count)
      ? "matchers: \(all.map(\.name).joined(separator: ", "))\(throwing)"
      : "\(argumentsLabel): \(argumentList)"
    // A borrowing or consuming parameter is a placeholder: it takes only `any()`.
    let valueArguments = "[\(all.map(anyValue).joined(separator: ", "))]"
    func declaration(_ parameter: MockParameter, matcher: Bool, isTrailing: Bool) -> String {
      // A non-escaping closure is recorded as a placeholder: only `any()` (of `Any?`) matches it.
      // Beside plain values, a closure (optional or not) still takes a matcher (`completion: any()`).
      let isClosure = parameter.isNonEscapingClosure || parameter.isOwnershipPlaceholder || isClosureType(parameter.valueType)
      let matched = parameter.isNonEscapingClosure ? "Any?" : parameter.valueType
      let type = matcher || isClosure ? "Verity.Matcher<\(matched)>" : parameter.valueType
      let defaultValue = (matcher && !isTrailing) || (!matcher && isClosure) ? " = Verity.any()" : ""
      var parameter = parameter
      if isTrailing { parameter.label = trailingLabel ?? "_" }
      return parameter.declaration(type: type) + defaultValue
    }
    let returningParameter = returning.map { [(typedResult ? "returning _verity_result: " : "returning _: ") + "\($0).Type"] } ?? []
    let matcherParameters = parameters.map { declaration($0, matcher: true, isTrailing: false) }
      + (trailing.map { [declaration($0, matcher: true, isTrailing: true)] } ?? []) + returningParameter
    // The handles of a generic result that name no result type say so, and the matcher one is
    // disfavored too (see `functionMember`).
    let calls = everyResultType ? "Calls to `\(identifier)` of every result type," : "Calls to `\(identifier)`"
    let purpose = everyResultType ? "for `verify`, `clearInvocations` and `InOrder`" : "for `when` and `verify`"
    // Plain values: for every parameter that is not a closure (a closure, optional or not, keeps
    // its matcher, `any()` by default), when there is at least one.
    let plain = all.filter { !($0.isNonEscapingClosure || $0.isOwnershipPlaceholder || isClosureType($0.valueType)) }
    // One documentation comment for both handles, on the first.
    let valuesToo = plain.isEmpty ? "" : "; or (the overload below) equal to these values (`==` for `Equatable` values, otherwise the same structure)"
    var handles = [
      """
      /// \(calls) whose arguments match these matchers (default `any()`), \(purpose)\(valuesToo).
      \(everyResultType ? "@_disfavoredOverload\n" : "")\(access)\(nonisolated)\(staticKeyword)func \(name)\(generics)(\(matcherParameters.joined(separator: ", "))) -> \(resultType)\(whereClause) {
        Verity.MockCall(storage: \(storage), identifier: \(stringLiteral(identifier)), \(matcherArguments))\(narrowed)
      }
      """
    ]
    if !plain.isEmpty {
      let valueParameters = parameters.map { declaration($0, matcher: false, isTrailing: false) }
        + (trailing.map { [declaration($0, matcher: false, isTrailing: true)] } ?? []) + returningParameter
      // An operator's `Self` argument (a mock) is matched by identity: its `==` may be the mocked
      // operator itself, which would look its own stubs up while they are being matched.
      let identity = { (parameter: MockParameter) in matchesSelfByIdentity && parameter.valueType == "Self" }
      let values = all.map {
        if identity($0) { return "Verity.identical(to: \($0.name))" }
        return isClosureType($0.valueType) || $0.isNonEscapingClosure || $0.isOwnershipPlaceholder ? $0.name : anyValue($0)
      }
      handles.append(
        """
        @_disfavoredOverload
        \(access)\(nonisolated)\(staticKeyword)func \(name)\(generics)(\(valueParameters.joined(separator: ", "))) -> \(resultType)\(whereClause) {
          Verity.MockCall(storage: \(storage), identifier: \(stringLiteral(identifier)), \(argumentsLabel): \(plain.count == all.count && !all.contains(where: identity) ? valueArguments : "[\(values.joined(separator: ", "))]")\(throwing))\(narrowed)
        }
        """)
    }
    return handles
  }

  /// The most arguments `MockCall.init(storage:identifier:matchers:)` takes (MAX_ARITY in
  /// scripts/arity-overloads).
  static var maximumMatchersArity: Int { 6 }

  /// A closure type, or an optional one: `(Int) -> Void`, `@Sendable (Int) -> Void`,
  /// `((Int) -> Void)?`, `((Int) -> Void)!`, `Optional<@Sendable (Int) -> Void>`. Closures cannot be
  /// compared, so such a parameter takes a matcher in both handles (`any()`, a captor; for an
  /// optional one `isNil()` and `isNotNil()` too).
  func isClosureType(_ type: String) -> Bool {
    if let known = parsedTypes.isClosure[type] { return known }
    let answer = isClosure(typeSyntax(type), orOptional: true)
    parsedTypes.isClosure[type] = answer
    return answer
  }

  private func isClosure(_ type: TypeSyntax, orOptional: Bool) -> Bool {
    if type.is(FunctionTypeSyntax.self) { return true }
    if let attributed = type.as(AttributedTypeSyntax.self) { return isClosure(attributed.baseType, orOptional: orOptional) }
    // Parentheses: `((Int) -> Void)`.
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
      only.firstName == nil, only.ellipsis == nil
    {
      return isClosure(only.type, orOptional: orOptional)
    }
    guard orOptional else { return false }
    if let optional = type.as(OptionalTypeSyntax.self) { return isClosure(optional.wrappedType, orOptional: false) }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return isClosure(unwrapped.wrappedType, orOptional: false)
    }
    // `Optional<(Int) -> Void>`, `Swift.Optional<...>`.
    let generic: (name: String, arguments: GenericArgumentClauseSyntax?)? =
      if let identifier = type.as(IdentifierTypeSyntax.self) {
        (identifier.name.text, identifier.genericArgumentClause)
      } else if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift" {
        (member.name.text, member.genericArgumentClause)
      } else {
        nil
      }
    guard let generic, generic.name == "Optional", let arguments = generic.arguments?.arguments, arguments.count == 1,
      case .type(let wrapped) = arguments.first!.argument
    else { return false }
    return isClosure(wrapped, orOptional: false)
  }
}

/// The words of the standard operators' handles (`$equals` for `==`).
let operatorWords: [String: String] = [
  "==": "equals", "!=": "notEquals", "<": "lessThan", "<=": "lessThanOrEquals", ">": "greaterThan",
  ">=": "greaterThanOrEquals", "+": "plus", "-": "minus", "*": "times", "/": "dividedBy", "%": "remainder",
  "+=": "plusAssign", "-=": "minusAssign", "*=": "timesAssign", "/=": "dividedByAssign", "%=": "remainderAssign",
  "!": "not", "&&": "and", "||": "or", "~=": "patternMatch", "...": "closedRange", "..<": "halfOpenRange",
  "&": "bitwiseAnd", "|": "bitwiseOr", "^": "bitwiseXor", "~": "bitwiseNot", "<<": "shiftLeft", ">>": "shiftRight",
]

/// The word for each ASCII operator character, for the handles of other operators (`<>` is
/// `$operatorLessGreater`).
let operatorCharacterNames: [Unicode.Scalar: String] = [
  "=": "Equal", "!": "Bang", "<": "Less", ">": "Greater", "+": "Plus", "-": "Minus", "*": "Star", "/": "Slash",
  "%": "Percent", "&": "Amp", "|": "Bar", "^": "Caret", "~": "Tilde", "?": "Question", ".": "Dot",
]

func capitalized(_ word: String) -> String {
  word.prefix(1).uppercased() + word.dropFirst()
}

/// Rewrites each `Self` type (not the base of `Self.Member`) to a name.
final class SelfReplacer: SyntaxRewriter {
  let name: String
  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }
  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard node.name.text == "Self", !(node.parent?.is(MemberTypeSyntax.self) ?? false) else { return super.visit(node) }
    return TypeSyntax(node.with(\.name, .identifier(name, leadingTrivia: node.name.leadingTrivia, trailingTrivia: node.name.trailingTrivia)))
  }
}
