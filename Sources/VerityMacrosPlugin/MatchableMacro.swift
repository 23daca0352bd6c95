import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Matchable`: a `StructurallyEncodable` conformance that writes, without reflection, exactly the
/// bytes the reflection path writes for the same value (fields by label in declaration order,
/// enums by case and associated values, classes as objects), and a `Matchable` conformance.
public struct MatchableMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let body: String
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      guard let fields = storedFields(of: structDecl.memberBlock, in: context) else { return [] }
      body = """
        encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
        \(fieldLines(fields))
        }
        """
    } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
      // A subclass's stored properties are invisible here: an instance of one would compare as
      // its superclass. So the class must be final.
      guard isFinal(classDecl) else {
        context.diagnose(
          Diagnostic(
            node: Syntax(classDecl.name), message: MatchableDiagnostic.nonFinalClass(classDecl.name.text),
            fixIt: FixIt(
              message: MatchableFixIt.makeFinal,
              changes: [.replace(oldNode: Syntax(classDecl), newNode: Syntax(finalized(classDecl)))])))
        return []
      }
      guard let fields = storedFields(of: classDecl.memberBlock, in: context) else { return [] }
      if fields.isEmpty {
        // Reflection shows an instance with no stored properties by its description.
        body = """
          encoder.encodeObject(self, typeName: Verity.StructureEncoder.typeName(of: Self.self))
          """
      } else {
        // A final class may still inherit stored properties the macro cannot see: such an
        // instance is written by reflection, which sees them.
        body = """
          encoder.encodeObject(self, typeName: Verity.StructureEncoder.typeName(of: Self.self)) { fields in
          \(fieldLines(fields))
          }
          """
      }
    } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      body = enumBody(enumDecl)
    } else {
      context.diagnose(
        Diagnostic(node: Syntax(node), message: MatchableDiagnostic.notAStructEnumOrClass(kindName(declaration))))
      return []
    }

    let names = protocols.map { $0.trimmedDescription }
    let wantsEncodable = names.contains { $0.hasSuffix("StructurallyEncodable") }
    let conformances = protocols.map { "Verity.\($0.trimmedDescription.split(separator: ".").last!)" }
    guard !conformances.isEmpty else { return [] }
    let access = isPublic(declaration) ? "public " : ""
    // `structureDecidesEquality` false: the type's own `==` (which the macro cannot see) decides
    // `eq` and plain values, never these bytes.
    let member = wantsEncodable
      ? """
        \(access)func encode(to encoder: inout Verity.StructureEncoder) {
        \(body)
        }
        \(access)static var structureDecidesEquality: Bool { false }
        """
      : ""
    let decl: DeclSyntax = """
      extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {
      \(raw: member)
      }
      """
    guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
    return [extensionDecl]
  }

  /// A stored property as the generated code writes it: the label reflection shows and the
  /// expression that reads it.
  struct Field {
    var label: String
    var access: String
  }

  static func fieldLines(_ fields: [Field]) -> String {
    fields.map { "  fields.field(\(literal($0.label)), \($0.access))" }.joined(separator: "\n")
  }

  /// The stored instance properties in declaration order, or nil after a diagnostic.
  static func storedFields(of members: MemberBlockSyntax, in context: some MacroExpansionContext) -> [Field]? {
    var fields: [Field] = []
    var failed = false
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      let modifiers = variable.modifiers.map(\.name.tokenKind)
      if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { continue }
      let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
      if attributes.contains(where: { attributeName($0) == "MatchableIgnored" }) { continue }
      let wrapped = attributes.contains { attributeName($0) != "MatchableIgnored" }
      if modifiers.contains(.keyword(.lazy)) {
        context.diagnose(
          Diagnostic(
            node: Syntax(variable), message: MatchableDiagnostic.lazyProperty,
            fixIt: FixIt(
              message: MatchableFixIt.ignore,
              changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(ignoring(variable)))])))
        failed = true
        continue
      }
      for binding in variable.bindings where isStored(binding) {
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
        let name = identifier.identifier.text.trimmingCharacters(in: "`")
        if wrapped {
          fields.append(Field(label: "_\(name)", access: "self._\(name)"))
        } else {
          fields.append(Field(label: name, access: "self.\(identifier.identifier.text)"))
        }
      }
    }
    return failed ? nil : fields
  }

  /// `variable` with `@MatchableIgnored` in front, on the same line, keeping its indentation.
  static func ignoring(_ variable: VariableDeclSyntax) -> VariableDeclSyntax {
    let indentation = variable.leadingTrivia
    var marked = variable.with(\.leadingTrivia, [])
    let attribute = AttributeSyntax(
      atSign: .atSignToken(leadingTrivia: indentation),
      attributeName: IdentifierTypeSyntax(name: .identifier("MatchableIgnored")),
      trailingTrivia: .space)
    marked.attributes = [.attribute(attribute)] + marked.attributes
    return marked
  }

  /// Stored unless it has a getter (`{ ... }`, `get`, `set`, `_read`, `_modify`); observers keep
  /// a property stored.
  static func isStored(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessors = binding.accessorBlock?.accessors else { return true }
    switch accessors {
    case .getter:
      return false
    case .accessors(let list):
      return list.allSatisfy { accessor in
        let kind = accessor.accessorSpecifier.tokenKind
        return kind == .keyword(.willSet) || kind == .keyword(.didSet)
      }
    }
  }

  static func enumBody(_ enumDecl: EnumDeclSyntax) -> String {
    var cases: [String] = []
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        let written = element.name.text
        let name = written.trimmingCharacters(in: "`")
        let parameters = element.parameterClause?.parameters.map { $0 } ?? []
        if parameters.isEmpty {
          cases.append(
            """
            case .\(written):
              encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: \(literal(name)))
            """)
          continue
        }
        let bindings = parameters.indices.map { "v\($0)" }
        // Reflection labels each associated value as declared ("" for an unlabeled one).
        let labels = parameters.map { parameter -> String in
          guard let label = parameter.firstName, label.tokenKind != .wildcard else { return "" }
          return label.text.trimmingCharacters(in: "`")
        }
        let lines = zip(labels, bindings).map { "    fields.field(\(literal($0)), \($1))" }
        cases.append(
          """
          case let .\(written)(\(bindings.joined(separator: ", "))):
            encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: \(literal(name))) { fields in
          \(lines.joined(separator: "\n"))
            }
          """)
      }
    }
    if cases.isEmpty { return "switch self {}" }
    return "switch self {\n\(cases.joined(separator: "\n"))\n}"
  }

  static func attributeName(_ attribute: AttributeSyntax) -> String {
    attribute.attributeName.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
  }

  static func isFinal(_ classDecl: ClassDeclSyntax) -> Bool {
    classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
  }

  /// `classDecl` with `final` in front of `class`, after any other modifiers.
  static func finalized(_ classDecl: ClassDeclSyntax) -> ClassDeclSyntax {
    var modifiers = classDecl.modifiers
    let leading = modifiers.isEmpty ? classDecl.classKeyword.leadingTrivia : []
    modifiers.append(DeclModifierSyntax(name: .keyword(.final, leadingTrivia: leading, trailingTrivia: .space)))
    return classDecl
      .with(\.modifiers, modifiers)
      .with(\.classKeyword, classDecl.classKeyword.with(\.leadingTrivia, []))
  }

  static func isPublic(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
  }

  static func kindName(_ declaration: some DeclGroupSyntax) -> String {
    if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
    if declaration.is(ActorDeclSyntax.self) { return "an actor" }
    if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
    return "this declaration"
  }

  /// A Swift string literal for `text`.
  static func literal(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}

