import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The generated parts of a mock: the peer class, the extension that implements the protocol's
/// requirements for any `Verity.Mock`, and the one with its initializers for any generated mock.
public struct MockOutput: Sendable {
  public var mock: String
  /// Nil for a protocol nested in a type (its mock holds the members).
  public var requirements: ExtensionText?
  /// The initializer requirements' extension; nil when the protocol declares none, or is nested.
  public var initializers: ExtensionText?
}

/// A generated extension: its documentation and header (`extension P where Self: Verity.Mock`),
/// and what goes between its braces.
public struct ExtensionText: Sendable {
  public var header: String
  public var members: String

  /// The extension as source: its header, then its members in braces.
  public var text: String { header + " {" + members + "}" }
}

/// Members generated for one part of a protocol body: the class's (initializers, for a nested
/// protocol), the requirements extension's (everything else) and the initializers extension's,
/// each already wrapped in the `#if` blocks they came from.
struct MockMembers {
  var mock: [String] = []
  var requirements: [String] = []
  var initializers: [String] = []
}

/// The types a generator parsed from its own text, by text: a parameter's type is asked about
/// (a closure? an optional?) by every handle and answer written for it.
final class ParsedTypes {
  var syntax: [String: TypeSyntax] = [:]
  var isClosure: [String: Bool] = [:]
  var isOptional: [String: Bool] = [:]
  /// A method's parameters, by its parameter clause.
  var parameters: [SyntaxIdentifier: [MockParameter]] = [:]
}

/// What distinguishes overloads that share a selector and parameter types.
struct OverloadVariant: Hashable {
  var isAsync: Bool
  var returnType: String
}

/// Turns a protocol's declaration into the source of its mock: what `@Mock` expands to, and what
/// the `VerityMocks` build-tool plug-in writes for the parents of `@Mock` protocols that other
/// modules declare (the one generator, so a member shape works the same in both).
public struct MockGenerator {
  let proto: ProtocolDeclSyntax
  /// What the generation reported: members it cannot mock, reserved names. A generation that
  /// reports anything returns no output.
  public internal(set) var diagnostics: [Diagnostic] = []
  /// The protocol is nested in a type: the requirements go in the mock class, not in an extension.
  public var isNested = false
  /// The members go in an extension of the mock class (`generateMockExtensionMembers`).
  var inMockExtension = false
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
  /// Types the generator wrote as text and reads again, each parsed once (see `typeSyntax(_:)`).
  let parsedTypes = ParsedTypes()

  public init(proto: ProtocolDeclSyntax) {
    self.proto = proto
  }

