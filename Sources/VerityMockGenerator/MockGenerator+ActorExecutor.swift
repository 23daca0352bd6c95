import SwiftSyntax

// `@Mock` for actor protocols: the mock actor runs on one serial executor for its whole life, the
// spied actor's when it spies, so that its isolated members can pass a call to the real actor on
// that executor (`Verity._callSharingExecutor`; synchronous ones without `await`), whatever the
// Sendability of its values, and otherwise an executor of its own (a `Verity._MockExecutorActor`
// it makes). A protocol that declares `unownedExecutor` itself keeps the mock's default executor,
// and its isolated members are not passed on.

extension MockGenerator {
  /// The mock is an actor that runs on the spied actor's executor when it spies.
  var sharesSpiedExecutor: Bool {
    isActorProtocol && !declaresUnownedExecutor
  }

  /// The protocol declares `unownedExecutor`: the mock implements it as any other property.
  var declaresUnownedExecutor: Bool {
    allDecls(proto.memberBlock.members).contains { decl in
      decl.as(VariableDeclSyntax.self)?.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self).map { bareName($0.identifier) } == "unownedExecutor"
      } ?? false
    }
  }

  /// The mock actor's executor: the actor whose executor it is, and `unownedExecutor`.
  var executorMembers: String {
    guard sharesSpiedExecutor else { return "" }
    return """


      /// The actor whose serial executor this mock runs on, for its whole life: the spied actor
      /// (so synchronous members can call it), or else one the mock made.
      private nonisolated let _verityExecutorActor: any _Concurrency.Actor

      /// The spied actor's executor when the mock spies, or else one of the mock's own.
      \(access)nonisolated var unownedExecutor: _Concurrency.UnownedSerialExecutor {
        _verityExecutorActor.unownedExecutor
      }
      """
  }

  /// The statement an initializer of the mock actor ends with (on a new line, indented by
  /// `indentation`): its executor's actor is `real`, or a new one.
  func executorInitialization(spying real: String? = nil, indentation: String) -> String {
    guard sharesSpiedExecutor else { return "" }
    return "\n\(indentation)self._verityExecutorActor = \(real ?? "Verity._MockExecutorActor()")"
  }

  /// The spy a mock's `init(spying:)` makes: one whose mock shares the real actor's executor, for
  /// an actor mock that does.
  func spyCreation(_ real: String) -> String {
    sharesSpiedExecutor ? "Verity.MockSpy(_sharingExecutorOf: \(real))" : "Verity.MockSpy(\(real))"
  }
}

extension MockGenerator {
  /// The call a spying actor mock's isolated member (synchronous or `async`) makes: through a local generic
  /// function that opens the real actor's existential, the arguments go in one tuple to
  /// `Verity._callSharingExecutor`, which calls the real actor on the executor the two share, and
  /// the tuple's `inout` values are written back. A non-escaping closure (an autoclosure too)
  /// goes in the tuple through `withoutActuallyEscaping`; an autoclosure is called for the real
  /// member, which wraps its value again.
  func sharedExecutorCall(
    parameters: [MockParameter], returnType: String, throwsClause: String?, isAsync: Bool, returnsValue: Bool,
    call: ((MockParameter) -> String) -> String
  ) -> SpyCall {
    let tryKeyword = effectPrefix(throwing: throwsClause != nil, isAsync: isAsync)
    func element(_ index: Int) -> String {
      parameters.count == 1 ? "_verityArguments" : "_verityArguments.\(index)"
    }
    let text = call { parameter in
      let index = parameters.firstIndex { $0.name == parameter.name } ?? 0
      let value = (parameter.isInout ? "&" : "") + element(index) + (parameter.isAutoclosure ? "()" : "")
      return parameter.label == "_" ? value : "\(parameter.selectorLabel): \(value)"
    }
    let resultType = returnsValue ? returnType : "Void"
    var body: [String] = []
    switch parameters.count {
    case 0: body.append("var _verityArguments: Void = ()")
    case 1: body.append("var _verityArguments = \(parameters[0].name)")
    default: body.append("var _verityArguments = (\(parameters.map(\.name).joined(separator: ", ")))")
    }
    let writeBacks = parameters.indices.filter { parameters[$0].isInout }.map { "\(parameters[$0].name) = \(element($0))" }
    if !writeBacks.isEmpty { body.append("defer {\n\(indent(writeBacks.joined(separator: "\n")))\n}") }
    // A typed error is the closure's only when it says so (an untyped one is inferred).
    let isTyped = throwsClause.map { $0 != "throws" } ?? false
    func signature(_ parameters: String) -> String {
      let effects = (isAsync ? "async " : "") + (throwsClause ?? "")
      return isTyped ? "(\(parameters)) \(effects) -> \(resultType) in" : "\(parameters) in"
    }
    body.append(
      """
      return \(tryKeyword)Verity._callSharingExecutor(from: self, to: _verityReal, passing: &_verityArguments) { \(signature("_verityReal, _verityArguments"))
        \(tryKeyword)\(text)
      }
      """)
    var statements = body.joined(separator: "\n")
    for parameter in parameters.reversed() where parameter.isNonEscapingClosure {
      statements = """
        return \(tryKeyword)withoutActuallyEscaping(\(parameter.name)) { \(signature(parameter.name))
        \(indent(statements))
        }
        """
    }
    let function = """
      func _verityForward<_VerityReal: \(proto.name.text)>(_ _verityReal: _VerityReal)\(isAsync ? " async" : "")\(throwsClause.map { " " + $0 } ?? "") -> \(resultType) {
      \(indent(statements))
      }
      """
    return SpyCall(
      call: "\(tryKeyword)_verityForward(_verityReal)", returnsValue: true, isMutating: false, prelude: function,
      sharesExecutor: true)
  }
}
