import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// `@Mock` for initializer requirements: the mock gets a matching initializer that creates fresh
// storage and records the call as `init(...)`.
extension MockGenerator {
  mutating func initializerMember(_ initializer: InitializerDeclSyntax) -> String? {
    let parameters = parameters(of: initializer.signature.parameterClause.parameters)
    let signature = parameters.map { $0.label == $0.name ? "\($0.name): \($0.declaredType)" : "\($0.label) \($0.name): \($0.declaredType)" }
    var effects = ""
    if initializer.signature.effectSpecifiers?.asyncSpecifier != nil { effects += " async" }
    if initializer.signature.effectSpecifiers?.throwsClause != nil { effects += " throws" }
    let identifier = selector("init", parameters)
    let record = ([stringLiteral(identifier)] + parameters.map(recordedArgument)).joined(separator: ", ")
    let nonisolated = (globalActor != nil && !isActorProtocol) ? "nonisolated " : ""
    let optional = initializer.optionalMark?.text ?? ""
    return """
      \(access)\(nonisolated)init\(optional)(\(signature.joined(separator: ", ")))\(effects) {
        self.storage = Verity.MockStorage()
        self.storage.log.record(\(record))
      }
      """
  }
}