  /// When a generated mock is compiled: in debug builds (where `swift test` runs) and in any build
  /// that defines `VERITY_MOCKS`. A release build of an app that declares `@Mock` protocols in its
  /// own module holds no mock code (and the extension that implements the requirements is empty).
  public static let compilationCondition = "DEBUG || VERITY_MOCKS"

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
  func genericRequirements(_ decls: [DeclSyntax]) -> [String] {
    var requirements: [String] = []
    // A requirement may name a typealias of the protocol (`where Context: Source<Int>` with
    // `typealias Context = H.Context`): the mock's generic clause names what it stands for.
    var aliases: [String: TypeSyntax] = [:]
    for decl in decls {
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
    for decl in decls {
      if let associated = decl.as(AssociatedTypeDeclSyntax.self) { add(associated.genericWhereClause) }
    }
    return requirements
  }

  /// What the members' generation needs to know of all of them first: the mock's generic
  /// parameters and their requirements; the selectors, typed identifiers and handle names more than
  /// one member shares; and members named like the mock's own (`storage`), which it reports.
  mutating func prepare(_ decls: [DeclSyntax]) -> (genericParameters: [String], requirements: [String]) {

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
    let requirements = genericRequirements(decls).filter { requirement in
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
    return (genericParameters, requirements)
  }

  /// The members that implement `proto`'s requirements in an extension of the mock of a protocol
  /// that refines it (what the `VerityMocks` plug-in writes for the parents another module
  /// declares): what the class of a nested protocol's mock holds, with initializers that delegate
  /// to `init(_verityStorage:)`. `child` is the `@Mock` protocol: its own members, which the macro
  /// generates, are not written, but they take part in telling overloads apart (identifiers and
  /// handle names), so a parent's member never records under a name the child's uses.
  public mutating func generateMockExtensionMembers(alongside child: ProtocolDeclSyntax) -> [String]? {
    isNested = true
    inMockExtension = true
    _ = prepare(allDecls(proto.memberBlock.members) + allDecls(child.memberBlock.members))
    // An associated type the protocol's `where` clause fixes (`where Key == String`: the plug-in
    // writes the child's and the parents' there) is that type in the mock and in the spied object
    // alike: a spy passes such a member on as it is.
    for requirement in proto.genericWhereClause?.requirements ?? [] {
      guard let sameType = requirement.requirement.as(SameTypeRequirementSyntax.self) else { continue }
      let subject = sameType.leftType.trimmedDescription
      associatedTypeNames.remove(subject.hasPrefix("Self.") ? String(subject.dropFirst(5)) : subject)
    }
    let members = generateMembers(proto.memberBlock.members)
    guard !failed else { return nil }
    return members.mock + members.initializers + members.requirements
  }

  public mutating func generate() -> MockOutput? {
    let mockName = "\(proto.name.text)Mock"
    let (genericParameters, requirements) = prepare(allDecls(proto.memberBlock.members))
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
    let classMembers = ownMembers.isEmpty ? "" : "\n\n" + indent(ownMembers.joined(separator: "\n\n"))
    let spyingInit = spyingInitializer(
      genericParameterNames: genericParameters.map { String($0.prefix { $0 != ":" }) }, nonisolated: nonisolated,
      superInit: superInit)
    let mock = """
      /// A mock of ``\(proto.name.text)`` generated by `@Mock`: it records every call and answers
      /// from its stubs. Stub with `when(mock.$member(...))`, verify with `verify(mock.$member(...))`.
      \(isolation)\(access)\(kind) \(mockName)\(generics): \(superclass)\(proto.name.text), Verity.Mock, Verity._GeneratedMock\(sendable)\(whereClause) {
        /// The mock's calls and stubs.
        \(access)\(nonisolated)let storage: Verity.MockStorage\(indent(executorMembers))

        /// Creates a mock that keeps its calls and stubs in `storage`: what `init(strict:)` (every
        /// generated mock's, from Verity) and the protocol's initializer requirements delegate to.
        \(access)\(nonisolated)init(_verityStorage storage: Verity.MockStorage) {
          self.storage = storage\(superInit)\(executorInitialization(indentation: "    "))
        }

      \(indent(spyingInit))\(classMembers)
      }
      """
    // An extension macro cannot return an `#if` block: the members go inside one, and a release
    // build keeps an empty extension.
    let requirementsExtension = ExtensionText(
      header: """
        /// ``\(proto.name.text)``'s requirements for any `Verity.Mock` that adopts it (`\(mockName)`, and the
        /// `@Mock` mock of a protocol that inherits it), with their `$name(...)` handles.
        extension \(proto.name.text) where Self: Verity.Mock
        """,
      members: """

          #if \(MockGenerator.compilationCondition)
        \(indent(members.requirements.joined(separator: "\n\n")))
          #endif

        """)
    let initializersExtension = ExtensionText(
      header: """
        /// ``\(proto.name.text)``'s initializers for any mock `@Mock` generates that adopts it (`\(mockName)`,
        /// and the mock of a protocol that inherits it), with their `$init(...)` handles.
        extension \(proto.name.text) where Self: Verity._GeneratedMock
        """,
      members: """

          #if \(MockGenerator.compilationCondition)
        \(indent(members.initializers.joined(separator: "\n\n")))
          #endif

        """)
    return MockOutput(
      mock: mock, requirements: isNested ? nil : requirementsExtension,
      initializers: isNested || members.initializers.isEmpty ? nil : initializersExtension)
  }

  /// `text` parsed as a type, once per generation.
  func typeSyntax(_ text: String) -> TypeSyntax {
    if let syntax = parsedTypes.syntax[text] { return syntax }
    let syntax = TypeSyntax(stringLiteral: text)
    parsedTypes.syntax[text] = syntax
    return syntax
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
}

/// `text` with each line indented two spaces (empty lines stay empty).
public func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
}

/// A Swift string literal for `text`.
public func stringLiteral(_ text: String) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "\\": escaped += "\\\\"
    case "\"": escaped += "\\\""
    case "\n": escaped += "\\n"
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
