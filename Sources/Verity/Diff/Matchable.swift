import Foundation

/// A type whose values can be checked against each other by throwing where they differ, with the
/// exact path to the difference.
///
/// Conforming needs no body: the default compares the two values' structures (every stored
/// property, dictionaries and sets whatever their order, class instances by contents) and throws
/// a ``MatchFailedError`` carrying the ``Difference``:
///
/// ```swift
/// struct Workout: Matchable { var name: String; var duration: Double; var restDays: [Int] }
/// try saved.assertMatches(reloaded)
/// // MatchFailedError: Workout does not match: the values differ (expected → actual; 1 changed):
/// //   duration: 30.0 → 45.0
/// ```
///
/// A type can check its own way (tolerances, ignored fields) by implementing either method; the
/// other one forwards to it. Inside a check, ``MatchableContext/current`` holds the options,
/// and the location failures are reported at.
///
/// ```swift
/// extension Measurement: Matchable {
///   public func assertMatches(_ other: Self, in context: MatchableContext) throws {
///     guard abs(value - other.value) <= 0.001 else {
///       throw MatchFailedError(expected: "\(self)", actual: "\(other)")
///     }
///   }
/// }
/// ```
///
/// The receiver is the reference ("expected") value, the argument the value under test.
public protocol Matchable {
  /// Throws ``MatchFailedError`` when `other` does not match this value.
  func assertMatches(_ other: Self) throws
  /// Throws ``MatchFailedError`` when `other` does not match this value, under `context`'s options.
  func assertMatches(_ other: Self, in context: MatchableContext) throws
}

extension Matchable {
  /// Checks under the current context (``MatchableContext/current``): calls
  /// ``assertMatches(_:in:)``.
  public func assertMatches(_ other: Self) throws {
    try assertMatches(other, in: MatchableContext.current)
  }

  /// The default check: the structures of the two values must have no difference under the
  /// context's options.
  public func assertMatches(_ other: Self, in context: MatchableContext) throws {
    try _assertStructuresMatch(self, other, in: context)
  }

  /// Checks the values at each key path (of any value types, in one call) and throws at the first
  /// that does not match, wrapped so the error reads from this type inwards. A value that is
  /// ``Matchable`` is checked with its own ``assertMatches(_:)``; any other value structurally.
  ///
  /// ```swift
  /// try assertMatches([\.name, \.duration, \.restDays], of: other)
  /// ```
  public func assertMatches(_ keyPaths: [PartialKeyPath<Self>], of other: Self) throws {
    for keyPath in keyPaths {
      do {
        try _assertAnyMatches(self[keyPath: keyPath], other[keyPath: keyPath])
      } catch {
        throw MatchFailedError(
          path: _keyPathName(keyPath), typeName: _render(type: Self.self), underlying: error)
      }
    }
  }
}

/// A type checked member by member: implement ``assertContentMatches(_:in:)`` (often with the
/// key-path form of ``Matchable/assertMatches(_:of:)``); any error it throws is wrapped in one
/// naming this type, so a failure reads outside-in: `TrainingTask does not match: name does not match: ...`.
///
/// ```swift
/// extension TrainingTask: MatchableCompound {
///   func assertContentMatches(_ other: TrainingTask, in context: MatchableContext) throws {
///     try assertMatches([\.state], of: other)
///     try assertMatches([\.name, \.duration, \.restDays], of: other)
///   }
/// }
/// ```
public protocol MatchableCompound: Matchable {
  /// Throws when a member of `other` does not match the same member of this value.
  func assertContentMatches(_ other: Self, in context: MatchableContext) throws
}

extension MatchableCompound {
  /// Runs ``assertContentMatches(_:in:)`` (with `context` as ``MatchableContext/current``) and
  /// wraps what it throws in an error naming this type.
  public func assertMatches(_ other: Self, in context: MatchableContext) throws {
    do {
      try MatchableContext.$current.withValue(context) {
        try assertContentMatches(other, in: context)
      }
    } catch {
      throw MatchFailedError(path: nil, typeName: _render(type: Self.self), underlying: error)
    }
  }
}

/// Options and source location for a match: what ``Matchable/assertMatches(_:in:)`` receives.
public struct MatchableContext: Sendable {
  /// How structures are compared (tolerances, ignored fields, ...).
  public var options: DiffOptions
  /// Where a failure is reported: the file's ID (`#fileID`).
  public var fileID: StaticString
  /// Where a failure is reported: the file's path (`#filePath`).
  public var filePath: StaticString
  /// Where a failure is reported: the line.
  public var line: UInt
  /// Where a failure is reported: the column.
  public var column: UInt

