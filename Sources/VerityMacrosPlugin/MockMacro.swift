import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Mock` on a protocol `P` expands in two parts:
///
/// - a peer `final class PMock` (an `actor` for an actor-constrained protocol, an `NSObject`
///   subclass for one that inherits `NSObjectProtocol`) that declares its conformance to `P` and to
///   `Verity.Mock`, with its storage and initializers;
/// - an `extension P where Self: Verity.Mock` that implements every requirement `P` declares (each
///   records its call and answers from the stubs) and adds the `$name(...)` handles for `when` and
///   `verify`;
/// - when `P` declares initializers, an `extension P where Self: Verity._GeneratedMock` with them
///   (each delegates to the mock's `init(_verityStorage:)`, which every generated mock has) and
///   their `$init` handles.
///
/// Both are compiled only under `#if DEBUG || VERITY_MOCKS` (``compilationCondition``), so a
/// release build of an app that declares `@Mock` protocols holds no mock.
///
/// Because the requirements are implemented for any `Mock` (initializers: any generated mock) that
/// adopts `P`, the mock of a protocol that inherits `P` gets them too: a child's mock only adds
/// what the child declares. An inherited
/// protocol the macro cannot see (another module's, or one without `@Mock`) is left to the compiler:
/// its requirements with defaults just work, others are restated in the mocked protocol or written
/// in an extension of the mock, and otherwise "does not conform" is the only error.
public struct MockMacro: PeerMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: Syntax(node), message: MockDiagnostic.notAProtocol(kindName(declaration))))
      return []
    }
    var generator = MockGenerator(proto: proto, context: context, reportsDiagnostics: true)
    generator.isNested = isNested(in: context)
    guard let output = generator.generate() else { return [] }
    return [DeclSyntax(stringLiteral: "#if \(compilationCondition)\n\(output.mock)\n#endif")]
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    // The peer expansion reports what is wrong; this one only stays silent.
    guard let proto = declaration.as(ProtocolDeclSyntax.self) else { return [] }
    var generator = MockGenerator(proto: proto, context: context, reportsDiagnostics: false)
    generator.isNested = isNested(in: context) || type.is(MemberTypeSyntax.self)
    guard let output = generator.generate(), let requirements = output.requirements else { return [] }
    return ([requirements] + (output.initializers.map { [$0] } ?? [])).compactMap { text in
      guard let extensionDecl = DeclSyntax(stringLiteral: text).as(ExtensionDeclSyntax.self) else { return nil }
      // An extension macro cannot return an `#if` block: the members go inside one, and a release
      // build keeps an empty extension.
      let members = extensionDecl.memberBlock.members.description
      let conditional = DeclSyntax(stringLiteral: "#if \(compilationCondition)\(members)\n#endif")
      return extensionDecl.with(
        \.memberBlock,
        extensionDecl.memberBlock.with(\.members, MemberBlockItemListSyntax([MemberBlockItemSyntax(decl: conditional)])))
    }
  }

  /// When a generated mock is compiled: in debug builds (where `swift test` runs) and in any build
  /// that defines `VERITY_MOCKS`. A release build of an app that declares `@Mock` protocols in its
  /// own module holds no mock code (and the extension that implements the requirements is empty).
  static let compilationCondition = "DEBUG || VERITY_MOCKS"

  /// A protocol nested in a type: an extension (at file scope) would not see the names of the
  /// enclosing type that the protocol uses, so the mock holds the members itself.
  static func isNested(in context: some MacroExpansionContext) -> Bool {
    context.lexicalContext.contains { $0.asProtocol(DeclGroupSyntax.self) != nil }
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

/// The generated parts of a mock: the peer class, the extension that implements the protocol's
/// requirements for any `Verity.Mock`, and the one with its initializers for any generated mock.
struct MockOutput {
  var mock: String
  /// Nil for a protocol nested in a type (its mock holds the members).
  var requirements: String?
  /// The initializer requirements' extension; nil when the protocol declares none, or is nested.
  var initializers: String?
}

/// Members generated for one part of a protocol body: the class's (initializers, for a nested
/// protocol), the requirements extension's (everything else) and the initializers extension's,
/// each already wrapped in the `#if` blocks they came from.
struct MockMembers {
  var mock: [String] = []
  var requirements: [String] = []
  var initializers: [String] = []
}

/// What distinguishes overloads that share a selector and parameter types.
struct OverloadVariant: Hashable {
  var isAsync: Bool
  var returnType: String
}

struct MockGenerator<Context: MacroExpansionContext> {
  let proto: ProtocolDeclSyntax
  let context: Context
  let reportsDiagnostics: Bool
  /// The protocol is nested in a type: the requirements go in the mock class, not in an extension.
  var isNested = false
  var failed = false
  /// Selectors used by more than one member: their identifiers carry types.
  var overloadedSelectors: Set<String> = []
  /// Typed identifiers used by more than one member (sync and async, or return-type overloads),
  /// with the variants of each.
  var variants: [String: Set<OverloadVariant>] = [:]
  /// The handles the protocol's own members get under their own names, as `name(labels:)` (`read(key:)`,
  /// `name()` and `name(set:)` for a property): a generated handle name (`$startAsync`, `$equals`)
  /// that one of them already has is replaced (see `uniqueHandleName`).
  var memberHandles: Set<String> = []
  /// The protocol's associated types (declared, and primary ones it inherits): a member whose
  /// types name one is not passed to a spy's real object (see `canForward`).
  var associatedTypeNames: Set<String> = []

  init(proto: ProtocolDeclSyntax, context: Context, reportsDiagnostics: Bool = true) {
    self.proto = proto
    self.context = context
    self.reportsDiagnostics = reportsDiagnostics
  }

  var access: String {
    let modifiers = proto.modifiers.map(\.name.text)
    if modifiers.contains("public") { return "public " }
    if modifiers.contains("package") { return "package " }
    if modifiers.contains("private") || modifiers.contains("fileprivate") { return "fileprivate " }
    return ""
  }

  // `isActorProtocol`, `globalActor` and the like: MockGenerator+Isolation.swift.

  /// Every declaration of the body, with those inside `#if` blocks (every branch).
  func allDecls(_ members: MemberBlockItemListSyntax) -> [DeclSyntax] {
    members.flatMap { member -> [DeclSyntax] in
      guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { return [member.decl] }
      return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
        guard case .decls(let decls) = clause.elements else { return [] }
        return allDecls(decls)
      }
    }
  }

  /// `where` requirements of the protocol and its associated types, for the mock's generic
  /// parameters (`Self.Item: Hashable` becomes `Item: Hashable`).
  func genericRequirements() -> [String] {
    var requirements: [String] = []
    // A requirement may name a typealias of the protocol (`where Context: Source<Int>` with
    // `typealias Context = H.Context`): the mock's generic clause names what it stands for.
    var aliases: [String: TypeSyntax] = [:]
    for decl in allDecls(proto.memberBlock.members) {
      if let alias = decl.as(TypeAliasDeclSyntax.self), alias.genericParameterClause == nil {
        aliases[alias.name.text] = alias.initializer.value.trimmed
      }
    }
    func add(_ clause: GenericWhereClauseSyntax?) {
      for requirement in clause?.requirements ?? [] {
        var syntax = Syntax(requirement.requirement.trimmed)
        // Aliases of aliases: a few rounds (a cycle is the compiler's to report).
        for _ in 0..<4 where !aliases.isEmpty {
          let rewritten = TypeAliasExpander(aliases: aliases).rewrite(syntax)
          if rewritten.description == syntax.description { break }
          syntax = rewritten
        }
        // A requirement on `Self` itself (`Self: AnyObject`) is the mock's to meet: the compiler checks it.
        // Its subject is the type `Self` (its first token, not followed by `.`).
        let first = syntax.firstToken(viewMode: .sourceAccurate)
        if first?.text == "Self", first?.nextToken(viewMode: .sourceAccurate)?.tokenKind != .period {
          continue
        }
        requirements.append(SelfMemberStripper(viewMode: .sourceAccurate).rewrite(syntax).trimmedDescription)
      }
    }
    add(proto.genericWhereClause)
    for decl in allDecls(proto.memberBlock.members) {
      if let associated = decl.as(AssociatedTypeDeclSyntax.self) { add(associated.genericWhereClause) }
    }
    return requirements
  }

  mutating func generate() -> MockOutput? {
    let mockName = "\(proto.name.text)Mock"
    let decls = allDecls(proto.memberBlock.members)

    // Generic parameters from associated types, and from primary associated types the protocol
    // names but inherits (`protocol RouterMiddleware<Context>: MiddlewareProtocol`).
    var genericParameters: [String] = []
    let declaredAssociated = Set(decls.compactMap { $0.as(AssociatedTypeDeclSyntax.self)?.name.text })
    for primary in proto.primaryAssociatedTypeClause?.primaryAssociatedTypes ?? []
    where !declaredAssociated.contains(primary.name.text) {
      genericParameters.append(primary.name.text)
    }
    for decl in decls {
      guard let associated = decl.as(AssociatedTypeDeclSyntax.self) else { continue }
      var parameter = associated.name.text
      if let inheritance = associated.inheritanceClause {
        parameter += ": " + inheritance.inheritedTypes.map { $0.type.trimmedDescription }.joined(separator: " & ")
      }
      genericParameters.append(parameter)
    }
    associatedTypeNames = Set(genericParameters.map { String($0.prefix { $0 != ":" }) })
    // Only requirements on the mock's own generic parameters: one on an inherited associated type
    // (`where Input == Request`) is the compiler's to infer.
    let parameterNames = Set(genericParameters.map { String($0.prefix { $0 != ":" }) })
    let requirements = genericRequirements().filter { requirement in
      let root = requirement.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return parameterNames.contains(String(root))
    }

    // Selectors that more than one member shares, and members that share their parameter types too.
    var seen: [String: Int] = [:]
    for decl in decls {
      if let function = decl.as(FunctionDeclSyntax.self) {
        seen[selector(memberName(function), parameters(of: function.signature.parameterClause)), default: 0] += 1
      }
    }
    overloadedSelectors = Set(seen.filter { $0.value > 1 }.map(\.key))
    var typed: [String: [OverloadVariant]] = [:]
    for decl in decls {
      guard let function = decl.as(FunctionDeclSyntax.self) else { continue }
      let key = typedIdentifier(memberName(function), parameters(of: function.signature.parameterClause))
      typed[key, default: []].append(variant(of: function))
    }
    variants = typed.filter { $0.value.count > 1 }.mapValues(Set.init)
    for decl in decls {
      if let function = decl.as(FunctionDeclSyntax.self), !isOperator(function) {
        memberHandles.insert(selector(bareName(function.name), parameters(of: function.signature.parameterClause)))
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
          memberHandles.formUnion(["\(bareName(pattern.identifier))()", "\(bareName(pattern.identifier))(set:)"])
        }
      }
    }

    // The generated class's own members: `storage` (what `Verity.Mock` requires). A protocol
    // member of that name would be an "invalid redeclaration" in the expansion.
    for decl in decls {
      if let function = decl.as(FunctionDeclSyntax.self), bareName(function.name) == "storage" {
        diagnoseReservedName(function.name)
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          if let pattern = binding.pattern.as(IdentifierPatternSyntax.self), bareName(pattern.identifier) == "storage" {
            diagnoseReservedName(pattern.identifier)
          }
        }
      }
    }

    let members = generateMembers(proto.memberBlock.members)
    guard !failed else { return nil }

    let generics = genericParameters.isEmpty ? "" : "<\(genericParameters.joined(separator: ", "))>"
    let whereClause = genericParameters.isEmpty || requirements.isEmpty ? "" : " where \(requirements.joined(separator: ", "))"
    let kind = isActorProtocol ? "actor" : "final class"
    let isolation = isActorProtocol ? "" : (globalActor.map { "\($0) " } ?? "")
    let nonisolated = isolation.isEmpty ? "" : "nonisolated "
    // A class whose only state is its (Sendable) storage is Sendable, checked by the compiler; an
    // actor or a global-actor-isolated class already is. NSObject is the one superclass a Sendable
    // class may have.
    let sendable = kind == "final class" && isolation.isEmpty ? ", Sendable" : ""
    let superclass = inheritsNSObjectProtocol && !isActorProtocol ? "NSObject, " : ""
    let superInit = superclass.isEmpty ? "" : "\n    super.init()"
    let ownMembers = members.mock + (isNested ? members.initializers + members.requirements : [])
    let classMembers = ownMembers.isEmpty ? "" : "\n\n" + ownMembers.joined(separator: "\n\n")
    let spyingInit = spyingInitializer(
      genericParameterNames: genericParameters.map { String($0.prefix { $0 != ":" }) }, nonisolated: nonisolated,
      superInit: superInit)
    let mock = """
      /// A mock of ``\(proto.name.text)`` generated by `@Mock`: it records every call and answers
      /// from its stubs. Stub with `when(mock.$member(...))`, verify with `verify(mock.$member(...))`.
      \(isolation)\(access)\(kind) \(mockName)\(generics): \(superclass)\(proto.name.text), Verity.Mock, Verity._GeneratedMock\(sendable)\(whereClause) {
        /// The mock's calls and stubs.
        \(access)\(nonisolated)let storage: Verity.MockStorage\(indent(executorMembers))

        /// Creates a mock with no calls and no stubs. Failures that calls cause (in strict mode, or
        /// a call no stub can answer) are reported in the test: where it last stubbed or verified
        /// this mock, or else where it created it.
        ///
        /// - Parameter strict: report calls no stub answers, and stubs no call uses.
        \(access)\(nonisolated)init(
          strict: Bool = false, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
          line: UInt = #line, column: UInt = #column
        ) {
          self.storage = Verity.MockStorage(strict: strict, fileID: fileID, filePath: filePath, line: line, column: column)\(superInit)\(executorInitialization(indentation: "    "))
        }

        /// Creates a mock that keeps its calls and stubs in `storage`: the initializer the
        /// protocol's initializer requirements (and its parents') delegate to.
        \(access)\(nonisolated)init(_verityStorage storage: Verity.MockStorage) {
          self.storage = storage\(superInit)\(executorInitialization(indentation: "    "))
        }

      \(indent(spyingInit))\(classMembers)
      }
      """
    let requirementsExtension = """
      /// ``\(proto.name.text)``'s requirements for any `Verity.Mock` that adopts it (`\(mockName)`, and the
      /// `@Mock` mock of a protocol that inherits it), with their `$name(...)` handles.
      extension \(proto.name.text) where Self: Verity.Mock {
      \(members.requirements.joined(separator: "\n\n"))
      }
      """
    let initializersExtension = """
      /// ``\(proto.name.text)``'s initializers for any mock `@Mock` generates that adopts it (`\(mockName)`,
      /// and the mock of a protocol that inherits it), with their `$init(...)` handles.
      extension \(proto.name.text) where Self: Verity._GeneratedMock {
      \(members.initializers.joined(separator: "\n\n"))
      }
      """
    return MockOutput(
      mock: mock, requirements: isNested ? nil : requirementsExtension,
      initializers: isNested || members.initializers.isEmpty ? nil : initializersExtension)
  }

  /// The members for one protocol body (or one branch of an `#if` block in it).
  mutating func generateMembers(_ list: MemberBlockItemListSyntax) -> MockMembers {
    var members = MockMembers()
    for member in list {
      let decl = member.decl
      if let function = decl.as(FunctionDeclSyntax.self) {
        let generated = functionMember(function)
        if isOperator(function) && !isNested {
          members.mock.append(generated.member)
          members.requirements.append(generated.handles.joined(separator: "\n\n"))
        } else {
          members.requirements.append(([generated.member] + generated.handles).joined(separator: "\n\n"))
        }
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        members.requirements.append(contentsOf: propertyMembers(variable))
      } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        members.requirements.append(contentsOf: subscriptMembers(subscriptDecl))
      } else if let initializer = decl.as(InitializerDeclSyntax.self) {
        members.initializers.append(contentsOf: initializerMembers(initializer))
      } else if decl.is(AssociatedTypeDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
        || decl.is(MacroExpansionDeclSyntax.self)
      {
        // Not requirements (`#warning` and the like included): nothing to generate.
        continue
      } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
        let parts: [WritableKeyPath<MockMembers, [String]>] = [\.mock, \.requirements, \.initializers]
        var clauses: [[String]] = Array(repeating: [], count: parts.count)
        for clause in ifConfig.clauses {
          let keyword = clause.poundKeyword.text + (clause.condition.map { " " + $0.trimmedDescription } ?? "")
          var inner = MockMembers()
          if case .decls(let decls) = clause.elements {
            inner = generateMembers(decls)
          } else if let elements = clause.elements {
            diagnose(elements, .unsupportedMember)
          }
          for (index, part) in parts.enumerated() {
            clauses[index].append(keyword + (inner[keyPath: part].isEmpty ? "" : "\n" + inner[keyPath: part].joined(separator: "\n\n")))
          }
        }
        for (index, part) in parts.enumerated() where clauses[index].contains(where: { $0.contains("\n") }) {
          members[keyPath: part].append((clauses[index] + ["#endif"]).joined(separator: "\n"))
        }
      } else {
        diagnose(decl, .unsupportedMember)
      }
    }
    return members
  }

  // MARK: Shared by every member kind (each kind has its own file: MockGenerator+Methods.swift, ...;
  // parameters and types are in MockGenerator+Parameters.swift)

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

