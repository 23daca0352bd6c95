import SwiftSyntax

// What the protocol and its members are isolated to, read from the syntax tree: an actor protocol
// (one that inherits `Actor`), and a global actor named by an attribute of the protocol or of a
// member.
//
// A macro sees only the declaration it is attached to, never the declarations its names refer to.
// So:
//
// - An actor protocol is one that lists `Actor` (or `_Concurrency.Actor`) among the types it
//   inherits, alone or in a composition (`Actor & Named`). A protocol that refines an actor
//   protocol (`protocol Child: Parent` where `Parent: Actor`) lists `Actor` again (`Child: Parent,
//   Actor`): its mock must be an actor, and nothing in the child's declaration says so. Without it
//   the mock is a class, and the compiler reports "non-actor type 'ChildMock' cannot conform to
//   the 'Actor' protocol". (`AnyActor`, unavailable in Swift 6, is `AnyObject & Sendable`, not
//   `Actor`: its mock is a `Sendable` class.)
// - A global actor is what a custom attribute names: a type name (`@MainActor`, `@Serial`,
//   `@Module.Serial`) without arguments or generic arguments, other than Swift's own attributes
//   (which start with a lowercase letter or `_`, but for the few in `builtInTypeLikeAttributes`)
//   and `@Mock` itself; `@MainActor` first when there are several. The attribute cannot say
//   whether the type it names is a `@globalActor`: another custom attribute without arguments is
//   read as one too (another attached macro on the protocol; a result builder such as
//   `@ViewBuilder` alone on a member, which the generated member then keeps, and whose `return`
//   statements turn it off, with the compiler's warning that they do).

extension MockGenerator {
  /// The protocol inherits `Actor`: its mock is an actor, and its members are isolated to it.
  var isActorProtocol: Bool {
    inheritedTypes.contains { names($0, "Actor", modules: ["_Concurrency"]) }
  }

  /// The protocol inherits `NSObjectProtocol`: its mock is an `NSObject` subclass.
  var inheritsNSObjectProtocol: Bool {
    inheritedTypes.contains { names($0, "NSObjectProtocol", modules: ["ObjectiveC", "Foundation"]) }
  }

  /// The types the protocol inherits, with the parts of a composition (`Actor & Named`) each on
  /// its own and without attributes (`@preconcurrency Actor`).
  var inheritedTypes: [TypeSyntax] {
    func parts(_ type: TypeSyntax) -> [TypeSyntax] {
      if let composition = type.as(CompositionTypeSyntax.self) { return composition.elements.flatMap { parts($0.type) } }
      if let attributed = type.as(AttributedTypeSyntax.self) { return parts(attributed.baseType) }
      return [type]
    }
    return proto.inheritanceClause?.inheritedTypes.flatMap { parts($0.type) } ?? []
  }

  /// Whether `type` is `name` or `Module.name` for one of `modules`, without generic arguments.
  func names(_ type: TypeSyntax, _ name: String, modules: [String]) -> Bool {
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == name && identifier.genericArgumentClause == nil
    }
    if let member = type.as(MemberTypeSyntax.self), let base = member.baseType.as(IdentifierTypeSyntax.self) {
      return modules.contains(base.name.text) && base.genericArgumentClause == nil && member.name.text == name
        && member.genericArgumentClause == nil
    }
    return false
  }

  /// A global actor the protocol is isolated to (`@MainActor`), as an attribute.
  var globalActor: String? {
    globalActor(of: proto.attributes)
  }

  /// The global actor one of `attributes` names (`@MainActor`, `@Serial`), as written; nil when
  /// none does. The rule is at the top of this file.
  func globalActor(of attributes: AttributeListSyntax) -> String? {
    let candidates = attributes.compactMap { element -> TypeSyntax? in
      guard let attribute = element.as(AttributeSyntax.self), attribute.arguments == nil,
        attribute.leftParen == nil, let name = customAttributeName(attribute.attributeName), name != "Mock"
      else { return nil }
      return attribute.attributeName
    }
    // `@MainActor` is one for certain: beside another custom attribute (`@ViewBuilder @MainActor`),
    // it is the one.
    let mainActor = candidates.first { names($0, "MainActor", modules: ["_Concurrency"]) }
    return (mainActor ?? candidates.first).map { "@" + $0.trimmedDescription }
  }

  /// The last name of an attribute that names a type (`Serial` for `@Module.Serial`): an
  /// identifier, or a member of one, without generic arguments, that is not one of Swift's own
  /// attributes. Nil for anything else.
  func customAttributeName(_ type: TypeSyntax) -> String? {
    let name: String
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
      name = identifier.name.text
      if builtInTypeLikeAttributes.contains(name) { return nil }
    } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
      customAttributeName(member.baseType) != nil || member.baseType.is(IdentifierTypeSyntax.self)
    {
      name = member.name.text
    } else {
      return nil
    }
    guard let first = name.first, first != "_", !first.isLowercase else { return nil }
    return name
  }

  /// The member is isolated to the actor of its actor protocol: it is neither `nonisolated` nor
  /// isolated to a global actor of its own.
  func isIsolatedToActor(_ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax) -> Bool {
    isActorProtocol && !isNonisolated(modifiers) && globalActor(of: attributes) == nil
  }

  /// What a generated member repeats of its requirement's attributes: its `@available` ones (a
  /// member that implements a deprecated requirement is deprecated too, so passing a spy's call on
  /// to it warns no one), then its global actor (`@MainActor `) when the protocol's is another. The
  /// generated member is isolated as the requirement is: it runs where the protocol's callers run,
  /// and a spy calls the real member from there (a `nonisolated` witness could not call it
  /// synchronously).
  func memberAttributes(_ attributes: AttributeListSyntax) -> String {
    let prefix = availableAttributes(attributes)
    guard let actor = globalActor(of: attributes), actor != globalActor else { return prefix }
    return prefix + actor + " "
  }

  /// A requirement's `@available` attributes as written, those inside an `#if` kept inside the same
  /// clauses (`#if swift(>=5.9)`, a line each, `#endif`): a clause with none of them keeps only its
  /// condition.
  func availableAttributes(_ attributes: AttributeListSyntax) -> String {
    var text = ""
    for element in attributes {
      switch element {
      case .attribute(let attribute) where attribute.attributeName.trimmedDescription == "available":
        text += attribute.trimmedDescription + " "
      case .ifConfigDecl(let ifConfig):
        var clauses = ""
        var keepsOne = false
        for clause in ifConfig.clauses {
          clauses += clause.poundKeyword.text + (clause.condition.map { " " + $0.trimmedDescription } ?? "") + "\n"
          if case .attributes(let inner) = clause.elements {
            var kept = availableAttributes(inner)
            if !kept.isEmpty {
              keepsOne = true
              if kept.hasSuffix(" ") { kept.removeLast() }
              clauses += kept.hasSuffix("\n") ? kept : kept + "\n"
            }
          }
        }
        if keepsOne { text += clauses + "#endif\n" }
      default:
        break
      }
    }
    return text
  }
}

/// Swift's own attributes whose names start with an uppercase letter (the others start with a
/// lowercase letter or `_`): none of them names a type.
let builtInTypeLikeAttributes: Set<String> = [
  "Sendable", "IBAction", "IBOutlet", "IBDesignable", "IBInspectable", "IBSegueAction", "GKInspectable",
  "NSManaged", "NSCopying", "NSApplicationMain", "UIApplicationMain",
]