  /// A context with options, located at the caller.
  ///
  /// ```swift
  /// try a.assertMatches(b, in: MatchableContext(options: DiffOptions(floatTolerance: 1e-6)))
  /// ```
  public init(
    options: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.options = options
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The context of the match running on this task (set by Verity when it calls a check; the
  /// defaults elsewhere).
  @TaskLocal public static var current = MatchableContext()
}

/// Thrown when two values do not match: where, what was expected, what was found, and the errors
/// of the members that did not match (outermost first), with the structural difference when one
/// was computed.
///
/// ```swift
/// do { try expected.assertMatches(actual) } catch let error as MatchFailedError {
///   error.path        // "name"
///   error.description // TrainingTask does not match: name does not match: "run" → "walk"
/// }
/// ```
public struct MatchFailedError: Error, CustomStringConvertible {
  /// The member that did not match (a key path's name, a field), nil for the value itself.
  public var path: String?
  /// The type that did not match, when known.
  public var typeName: String?
  /// The expected value, rendered.
  public var expected: String
  /// The actual value, rendered.
  public var actual: String
  /// What failed inside (a member's error).
  public var underlyingErrors: [any Error]
  /// The structural difference, when the check compared structures.
  public var difference: Difference?

  /// An error for two leaf values.
  public init(path: String? = nil, expected: String, actual: String, difference: Difference? = nil) {
    self.path = path
    self.expected = expected
    self.actual = actual
    self.underlyingErrors = []
    self.difference = difference
  }

  /// Wraps a member's error: `typeName` (and `path`) did not match because of `underlying`.
  public init(path: String?, typeName: String?, underlying: any Error) {
    self.path = path
    self.typeName = typeName
    self.underlyingErrors = [underlying]
    let inner = underlying as? MatchFailedError
    self.expected = inner?.expected ?? ""
    self.actual = inner?.actual ?? ""
    self.difference = nil
  }

  /// The chain, outside-in: `Task does not match: name does not match: "run" → "walk"`.
  public var description: String {
    var subject = ""
    if let typeName { subject = typeName }
    if let path { subject = subject.isEmpty ? path : "\(subject).\(path)" }
    let head = subject.isEmpty ? "" : "\(subject) does not match: "
    if let inner = underlyingErrors.first {
      return head + String(describing: inner)
    }
    if let difference {
      return head + difference._failureText(tree: false)
    }
    return head + "expected \(expected), got \(actual)"
  }
}

/// Compares two values' structures; throws with the difference.
func _assertStructuresMatch<T>(_ expected: T, _ actual: T, in context: MatchableContext) throws {
  let difference = diff(
    expected, actual, options: context.options,
    fileID: context.fileID, filePath: context.filePath, line: context.line, column: context.column)
  guard let difference else { return }
  throw MatchFailedError(
    path: nil, expected: _renderBounded(expected), actual: _renderBounded(actual), difference: difference)
}

/// Checks two values of any type: through `Matchable` when the expected one conforms (and the
/// actual one has its type), else structurally.
func _assertAnyMatches(_ expected: Any, _ actual: Any) throws {
  if let matchable = expected as? any Matchable {
    func check<M: Matchable>(_ expected: M) throws -> Bool {
      guard let actual = actual as? M else { return false }
      try expected.assertMatches(actual)
      return true
    }
    if try check(matchable) { return }
  }
  try _assertStructuresMatch(expected, actual, in: MatchableContext.current)
}

/// A value's rendering in a match failure, bounded.
func _renderBounded(_ value: Any) -> String {
  Structure(encoding: value).rendered(maxLength: 200)
}

/// `\Task.name` → `name`; a key path Swift cannot name prints as itself.
func _keyPathName<Root>(_ keyPath: PartialKeyPath<Root>) -> String {
  let text = String(describing: keyPath)
  guard text.hasPrefix("\\"), let dot = text.firstIndex(of: ".") else { return text }
  return String(text[text.index(after: dot)...])
}

extension String: Matchable {}
extension Substring: Matchable {}
extension Character: Matchable {}
extension Bool: Matchable {}
extension Int: Matchable {}
extension Int8: Matchable {}
extension Int16: Matchable {}
extension Int32: Matchable {}
extension Int64: Matchable {}
extension UInt: Matchable {}
extension UInt8: Matchable {}
extension UInt16: Matchable {}
extension UInt32: Matchable {}
extension UInt64: Matchable {}
extension Double: Matchable {}
extension Float: Matchable {}
extension Date: Matchable {}
extension URL: Matchable {}
extension UUID: Matchable {}
extension Data: Matchable {}
extension Decimal: Matchable {}
