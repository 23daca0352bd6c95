import SwiftSyntax

// `@Mock` for spies: every generated mock has `init(spying real:)`, and each instance member that
// can reach the real object passes it a call that no stub matches (see `spyBlock`). A member
// isolated to an actor protocol's actor reaches the real actor on the executor the two share
// (MockGenerator+ActorExecutor.swift): a synchronous one without `await`, and either whatever the
// Sendability of its values. What cannot reach it: static members (the real object is an
// instance), initializer requirements, a member whose signature names `Self` or takes a variadic
// parameter, and an isolated member of an actor protocol that declares `unownedExecutor`, or that
// `rethrows`, names an associated type or takes a `borrowing` or `consuming` value (or, `async`,
// a non-escaping closure).

/// How a member calls the real object, for a spying mock.
struct SpyCall {
  /// The call, with `try` and `await` as the member needs (`try await _verityReal.load(id: id)`), or
  /// the statement (`_verityReal.level = newValue`) when `returnsValue` is false.
  var call: String
  /// Whether the call is an expression that gives the member's result.
  var returnsValue: Bool
  /// A setter or `mutating` member: the real object is changed in a copy and put back.
  var isMutating: Bool
  /// Declarations the call needs first (the local function an opened call goes through).
  var prelude: String = ""
  /// The call needs the mock to run on the real actor's executor (`MockSpy.sharesExecutor`).
  var sharesExecutor = false
  /// A plain call through the protocol's existential (`.direct`): it fits in the closure a
  /// member passes to `MockStorage.answer(_:arguments:values:spying:)`.
  var isDirect = false
  /// The call is `async` (`await`), and it throws (`try`).
  var isAsync = false
  var throwing = false
}

/// How a spy passes a member's calls to its real object.
enum SpyForwarding {
  /// Through the protocol's existential.
  case direct
  /// Through a local generic function that opens the existential: the member's types name an
  /// associated type.
  case opened
  /// Through `Verity._callSharingExecutor`: a synchronous member isolated to an actor protocol's
  /// actor, whose mock runs on the real actor's executor (see MockGenerator+ActorExecutor.swift).
  case sharingExecutor
}

extension MockGenerator {
  /// The protocol's existential, as a spy's object is read in a generated member.
  var spiedExistential: String { "(any \(proto.name.text) & Sendable)" }

  /// The mock class's `init(spying:)`: `any P & Sendable`, or for a protocol with associated types
  /// a generic form whose real object's associated types are the mock's.
  func spyingInitializer(genericParameterNames: [String], nonisolated: String, superInit: String) -> String {
    let location = "fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,\n  column: UInt = #column"
    let generic: String
    let parameterType: String
    if genericParameterNames.isEmpty {
      generic = ""
      parameterType = "any \(proto.name.text) & Sendable"
    } else {
      generic = "<Real: \(proto.name.text) & Sendable>"
      parameterType = "Real"
    }
    let whereClause = genericParameterNames.isEmpty
      ? "" : " where " + genericParameterNames.map { "Real.\($0) == \($0)" }.joined(separator: ", ")
    return """
      /// Creates a mock that spies on `real`: every call is recorded; a call a stub matches is
      /// answered by the stub, any other goes to `real` (its result, its error, its `inout`
      /// writes). Static members and initializers are the mock's own, never `real`'s.
      ///
      /// - Parameters:
      ///   - real: the object calls go to.
      ///   - strict: report stubs no call uses.
      \(access)\(nonisolated)init\(generic)(
        spying real: \(parameterType), strict: Bool = false,
        \(location)
      )\(whereClause) {
        self.storage = Verity.MockStorage(
          spying: \(spyCreation("real")), strict: strict, fileID: fileID, filePath: filePath, line: line, column: column)\(superInit.isEmpty ? "" : "\n  super.init()")\(executorInitialization(spying: "real", indentation: "  "))
      }
      """
  }