/// `@MatchableIgnored`: a marker read by `@Matchable`; it adds nothing.
public struct MatchableIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(VariableDeclSyntax.self) {
      context.diagnose(Diagnostic(node: Syntax(node), message: MatchableDiagnostic.ignoredNotAProperty))
    }
    return []
  }
}

enum MatchableDiagnostic: DiagnosticMessage {
  case notAStructEnumOrClass(String)
  case lazyProperty
  case ignoredNotAProperty
  case nonFinalClass(String)

  var message: String {
    switch self {
    case .notAStructEnumOrClass(let kind):
      "@Matchable applies to a struct, an enum or a class, not \(kind)"
    case .lazyProperty:
      "@Matchable cannot encode a lazy property the way reflection shows it (as its hidden storage); mark it @MatchableIgnored"
    case .ignoredNotAProperty:
      "@MatchableIgnored applies to a stored property"
    case .nonFinalClass(let name):
      "@Matchable applies to a final class: the stored properties of a subclass of '\(name)' would be invisible to its encoding, so instances differing only there would match"
    }
  }

  var diagnosticID: MessageID {
    switch self {
    case .notAStructEnumOrClass: MessageID(domain: "VerityMacros", id: "notAStructEnumOrClass")
    case .lazyProperty: MessageID(domain: "VerityMacros", id: "lazyProperty")
    case .ignoredNotAProperty: MessageID(domain: "VerityMacros", id: "ignoredNotAProperty")
    case .nonFinalClass: MessageID(domain: "VerityMacros", id: "nonFinalClass")
    }
  }

  var severity: DiagnosticSeverity { .error }
}

enum MatchableFixIt: FixItMessage {
  case ignore
  case makeFinal

  var message: String {
    switch self {
    case .ignore: "Mark the property @MatchableIgnored"
    case .makeFinal: "Make the class final"
    }
  }

  var fixItID: MessageID {
    switch self {
    case .ignore: MessageID(domain: "VerityMacros", id: "ignore")
    case .makeFinal: MessageID(domain: "VerityMacros", id: "makeFinal")
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text.removeFirst() }
    while text.last == character { text.removeLast() }
    return String(text)
  }
}
