import SwiftParser
import SwiftSyntax

/// A Swift source file the tool reads: one of the target's own (`module` nil) or one of a
/// dependency's.
struct SourceText {
  var path: String
  /// The module that compiles the file; nil for the target's own files.
  var module: String?
  var text: String
}

/// A protocol declared at the top level of a file (or in a top-level `#if` block).
struct DeclaredProtocol {
  var declaration: ProtocolDeclSyntax
  var file: ParsedFile
  var module: String?

  var name: String { declaration.name.text }
}

/// A parsed source file and the imports a generated file repeats so the names it declares resolve.
final class ParsedFile {
  let source: SourceText
  let tree: SourceFileSyntax
  private let converter: SourceLocationConverter

  init(_ source: SourceText) {
    self.source = source
    self.tree = Parser.parse(source: source.text)
    self.converter = SourceLocationConverter(fileName: source.path, tree: tree)
  }

  /// The line `node` starts on (its first token, after its leading trivia).
  func line(of node: some SyntaxProtocol) -> Int {
    node.startLocation(converter: converter).line
  }

  /// The protocols the file declares at its top level, `#if` blocks included (every branch).
  var protocols: [ProtocolDeclSyntax] {
    func declarations(_ items: CodeBlockItemListSyntax) -> [ProtocolDeclSyntax] {
      items.flatMap { item -> [ProtocolDeclSyntax] in
        if let proto = item.item.as(ProtocolDeclSyntax.self) { return [proto] }
        guard let ifConfig = item.item.as(IfConfigDeclSyntax.self) else { return [] }
        return ifConfig.clauses.flatMap { clause -> [ProtocolDeclSyntax] in
          guard case .statements(let statements) = clause.elements else { return [] }
          return declarations(statements)
        }
      }
    }
    return declarations(tree.statements)
  }

  /// The file's imports, as a generated file writes them: top-level ones, and top-level `#if`
  /// blocks with only their imports. `@testable` and `@_implementationOnly` are dropped (the
  /// generated file uses the module's public declarations).
  var imports: [String] {
    func importText(_ decl: ImportDeclSyntax) -> String {
      let attributes = decl.attributes.filter { element in
        guard case .attribute(let attribute) = element else { return true }
        let name = attribute.attributeName.trimmedDescription
        return name != "testable" && name != "_implementationOnly"
      }
      return decl.with(\.attributes, attributes).with(\.modifiers, []).trimmed.description
    }
    func imports(_ items: CodeBlockItemListSyntax) -> [String] {
      items.flatMap { item -> [String] in
        if let decl = item.item.as(ImportDeclSyntax.self) { return [importText(decl)] }
        guard let ifConfig = item.item.as(IfConfigDeclSyntax.self) else { return [] }
        var clauses: [String] = []
        var any = false
        for clause in ifConfig.clauses {
          let keyword = clause.poundKeyword.text + (clause.condition.map { " " + $0.trimmedDescription } ?? "")
          var inner: [String] = []
          if case .statements(let statements) = clause.elements { inner = imports(statements) }
          any = any || !inner.isEmpty
          clauses.append(([keyword] + inner).joined(separator: "\n"))
        }
        return any ? [(clauses + ["#endif"]).joined(separator: "\n")] : []
      }
    }
    return imports(tree.statements)
  }
}

/// The protocols the dependencies declare, found by name. A file is parsed only when its text
/// holds `protocol Name` for a name asked about, and once.
final class ProtocolIndex {
  private let files: [SourceText]
  private var parsed: [String: ParsedFile] = [:]
  private var found: [String: [DeclaredProtocol]] = [:]

  init(files: [SourceText]) {
    self.files = files
  }

  private var moduleTypes: [String: Set<String>] = [:]

  /// The names of the public types `module` declares at the top level (structs, classes, enums,
  /// actors, protocols and typealiases), read from its files' text (a declaration that starts a
  /// line, as top-level ones are written; a nested `Error` is not the module's): the names a
  /// generated member qualifies with the module.
  func typeNames(inModule module: String) -> Set<String> {
    if let known = moduleTypes[module] { return known }
    var names: Set<String> = []
    let declaration = /^(?:(?:final|indirect|nonisolated|@[A-Za-z_]+)\s+)*(?:public|open)\s+(?:(?:final|indirect|nonisolated)\s+)*(?:struct|class|enum|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/
      .anchorsMatchLineEndings()
    for source in files where source.module == module {
      for match in source.text.matches(of: declaration) {
        names.insert(String(match.output.1))
      }
    }
    moduleTypes[module] = names
    return names
  }

  /// Every top-level protocol named `name` in the files.
  func protocols(named name: String) -> [DeclaredProtocol] {
    if let known = found[name] { return known }
    var result: [DeclaredProtocol] = []
    for source in files where declaresProtocol(named: name, in: source.text) {
      let file = parsed[source.path] ?? ParsedFile(source)
      parsed[source.path] = file
      for proto in file.protocols where proto.name.text == name {
        result.append(DeclaredProtocol(declaration: proto, file: file, module: source.module))
      }
    }
    found[name] = result
    return result
  }
}

/// Whether `text` holds `protocol name` as words: the cheap test before a file is parsed (a match
/// in a comment or a string only costs the parse).
func declaresProtocol(named name: String, in text: String) -> Bool {
  let needle = "protocol " + name
  var searchRange = text.startIndex..<text.endIndex
  while let range = text.range(of: needle, range: searchRange) {
    let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
    let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
    let startsWord = before.map { !isIdentifierCharacter($0) } ?? true
    let endsWord = after.map { !isIdentifierCharacter($0) } ?? true
    if startsWord && endsWord { return true }
    searchRange = range.upperBound..<text.endIndex
  }
  return false
}

func isIdentifierCharacter(_ character: Character) -> Bool {
  character.isLetter || character.isNumber || character == "_"
}
