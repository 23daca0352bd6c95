import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

// `@Mock` for initializer requirements: a matching initializer that creates fresh storage and
// records the call as `init(...)`, the same initializer with the caller's location (what a test
// calls: failures the mock's calls cause are reported there), and `$init` handles.
//
// They go in `extension P where Self: Verity._GeneratedMock` and delegate to the mock's
// `init(_verityStorage:)`, so the mock of a protocol that inherits `P` (at any depth) gets them as
// it gets `P`'s other members. A protocol nested in a type has no extensions: its mock class holds
// them, assigning its storage itself; an extension of the mock (the `VerityMocks` plug-in's)
// holds convenience initializers that delegate.
extension MockGenerator {
  mutating func initializerMembers(_ initializer: InitializerDeclSyntax) -> [String] {
    let parameters = parameters(of: initializer.signature.parameterClause.parameters)
    let signature = parameters.map { $0.declaration(type: $0.declaredType) }
    var effects = ""
    if initializer.signature.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
    if let throwsClause = initializer.signature.effectSpecifiers?.throwsClause { effects += " " + throwsClause.trimmedDescription }
    let identifier = selector("init", parameters)
    let record = ([stringLiteral(identifier)] + parameters.map(recordedArgument)).joined(separator: ", ")
    let nonisolated = (globalActor != nil && !isActorProtocol) ? "nonisolated " : ""
    let optional = initializer.optionalMark?.text ?? ""
    // In an extension of a class, an initializer that delegates says so.
    let convenience = inMockExtension && !isActorProtocol ? "convenience " : ""
    let superInit = inheritsNSObjectProtocol && !isActorProtocol ? "\n  super.init()" : ""
    let location = "fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column"
    func body(_ storage: String) -> String {
      isNested && !inMockExtension
        ? "self.storage = \(storage)\(superInit)\nself.storage.log.record(\(record))"
        : "self.init(_verityStorage: \(storage))\nself.storage.log.record(\(record))"
    }
    let members = [
      """
      /// The protocol's initializer: a mock with no stubs, whose failures are reported where the
      /// test last stubbed or verified it (a test that calls it directly uses the next initializer).
      @_disfavoredOverload
      \(access)\(nonisolated)\(convenience)init\(optional)(\(signature.joined(separator: ", ")))\(effects) {
      \(indent(body("Verity.MockStorage()")))
      }
      """,
      """
      /// The protocol's initializer called by a test: failures that the mock's calls cause are
      /// reported at the caller's line until the test stubs or verifies the mock.
      \(access)\(nonisolated)\(convenience)init\(optional)(\((signature + [location]).joined(separator: ", ")))\(effects) {
      \(indent(body("Verity.MockStorage(strict: false, fileID: fileID, filePath: filePath, line: line, column: column)")))
      }
      """,
    ]
    return members
      + handleMembers(name: "$init", parameters: parameters, identifier: identifier, returnType: "Void", isStatic: false)
  }
}