  /// How a spy passes a member's calls on, or nil when it cannot: a static member, a member whose
  /// types name `Self` itself, one with a variadic parameter, and (isolated to an actor protocol's
  /// actor, `isIsolatedToActor`) the shapes listed below. A member whose types name an associated type
  /// (`Item`, `Self.Item`) calls the real object opened as its own type (`opened`).
  func spyForwarding(
    isStatic: Bool, isAsync: Bool, isIsolatedToActor: Bool, parameters: [MockParameter], types: [String],
    generics: [Syntax] = [], isRethrows: Bool = false
  ) -> SpyForwarding? {
    if isStatic { return nil }
    // A member isolated to the actor, synchronous or `async`: the mock runs on the real actor's
    // executor and calls it there (`Verity._callSharingExecutor`), with its arguments in a tuple
    // (never a `borrowing` or `consuming` value), through a local function (which cannot rethrow
    // what the member's closure throws). An `async` one passes the call as a `sending` closure, so
    // it cannot carry a non-escaping closure argument. Called with `await` from the mock's own
    // isolation instead, an argument or result that is not `Sendable` would not compile.
    let isIsolated = isIsolatedToActor
    if isIsolated && !sharesSpiedExecutor { return nil }
    if isIsolated && (isRethrows || parameters.contains(where: \.isOwnershipPlaceholder)) { return nil }
    if isIsolated && isAsync && parameters.contains(where: \.isNonEscapingClosure) { return nil }
    if parameters.contains(where: \.isVariadic) { return nil }
    if parameters.contains(where: { $0.isAutoclosure && $0.isThrowingFunction }) { return nil }
    let syntax = (types + parameters.map(\.declaredType)).map { Syntax(typeSyntax($0)) } + generics
    let names = syntax.reduce(into: Set<String>()) { names, node in
      let visitor = TypeNameCollector(viewMode: .sourceAccurate)
      visitor.walk(node)
      names.formUnion(visitor.names)
    }
    if names.contains("Self") { return nil }
    // A generic member whose constraints name an associated type would need them restated for the
    // opened type: not passed on.
    if !generics.isEmpty && generics.contains(where: { mentionsAssociatedType($0) }) { return nil }
    if names.isDisjoint(with: associatedTypeNames) { return isIsolated ? .sharingExecutor : .direct }
    if isIsolated { return nil }
    // A closure whose type names an associated type cannot be cast to the opened type's (a cast
    // between function types always fails): not passed on.
    if parameters.contains(where: { isClosureType($0.valueType) && mentionsAssociatedType(Syntax(typeSyntax($0.valueType))) }) {
      return nil
    }
    // A local function cannot rethrow what the member's closure throws.
    return isRethrows ? nil : .opened
  }

  /// A member's generic parameters and `where` clause, for `spyForwarding`.
  func genericSyntax(_ parameters: GenericParameterClauseSyntax?, _ whereClause: GenericWhereClauseSyntax?) -> [Syntax] {
    var syntax: [Syntax] = []
    if let parameters { syntax.append(Syntax(parameters)) }
    if let whereClause { syntax.append(Syntax(whereClause)) }
    return syntax
  }

  func mentionsAssociatedType(_ node: Syntax) -> Bool {
    let visitor = TypeNameCollector(viewMode: .sourceAccurate)
    visitor.walk(node)
    return !visitor.names.isDisjoint(with: associatedTypeNames)
  }

  /// `type` with the protocol's associated types as the opened real object's (`[Item]` is
  /// `[_VerityReal.Item]`).
  func openedType(_ type: String) -> String {
    AssociatedTypeOpener(names: associatedTypeNames).rewrite(typeSyntax(type)).trimmedDescription
  }

  /// The call a spy makes: `call` builds the call on `_verityReal` from each argument as passed.
  /// An `opened` call goes through a local generic function, with each value whose type names an
  /// associated type cast to the real object's (they are the same types: `init(spying:)` requires
  /// it).
  func spyCall(
    _ forwarding: SpyForwarding, parameters: [MockParameter], returnType: String, throwsClause: String?,
    isAsync: Bool, returnsValue: Bool, isMutating: Bool, call: ((MockParameter) -> String) -> String
  ) -> SpyCall {
    if forwarding == .sharingExecutor {
      return sharedExecutorCall(
        parameters: parameters, returnType: returnType, throwsClause: throwsClause, isAsync: isAsync,
        returnsValue: returnsValue, call: call)
    }
    let effects = effectPrefix(throwing: throwsClause != nil, isAsync: isAsync)
    guard forwarding == .opened else {
      return SpyCall(
        call: effects + call(forwardedArgument), returnsValue: returnsValue, isMutating: isMutating, isDirect: true,
        isAsync: isAsync, throwing: throwsClause != nil)
    }
    var prelude: [String] = []
    var restore: [String] = []
    let text = call { parameter in
      guard mentionsAssociatedType(Syntax(typeSyntax(parameter.valueType))) else {
        return forwardedArgument(parameter)
      }
      let opened = openedType(parameter.valueType)
      let value: String
      if parameter.isInout {
        prelude.append("var \(parameter.name)_opened = \(parameter.name) as! \(opened)")
        restore.append("\(parameter.name) = \(parameter.name)_opened as! \(parameter.valueType)")
        value = "&\(parameter.name)_opened"
      } else {
        value = "\(parameter.name) as! \(opened)"
      }
      return parameter.label == "_" ? value : "\(parameter.selectorLabel): \(value)"
    }
    let resultCast = returnsValue && mentionsAssociatedType(Syntax(typeSyntax(returnType)))
      ? " as! \(returnType)" : ""
    var body = prelude
    if !restore.isEmpty { body.append("defer {\n\(indent(restore.joined(separator: "\n")))\n}") }
    body.append(returnsValue ? "return \(effects)\(text)\(resultCast)" : effects + text)
    let effectText = (isAsync ? " async" : "") + (throwsClause.map { " " + $0 } ?? "")
    let receiver = isMutating ? "_ _verityReal: inout _VerityReal" : "_ _verityReal: _VerityReal"
    let function = """
      func _verityForward<_VerityReal: \(proto.name.text)>(\(receiver))\(effectText) -> \(returnsValue ? returnType : "Void") {
      \(indent(body.joined(separator: "\n")))
      }
      """
    let argument = isMutating ? "&_verityReal" : "_verityReal"
    return SpyCall(
      call: "\(effects)_verityForward(\(argument))", returnsValue: true, isMutating: isMutating, prelude: function)
  }

