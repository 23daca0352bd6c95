/// The differences between two values of any type, or nil when they are structurally equal.
///
/// Both values are written as structures (through a ``StructurallyEncodable`` conformance, the
/// fast casts for `[String: Any]`, `[Any]` and Foundation trees, or reflection), then the engine
/// walks both together and skips every subtree whose hash and bytes agree: two 100 000-node models
/// with one change cost two encodings and a walk down one path. Dictionaries and sets never show
/// their order; arrays are aligned, so an inserted element is one insertion, not a cascade of
/// changes.
///
/// ```swift
/// let before: [String: Any] = ["user": ["name": "Ada", "tags": ["a", "b"]]]
/// let after: [String: Any] = ["user": ["name": "Ada", "tags": ["a", "c", "b"]]]
/// print(diff(before, after)!)
/// // user["tags"][1]: inserted "c"
/// ```
///
/// Structural equality is reflexive (`NaN` equals `NaN`), compares class instances by contents,
/// and is what ``Matchable`` uses, and what
/// ``Assertion/hasNoDifference(from:options:fileID:filePath:line:column:)`` uses for a value that
/// is not `Equatable` or with options that change the comparison (for an `Equatable` value with
/// options that change no comparison, `==` decides there and this diff explains a failure).
public func diff(
  _ a: Any?, _ b: Any?, options: DiffOptions = DiffOptions(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Difference? {
  _reportInvalid(options, fileID: fileID, filePath: filePath, line: line, column: column)
  let first = a as? Structure ?? Structure(encoding: a, fileID: fileID, filePath: filePath, line: line, column: column)
  let second = b as? Structure ?? Structure(encoding: b, fileID: fileID, filePath: filePath, line: line, column: column)
  return _diff(first, second, options: options, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The differences between two values of one ``StructurallyEncodable`` type (the fastest path:
/// no existentials, no reflection), or nil when they are equal.
///
/// ```swift
/// diff(savedModel, reloadedModel)?.renderedTree()
/// ```
public func diff<T: StructurallyEncodable>(
  _ a: T, _ b: T, options: DiffOptions = DiffOptions(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Difference? {
  _reportInvalid(options, fileID: fileID, filePath: filePath, line: line, column: column)
  return _diffConformances(a, b, options: options, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports invalid options at the caller (the diff then compares exactly, as the engine clamps
/// them): a clear failure, never a silently different comparison.
func _reportInvalid(
  _ options: DiffOptions, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  if let problem = options._problem {
    reportFailure("diff failed - \(problem)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

func _diffConformances<T: StructurallyEncodable>(
  _ a: T, _ b: T, options: DiffOptions,
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) -> Difference? {
  // The node tables the diff builds validate the bytes, so the encodings are not validated
  // twice; a conformance that writes malformed bytes takes the validating path, which reports it.
  if let first = Structure._unvalidated(a), let second = Structure._unvalidated(b) {
    do {
      return try first._engineDiff(to: second, options: options._engine).map {
        Difference($0, lineLimit: options.lineLimit)._notingUnusedIgnores(first, second, options)
      }
    } catch {}
  }
  return _diff(
    Structure(a, fileID: fileID, filePath: filePath, line: line, column: column),
    Structure(b, fileID: fileID, filePath: filePath, line: line, column: column),
    options: options, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The differences between two `Equatable` values of one ``StructurallyEncodable`` type, or nil
/// when they are structurally equal. Equal values (`==`) are answered without encoding where the
/// conformance promises that equal values have equal structures (not for `@Matchable` types,
/// whose own `==` may compare less than the diff shows).
///
/// ```swift
/// diff(expectedUsers, loadedUsers)  // nil at the cost of one `==`
/// ```
public func diff<T: StructurallyEncodable & Equatable>(
  _ a: T, _ b: T, options: DiffOptions = DiffOptions(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Difference? {
  _reportInvalid(options, fileID: fileID, filePath: filePath, line: line, column: column)
  if T.structureDecidesEquality, a == b { return nil }
  return _diffConformances(a, b, options: options, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Diffs two structures. If the engine cannot (memory ran out), the failure is reported and a
/// difference with one root edit is returned when the structures differ, never a silent nil.
package func _diff(
  _ a: Structure, _ b: Structure, options: DiffOptions,
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) -> Difference? {
  do {
    guard let engine = try a._engineDiff(to: b, options: options._engine) else { return nil }
    return Difference(engine, lineLimit: options.lineLimit)._notingUnusedIgnores(a, b, options)
  } catch {
    reportFailure(
      "diff failed - \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
    guard a != b else { return nil }
    var engine = _EngineDifference()
    engine.edits = [.init(kind: .changed, step: nil, before: a, after: b)]
    engine.changed = 1
    return Difference(engine, lineLimit: options.lineLimit)
  }
}

extension Difference {
  /// The text failures show: a heading with the totals, then the path list (short messages), or
  /// the collapsed tree.
  package func _failureText(tree: Bool) -> String {
    let body = tree ? renderedTree() : renderedPaths()
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    var text = "the values differ (expected → actual; \(summary)):\n" + indented.joined(separator: "\n")
    if !unusedIgnoredPaths.isEmpty {
      let named = unusedIgnoredPaths.map { String(reflecting: $0.description) }.joined(separator: ", ")
      text += "\nignoredPaths that ignored no difference: \(named)"
    }
    if !unknownIgnoredFields.isEmpty {
      let named = unknownIgnoredFields.map { String(reflecting: $0) }.joined(separator: ", ")
      text += "\nignoredFields that name no field of either value: \(named)"
    }
    return text
  }

  /// This difference, with the `ignoredPaths` patterns that ignored nothing noted (each is the one
  /// whose removal leaves the diff's totals as they are) and the `ignoredFields` that name no
  /// field of either value. Runs only for a difference (a failure, or a value the caller
  /// inspects), one extra diff per pattern.
  func _notingUnusedIgnores(_ a: Structure, _ b: Structure, _ options: DiffOptions) -> Difference {
    var noted = self
    if !options.ignoredFields.isEmpty {
      let labels = _fieldLabels(a).union(_fieldLabels(b))
      noted.unknownIgnoredFields = options.ignoredFields.filter { !labels.contains($0) }.sorted()
    }
    guard !options.ignoredPaths.isEmpty else { return noted }
    for index in options.ignoredPaths.indices {
      var without = options
      without.ignoredPaths.remove(at: index)
      guard let other = try? a._engineDiff(to: b, options: without._engine) else { continue }
      if other.total == count {
        noted.unusedIgnoredPaths.append(options.ignoredPaths[index])
      }
    }
    return noted
  }
}

/// The field names (labels) anywhere in `structure`; none when its nodes cannot be read.
private func _fieldLabels(_ structure: Structure) -> Set<String> {
  guard let nodes = try? structure.nodeTable() else { return [] }
  return Set(nodes.compactMap { structure.label(of: $0) })
}
