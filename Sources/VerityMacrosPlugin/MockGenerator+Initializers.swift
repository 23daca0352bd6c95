import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// `@Mock` for initializer requirements: the mock gets a matching initializer that creates fresh
// storage and records the call as `init(...)`, the same initializer with the caller's location
// (what a test calls: failures the mock's calls cause are reported there), and `$init` handles.
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
    let superInit = inheritsNSObjectProtocol && !isActorProtocol ? "\n  super.init()" : ""
    let location = "fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column"
    let members = [
      """
      /// The protocol's initializer: a mock with no stubs, whose failures are reported where the
      /// test last stubbed or verified it (a test that calls it directly uses the next initializer).
      @_disfavoredOverload
      \(access)\(nonisolated)init\(optional)(\(signature.joined(separator: ", ")))\(effects) {
        self.storage = Verity.MockStorage()\(superInit)
        self.storage.log.record(\(record))
      }
      """,
      """
      /// The protocol's initializer called by a test: failures that the mock's calls cause are
      /// reported at the caller's line until the test stubs or verifies the mock.
      \(access)\(nonisolated)init\(optional)(\((signature + [location]).joined(separator: ", ")))\(effects) {
        self.storage = Verity.MockStorage(strict: false, fileID: fileID, filePath: filePath, line: line, column: column)\(superInit)
        self.storage.log.record(\(record))
      }
      """,
    ]
    return members
      + handleMembers(name: "$init", parameters: parameters, identifier: identifier, returnType: "Void", isStatic: false)
  }
}
