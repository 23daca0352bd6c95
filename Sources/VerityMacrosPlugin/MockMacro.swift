import SwiftDiagnostics
import Synchronization
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros
import VerityMockGenerator

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
/// Both are compiled only under `#if DEBUG || VERITY_MOCKS` (`MockGenerator.compilationCondition`), so a
/// release build of an app that declares `@Mock` protocols holds no mock.
///
/// Because the requirements are implemented for any `Mock` (initializers: any generated mock) that
/// adopts `P`, the mock of a protocol that inherits `P` gets them too: a child's mock only adds
/// what the child declares. An inherited protocol the macro cannot see is another module's, or
/// one without `@Mock`: the `VerityMocks` build-tool plug-in writes the same extension for the
/// parents it finds in the sources of the target's dependencies (`MockParents`, one generator
/// for both); without it, requirements with defaults just work, others are restated in the mocked
/// protocol or written in an extension of the mock, and otherwise "does not conform" is the only
/// error.
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
    guard let output = generated(proto, isNested: isNested(in: context), context: context, reportsDiagnostics: true)
    else { return [] }
    return [verbatim("#if \(MockGenerator.compilationCondition)\n\(output.mock)\n#endif")]
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
    let nested = isNested(in: context) || type.is(MemberTypeSyntax.self)
    guard let output = generated(proto, isNested: nested, context: context, reportsDiagnostics: false),
      let requirements = output.requirements
    else { return [] }
    // The header is parsed (a few tokens), the members are passed on as they are (see `verbatim`).
    return ([requirements] + (output.initializers.map { [$0] } ?? [])).compactMap { text in
      guard let header = DeclSyntax(stringLiteral: text.header + " {}").as(ExtensionDeclSyntax.self) else { return nil }
      return header.with(
        \.memberBlock,
        header.memberBlock.with(\.members, [MemberBlockItemSyntax(decl: verbatim(text.members))]))
    }
  }

  /// Source the generator wrote, as a declaration the compiler parses: nothing reads the
  /// expansion's nodes before the compiler (its format mode is `.disabled`), so the text is
  /// carried in one token rather than parsed by the plug-in first, then printed as it was. The
  /// compiler's parse is the one the expansion needs.
  static func verbatim(_ text: String) -> DeclSyntax {
    DeclSyntax(MissingDeclSyntax(placeholder: .identifier(text)))
  }

  /// The expansion is written as it is meant to read: swift-syntax's formatter, which would walk
  /// every generated node again, is not run on it.
  public static var formatMode: FormatMode { .disabled }

  /// The generated parts of `proto`. The compiler asks for the peer and the extensions in two
  /// requests to the same plug-in process: the second gets what the first generated (keyed by the
  /// protocol's text), so the protocol is read and its mock written once. A generation that
  /// diagnosed anything is not kept: the peer, which reports, generates again.
  static func generated(
    _ proto: ProtocolDeclSyntax, isNested: Bool, context: some MacroExpansionContext, reportsDiagnostics: Bool
  ) -> MockOutput? {
    let key = (isNested ? "nested\n" : "\n") + proto.description
    if let output = generationCache.withLock({ $0.removeValue(forKey: key) }) { return output }
    var generator = MockGenerator(proto: proto)
    generator.isNested = isNested
    guard let output = generator.generate() else {
      if reportsDiagnostics { generator.diagnostics.forEach(context.diagnose) }
      return nil
    }
    // Kept for the other request only (taken out when used), and a few at most: a plug-in
    // process expands the protocols of its files one after another.
    generationCache.withLock { cache in
      if cache.count >= 16 { cache.removeAll() }
      cache[key] = output
    }
    return output
  }

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

/// What one expansion request generated, for the other request of the same protocol (see
/// `MockMacro.generated`).
let generationCache = Mutex<[String: MockOutput]>([:])
