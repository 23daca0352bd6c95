/// A wanted call, compiled once from an identifier and ``Arguments``: the engine pattern that
/// answers counts, plus what failure messages and stub lookups need.
struct ExpectedCall: Sendable {
  let identifier: String
  /// nil for `Arguments.any`.
  let arguments: [ExpectedArgument]?
  let pattern: CallPattern
  /// Whether an argument is a captor, or a plain value that cannot be compared: noted while
  /// compiling so that a passing verification (with neither, as most are) does no search for them.
  let hasCaptors: Bool
  private let hasIncomparable: Bool

  /// - Parameter typesAreExact: every recorded argument already has the type its position's
  ///   matcher is for (a generated mock's member with no generic parameter of its own), so a
  ///   typed `any()` compiles to the engine's ANY.
  /// - Parameter typesArePinned: the arguments of a generic member's handle: a call matches only
  ///   when each of its values has the type its position's matcher or plain value is for (see
  ///   ``ExpectedArgument/pinningType(of:)``).
  init(identifier: String, arguments: Arguments, typesAreExact: Bool = false, typesArePinned: Bool = false) {
    let values: [Any?]
    switch arguments {
    case .any:
      self.init(anyArgumentsOf: identifier)
      return
    case .none: values = []
    case .actual(let actual): values = actual
    }
    // One pass, with no closures: in a debug build (`swift test`) each `map` costs generic
    // metadata lookups, and this runs for every verification and stub.
    var parts = Parts(capacity: values.count)
    for index in 0..<values.count {
      let argument = ExpectedArgument(values[index], typeIsExact: typesAreExact)
      parts.add(typesArePinned ? argument.pinningType(of: values[index]) : argument)
    }
    self.init(identifier: identifier, parts)
  }

  /// Any arguments (`Arguments.any`).
  private init(anyArgumentsOf identifier: String) {
    self.identifier = identifier
    self.arguments = nil
    self.pattern = CallPattern(identifier, arguments: .any)
    hasCaptors = false
    hasIncomparable = false
  }

  /// A call of compiled arguments (see ``Parts``): what the initializers above and the fixed-arity
  /// handles of generated mocks (MockCall+Arity.swift) gather.
  init(identifier: String, _ parts: consuming Parts) {
    self.identifier = identifier
    self.arguments = parts.expected
    var pattern = CallPattern(identifier, arguments: .exactly(parts.patterns))
    pattern._plainArgumentForms = parts.plainArgumentForms
    self.pattern = pattern
    self.hasCaptors = parts.hasCaptors
    self.hasIncomparable = parts.hasIncomparable
  }

  /// The compiled arguments, gathered one by one with what the call notes about them.
  struct Parts {
    var expected: [ExpectedArgument] = []
    var patterns: [ArgumentPattern] = []
    // Each array costs a debug build a generic metadata lookup: the plain argument forms, which most
    // verifications have none of, get one only when there is one.
    var plainArgumentForms: [_PlainArgumentForm?] = []
    var hasCaptors = false
    var hasIncomparable = false
    /// How many arguments the call has.
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      if capacity > 0 {  // (reserving room in an empty array allocates, even for nothing)
        expected.reserveCapacity(capacity)
        patterns.reserveCapacity(capacity)
      }
    }

    @inline(__always)
    mutating func add(_ argument: consuming ExpectedArgument) {
      switch argument.kind {
      case .captor: hasCaptors = true
      case .incomparable: hasIncomparable = true
      case .matcher: if !argument.nestedCaptors.isEmpty { hasCaptors = true }
      case .value, .equatable: break
      }
      patterns.append(argument.pattern)
      if let plainArgumentForm = argument.plainArgumentForm {
        if plainArgumentForms.isEmpty { plainArgumentForms = Array(repeating: nil, count: capacity) }
        // (An argument past `capacity` runs without its plain argument form: the same answers, slower.)
        if expected.count < plainArgumentForms.count { plainArgumentForms[expected.count] = plainArgumentForm }
      }
      // Moved, not copied (a copy costs a copy and a destroy of the kind's existentials).
      expected.append(consume argument)
    }
  }

  /// `beginAuthentication("a", any(), 5)`, or `refresh(any arguments)` for `Arguments.any`.
  var description: String {
    guard let arguments else {
      return _selectorLabels(identifier) == nil ? "\(identifier)(any arguments)" : "\(identifier) with any arguments"
    }
    return _renderCall(identifier, arguments: arguments.map(\.description))
  }

  /// Whether a call being made now, with these argument values, matches (used by stubs); `log`
  /// lends its spare writer for byte comparisons.
  func matches(values: [Any?], log: CallLog) -> Bool {
    guard let arguments else { return true }
    guard arguments.count == values.count else { return false }
    for index in 0..<arguments.count where !arguments[index].matches(value: values[index], log: log) {
      return false
    }
    return true
  }

  /// `verifyCall failed - argument 1 of take is a function and cannot be compared; use any() or a
  /// captor`, for the first plain argument that cannot be compared; nil when every one can.
  func incomparableMessage(name: String) -> String? {
    guard hasIncomparable, let arguments else { return nil }
    for (position, argument) in arguments.enumerated() {
      guard case .incomparable(let structure, .function) = argument.kind else { continue }
      let head = "\(name) failed - argument \(position + 1) of \(identifier)"
      if structure.bytes.first == StructureTag.opaque.rawValue {
        return "\(head) is a function and cannot be compared; use any() or a captor"
      }
      return "\(head) holds a function\(_functionType(in: structure)) and cannot be compared; use any(), a captor or a matcher"
    }
    return nil
  }

  /// The captors among the arguments, with their positions.
  var captors: [(position: Int, captor: any ArgumentCapturing)] {
    guard hasCaptors, let arguments else { return [] }
    return arguments.enumerated().flatMap { position, argument in
      argument.captors.map { (position, $0) }
    }
  }
}

