import SwiftSyntax

// What every member kind shares (each kind has its own file: MockGenerator+Methods.swift, ...;
// parameters and types are in MockGenerator+Parameters.swift): identifiers, and the body that
// records a call and answers it.
extension MockGenerator {
  func selector(_ name: String, _ parameters: [MockParameter]) -> String {
    "\(name)(\(parameters.map { "\($0.selectorLabel):" }.joined()))"
  }

  /// `load(id: Int)`: the selector with each parameter's type.
  func typedIdentifier(_ name: String, _ parameters: [MockParameter]) -> String {
    "\(name)(\(parameters.map { "\($0.selectorLabel): \($0.valueType)" }.joined(separator: ", ")))"
  }

  func variant(of function: FunctionDeclSyntax) -> OverloadVariant {
    OverloadVariant(
      isAsync: function.signature.effectSpecifiers?.asyncSpecifier != nil,
      returnType: resultTypeText(function.signature.returnClause?.type))
  }

  /// How a function's calls are recorded: its selector, with types when the selector is shared,
  /// and ` async` or ` -> Result` when even the types are.
  func identifier(_ name: String, _ parameters: [MockParameter], variant: OverloadVariant? = nil) -> String {
    let plain = selector(name, parameters)
    guard overloadedSelectors.contains(plain) else { return plain }
    let typed = typedIdentifier(name, parameters)
    guard let variant, let others = variants[typed] else { return typed }
    var result = typed
    if variant.isAsync, others.contains(where: { !$0.isAsync }) { result += " async" }
    if Set(others.map(\.returnType)).count > 1 { result += " -> \(variant.returnType)" }
    return result
  }

  /// The statements that record a call and return its answer.
  func callBody(
    identifier: String, parameters: [MockParameter], storage: String, returnType: String,
    throwing: Bool, typedError: String?, unstubbed: String? = nil, writingBack: String? = nil,
    spy: SpyCall? = nil
  ) -> String {
    // A static member looks its storage up once (the current test's, see StaticMockStores.swift)
    // and uses it for both the record and the answer; an instance member reads `self.storage`.
    let lookUp = storage == storageExpression(isStatic: true) ? "let _verityStorage = \(storage)\n" : ""
    let storage = lookUp.isEmpty ? storage : "_verityStorage"
    let literal = stringLiteral(identifier)
    let record = (["\(literal)"] + parameters.map(recordedArgument)).joined(separator: ", ")
    // A member with `inout` parameters passes the closure that runs a write-back answer on them.
    let values = "[\(parameters.map(matchedValue).joined(separator: ", "))]" + (writingBack.map { ", writingBack: \($0)" } ?? "")
    let tuple = argumentTuple(parameters)
    var answer: String
    if let typedError {
      answer = """
        do {
          return try \(storage).answerThrowing(\(literal), arguments: \(tuple), values: \(values)) as \(returnType)
        } catch let error as \(typedError) {
          throw error
        } catch {
          return try \(storage).typedErrorMismatch(error, as: \(typedError).self, \(literal)) as \(returnType)
        }
        """
    } else if throwing {
      answer = "return try \(storage).answerThrowing(\(literal), arguments: \(tuple), values: \(values)) as \(returnType)"
    } else {
      let fallback = unstubbed.map { ", unstubbed: \($0)" } ?? ""
      answer = "return \(storage).answer(\(literal), arguments: \(tuple), values: \(values)\(fallback)) as \(returnType)"
    }
    // A spy's plain call of the real object goes to the answer as a closure: one call answers
    // from a stub, the real object or the default (`MockStorage.answer(_:arguments:values:spying:)`).
    if let spy, spy.isDirect, spy.returnsValue, !spy.isMutating, spy.prelude.isEmpty, typedError == nil,
      writingBack == nil, unstubbed == nil, spy.throwing == throwing,
      // (A closure cannot pass on a `sending` argument, and the others need what the spy's branch does.)
      !parameters.contains(where: {
        $0.isNonEscapingClosure || $0.isOwnershipPlaceholder || $0.isInout || $0.declaredType.contains("sending ")
      })
    {
      let function = throwing ? "answerThrowing" : "answer"
      let label = spy.isAsync ? "spyingAsync" : "spying"
      let effects = (throwing ? "try " : "") + (spy.isAsync ? "await " : "")
      return """
        \(lookUp)\(storage).log.record(\(record))
        return \(effects)\(storage).\(function)(\(literal), arguments: \(tuple), values: \(values), \(label): { (_verityReal: \(spiedExistential)) in \(spy.call) }) as \(returnType)
        """
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
    // A spying mock answers from a matching stub or calls the real object; any other mock pays
    // one check of `storage.spy`.
    let spying = spy.map {
      spyBlock($0, identifier: identifier, parameters: parameters, storage: storage, returnType: returnType,
        throwing: throwing, typedError: typedError, writingBack: writingBack)
    } ?? ""
    return """
      \(lookUp)\(storage).log.record(\(record))
      \(spying)\(answer)
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