/// A name as written, without backticks: `` `for` `` is `for`.
func bareName(_ token: TokenSyntax) -> String {
  let text = token.text
  if text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
  return text
}

/// `name`, in backticks when it is a keyword where the generated code uses it as a name.
func escaped(_ name: String) -> String {
  swiftKeywords.contains(name) ? "`\(name)`" : name
}

/// Words that need backticks as a declaration's or a parameter's name (the reserved keywords;
/// contextual ones such as `copy` or `some` are names as they are).
let swiftKeywords: Set<String> = [
  "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
  "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
  "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
  "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
  "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
]

/// Replaces the protocol's typealiases (`Context`, `Self.Context`) in a `where` requirement by the
/// types they stand for.
final class TypeAliasExpander: SyntaxRewriter {
  let aliases: [String: TypeSyntax]

  init(aliases: [String: TypeSyntax]) {
    self.aliases = aliases
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard node.genericArgumentClause == nil, let alias = aliases[node.name.text] else { return super.visit(node) }
    return alias.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }

  override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
    // `Self.Context`; `H.Context` is another type's member and stays.
    guard node.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Self", node.genericArgumentClause == nil,
      let alias = aliases[node.name.text]
    else { return super.visit(node) }
    return alias.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }
}

/// Rewrites `Self.Item` to `Item` (the mock's generic parameter of that name).
final class SelfMemberStripper: SyntaxRewriter {
  override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
    guard node.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Self" else { return super.visit(node) }
    let identifier = IdentifierTypeSyntax(
      leadingTrivia: node.leadingTrivia, name: node.name.trimmed,
      genericArgumentClause: node.genericArgumentClause.map { visit($0) }, trailingTrivia: node.trailingTrivia)
    return TypeSyntax(identifier)
  }
}