/// ` (() -> ())`: the type of the first function a structure shows (`<function () -> ()>`), or
/// nothing when the rendering does not reach it.
func _functionType(in structure: Structure) -> String {
  let rendered = structure.description
  guard let start = rendered.range(of: "<function ") else { return "" }
  var depth = 0
  var index = start.upperBound
  while index < rendered.endIndex {
    let character = rendered[index]
    if character == "(" { depth += 1 }
    if character == ")" { depth -= 1 }
    if character == ">", depth == 0, rendered[rendered.index(before: index)] != "-" {
      return " (" + rendered[start.upperBound..<index] + ")"
    }
    index = rendered.index(after: index)
  }
  return ""
}

/// `[Any?]` arguments rendered as a call: `album(42)`.
func _renderCall(_ identifier: String, _ arguments: [Any?]) -> String {
  _renderCall(identifier, arguments: arguments.map { _selfDescription($0) ?? Structure(encoding: $0).description })
}

/// A call rendered from its identifier and its rendered arguments.
///
/// - A plain identifier: `save(1, "a")`.
/// - A selector, as generated mocks use (`getAlbum(id:)`, `move(_:to:)`), with one label per
///   argument: the labels go in, `getAlbum(id: 42)`, `move(1, to: 2)`; with another number of
///   arguments, the name alone, `getAlbum(1, 2)`.
/// - A property or subscript accessor: `get name` renders `name`, `set name` renders
///   `name = "x"`, `set subscript(_:)` renders `subscript(1) = "x"`.
/// - An overload told apart by its effect or its result (`start(address: String) async`,
///   `value() -> String`): the call, then that part, `value() -> String`.
func _renderCall(_ identifier: String, arguments: [String]) -> String {
  if let (selector, variant) = _overloadVariant(identifier) {
    return _renderCall(String(selector), arguments: arguments) + variant
  }
  if identifier.hasPrefix("get ") {
    let member = String(identifier.dropFirst(4))
    return arguments.isEmpty && !member.contains("(") ? member : _renderCall(member, arguments: arguments)
  }
  if identifier.hasPrefix("set "), let newValue = arguments.last {
    let member = String(identifier.dropFirst(4))
    let target = arguments.count == 1 && !member.contains("(") ? member : _renderCall(member, arguments: arguments.dropLast())
    return "\(target) = \(newValue)"
  }
  if let (name, labels) = _selectorLabels(identifier) {
    // With another number of arguments than the selector has labels (a verification that gave
    // too many or too few), the labels cannot be placed: the name and the arguments.
    guard labels.count == arguments.count else { return "\(name)(\(arguments.joined(separator: ", ")))" }
    let parts = zip(labels, arguments).map { label, argument in label == "_" ? argument : "\(label): \(argument)" }
    return "\(name)(\(parts.joined(separator: ", ")))"
  }
  return "\(identifier)(\(arguments.joined(separator: ", ")))"
}

/// `start(address: String) async` and `value() -> String`, split after the selector's closing
/// parenthesis; nil for every other identifier.
func _overloadVariant(_ identifier: String) -> (selector: Substring, variant: Substring)? {
  guard !identifier.hasPrefix("get "), !identifier.hasPrefix("set "), identifier.last != ")",
    let open = identifier.firstIndex(of: "(")
  else { return nil }
  var depth = 0
  var index = open
  while index < identifier.endIndex {
    switch identifier[index] {
    case "(", "[", "<": depth += 1
    case ")", "]": depth -= 1
    case ">" where identifier[identifier.index(before: index)] != "-": depth -= 1  // not an arrow
    default: break
    }
    if depth == 0 {
      let end = identifier.index(after: index)
      let rest = identifier[end...]
      guard rest.hasPrefix(" async") || rest.hasPrefix(" -> ") else { return nil }
      return (identifier[..<end], rest)
    }
    index = identifier.index(after: index)
  }
  return nil
}

/// The base name and argument labels of a selector identifier (`getAlbum(id:)`, `move(_:to:)`,
/// or `load(id: Int)` for an overload told apart by its types), or nil for a plain identifier.
func _selectorLabels(_ identifier: String) -> (name: Substring, labels: [Substring])? {
  guard identifier.last == ")", let open = identifier.firstIndex(of: "("), open != identifier.startIndex else { return nil }
  let inside = identifier[identifier.index(after: open)..<identifier.index(before: identifier.endIndex)]
  var labels: [Substring] = []
  if inside.isEmpty {
    return (identifier[..<open], [])
  } else if !inside.contains(" ") {
    // `move(_:to:)`: one label before each colon.
    guard inside.last == ":" else { return nil }
    labels = inside.split(separator: ":", omittingEmptySubsequences: false).dropLast()
  } else {
    // `load(id: Int, into: [String: Int])`: a label before the first colon of each top-level segment.
    var depth = 0
    var start = inside.startIndex
    for index in inside.indices {
      switch inside[index] {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      case "," where depth == 0:
        labels.append(inside[start..<index])
        start = inside.index(after: index)
      default: break
      }
    }
    labels.append(inside[start...])
    labels = labels.map { segment in
      let trimmed = segment.drop(while: { $0 == " " })
      return trimmed.firstIndex(of: ":").map { trimmed[..<$0] } ?? ""
    }
  }
  guard labels.allSatisfy({ label in !label.isEmpty && label.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } })
  else { return nil }
  return (identifier[..<open], labels)
}