  /// An argument as a value, without its label (`set: newValue` is `newValue`): a setter's new value.
  func argumentValue(_ argument: String) -> String {
    argument.hasPrefix("set: ") ? String(argument.dropFirst(5)) : argument
  }

  /// A parameter as the forwarded call passes it: `&value` for `inout`, `value()` for an
  /// autoclosure (the real member wraps it again).
  func forwardedArgument(_ parameter: MockParameter) -> String {
    let value: String
    if parameter.isInout {
      value = "&\(parameter.name)"
    } else if parameter.isAutoclosure {
      value = "\(parameter.name)()"
    } else {
      value = parameter.name
    }
    return parameter.label == "_" ? value : "\(parameter.selectorLabel): \(value)"
  }

  /// `try await ` for a call with these effects.
  func effectPrefix(throwing: Bool, isAsync: Bool) -> String {
    (throwing ? "try " : "") + (isAsync ? "await " : "")
  }

  /// The statements that, when the mock spies, answer a call from a matching stub or else pass
  /// it to the real object. Placed after the call is recorded; nothing runs for a mock that does
  /// not spy but the check of `storage.spy`.
  func spyBlock(
    _ spy: SpyCall, identifier: String, parameters: [MockParameter], storage: String, returnType: String,
    throwing: Bool, typedError: String?, writingBack: String? = nil
  ) -> String {
    let literal = stringLiteral(identifier)
    // A member with `inout` parameters passes the closure that runs a write-back answer on them.
    let values = "[\(parameters.map(matchedValue).joined(separator: ", "))]" + (writingBack.map { ", writingBack: \($0)" } ?? "")
    let tuple = argumentTuple(parameters)
    let isThrowingLookup = throwing || typedError != nil
    var lookup = isThrowingLookup
      ? "try \(storage).stubbedAnswerThrowing(\(literal), arguments: \(tuple), values: \(values)) as \(optional(of: returnType))"
      : "\(storage).stubbedAnswer(\(literal), arguments: \(tuple), values: \(values)) as \(optional(of: returnType))"
    for parameter in parameters.reversed() where parameter.isNonEscapingClosure {
      let tryKeyword = isThrowingLookup ? "try " : ""
      lookup = "\(tryKeyword)withoutActuallyEscaping(\(parameter.name)) { \(parameter.name) in \(lookup) }"
    }
    var stubbed = "if let _verityStubbed = \(lookup) {\n  return _verityStubbed\n}"
    if let typedError {
      stubbed = """
        do {
        \(indent(stubbed))
        } catch let error as \(typedError) {
          throw error
        } catch {
          return try \(storage).typedErrorMismatch(error, as: \(typedError).self, \(literal)) as \(returnType)
        }
        """
    }
    let binding = spy.isMutating ? "var" : "let"
    let putBack = spy.isMutating ? "defer { _veritySpy.putBack(&_verityReal) }\n" : ""
    let call = (spy.prelude.isEmpty ? "" : spy.prelude + "\n") + (spy.returnsValue ? "return \(spy.call)" : "\(spy.call)\nreturn")
    return """
      if let _veritySpy = \(storage).spy,\(spy.sharesExecutor ? " _veritySpy.sharesExecutor," : "") \(binding) _verityReal = _veritySpy.object(as: \(spiedExistential).self) {
      \(indent(stubbed))
      \(indent(putBack + call))
      }

      """
  }
}

/// Collects the names of the identifier types in a type, and the bases of member types; `Self.Item`
/// counts as `Item` (`Self` alone as `Self`).
final class TypeNameCollector: SyntaxVisitor {
  var names: Set<String> = []
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    names.insert(node.name.text)
    return .visitChildren
  }
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    guard node.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Self" else { return .visitChildren }
    names.insert(node.name.text)
    return node.genericArgumentClause.map { walk($0); return .skipChildren } ?? .skipChildren
  }
}

/// Rewrites the protocol's associated types (`Item`, `Self.Item`) to the opened real object's
/// (`_VerityReal.Item`).
final class AssociatedTypeOpener: SyntaxRewriter {
  let names: Set<String>
  init(names: Set<String>) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }
  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard names.contains(node.name.text), node.genericArgumentClause == nil else { return super.visit(node) }
    return TypeSyntax(stringLiteral: "_VerityReal.\(node.name.text)")
      .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }
  override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
    guard node.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Self", names.contains(node.name.text) else {
      return super.visit(node)
    }
    return TypeSyntax(stringLiteral: "_VerityReal.\(node.name.text)")
      .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }
}
