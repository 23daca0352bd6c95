/// A wanted call, compiled once from an identifier and ``Arguments``: the engine pattern that
/// answers counts, plus what failure messages and stub lookups need.
struct ExpectedCall: Sendable {
  let identifier: String
  /// nil for `Arguments.any`.
  let arguments: [ExpectedArgument]?
  let pattern: CallPattern

  init(identifier: String, arguments: Arguments) {
    self.identifier = identifier
    switch arguments {
    case .any:
      self.arguments = nil
    case .none:
      self.arguments = []
    case .actual(let values):
      self.arguments = values.map(ExpectedArgument.init)
    }
    if let expected = self.arguments {
      var pattern = CallPattern(identifier, arguments: .exactly(expected.map(\.pattern)))
      pattern._accelerators = expected.map(\.accelerator)
      self.pattern = pattern
    } else {
      self.pattern = CallPattern(identifier, arguments: .any)
    }
  }

  /// `beginAuthentication("a", any(), 5)`, or `refresh(any arguments)` for `Arguments.any`.
  var description: String {
    guard let arguments else { return "\(identifier)(any arguments)" }
    return "\(identifier)(\(arguments.map(\.description).joined(separator: ", ")))"
  }

  /// Whether a call being made now, with these argument values, matches (used by stubs).
  func matches(values: [Any?]) -> Bool {
    guard let arguments else { return true }
    guard arguments.count == values.count else { return false }
    for (expected, value) in zip(arguments, values) where !expected.matches(value: value) {
      return false
    }
    return true
  }

  /// `verifyCall failed - argument 1 of take is a function and cannot be compared; use any() or a
  /// captor`, for the first plain argument that cannot be compared; nil when every one can.
  func incomparableMessage(name: String) -> String? {
    guard let arguments else { return nil }
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
    guard let arguments else { return [] }
    return arguments.enumerated().compactMap { position, argument in
      argument.captor.map { (position, $0) }
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
