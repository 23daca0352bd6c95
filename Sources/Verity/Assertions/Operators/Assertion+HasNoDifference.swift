extension Assertion {
  /// Passes when the value matches `expected`: through `expected`'s ``Matchable`` check when its
  /// type conforms, else structurally (every stored property, any type, `Any` and `[String: Any]`
  /// included). A failure shows the paths that differ.
  ///
  /// ```swift
  /// Assert(that: reloaded).matches(saved)
  /// // on failure: matches failed - Workout does not match: the values differ (expected → actual; 1 changed):
  /// //   duration: 30.0 → 45.0
  /// ```
  @discardableResult
  public func matches(
    _ expected: Value,
    options: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    _check(name: "matches", fileID: fileID, filePath: filePath, line: line, column: column) { value in
      if let problem = options._problem { return .message(problem) }
      let context = MatchableContext(options: options, line: UInt(max(0, line)))
      do {
        try MatchableContext.$current.withValue(context) {
          try _assertAnyMatches(expected, value)
        }
        return nil
      } catch let error as MatchFailedError {
        var described = error
        if described.typeName == nil, described.path == nil, described.underlyingErrors.isEmpty {
          described.typeName = _render(type: type(of: expected as Any))
        }
        return .message(described.description)
      }
    }
  }

  /// Passes when the value and `expected` have no difference (under `options`). A failure lists
  /// the differences, one path per line, within the options' line budget.
  ///
  /// What decides, as for `isEqualTo` and `eq` (one meaning per word):
  /// - an `Equatable` value with options that change no comparison (no ``DiffOptions/floatTolerance``,
  ///   ``DiffOptions/ignoredFields``, ``DiffOptions/ignoredPaths`` or
  ///   ``DiffOptions/ignoresArrayOrder``) passes when `==` holds, at the cost of `==`; the
  ///   structural diff runs only to explain a failure, and the message says so when `==` fails but
  ///   the structures are equal (a NaN, or an `==` that compares what stored properties don't show);
  /// - any other value, or any options that change the comparison, is compared by structure.
  ///
  /// ```swift
  /// Assert(that: response.json).hasNoDifference(from: fixture)
  /// // on failure: hasNoDifference failed - the values differ (expected → actual; 1 changed):
  /// //   user["tags"][1]: "b" → "c"
  /// ```
  @discardableResult
  public func hasNoDifference(
    from expected: Value,
    options: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    _check(name: "hasNoDifference", fileID: fileID, filePath: filePath, line: line, column: column) { value in
      _difference(value, expected, options: options, equal: { _equalUnderEquals(value, expected) })
    }
  }
}

extension Assertion where Value: Equatable {
  /// Passes when the value and `expected` have no difference (under `options`); the same check as
  /// the unconstrained ``Assertion/hasNoDifference(from:options:fileID:filePath:line:column:)``,
  /// which a value statically known to be `Equatable` reaches here: `==` is then called on the
  /// values where they are, with no conformance lookup and no copy of either.
  @discardableResult
  public func hasNoDifference(
    from expected: Value,
    options: DiffOptions = DiffOptions(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    _check(name: "hasNoDifference", fileID: fileID, filePath: filePath, line: line, column: column) { value in
      _difference(value, expected, options: options, equal: { value == expected })
    }
  }
}

/// Why `hasNoDifference` fails, or nil when it passes. `equal` gives `==`'s answer, or nil when
/// the type is not `Equatable`; it is asked only when `==` decides (options that change no
/// comparison), else the structures decide.
private func _difference<Value>(
  _ value: Value, _ expected: Value, options: DiffOptions, equal: () -> Bool?
) -> FailureReason? {
  if let problem = options._problem { return .message(problem) }
  let equal = options._equalsDecides ? equal() : nil
  if equal == true { return nil }
  guard let difference = diff(expected, value, options: options) else {
    // `==` said they differ where the structures are equal: say why they may disagree.
    return equal == false ? .message(_equalStructuresMessage(value, expected)) : nil
  }
  return .message(difference._failureText(tree: false))
}

/// `a == b` when `T` conforms to `Equatable` (checked at run time: ``Assertion`` holds any
/// value), or nil when it does not. Costs `==` plus one conformance check, which the runtime
/// caches per type.
func _equalUnderEquals<T>(_ a: T, _ b: T) -> Bool? {
  guard let equatable = T.self as? any Equatable.Type else { return nil }
  func open<E: Equatable>(_: E.Type) -> Bool {
    // `T` is `E` here: the values are compared where they are, as `E`, with no copy of either
    // (a cast would copy each, retaining every reference a large model holds).
    precondition(E.self == T.self)
    return withUnsafePointer(to: a) { left in
      withUnsafePointer(to: b) { right in
        UnsafeRawPointer(left).assumingMemoryBound(to: E.self).pointee
          == UnsafeRawPointer(right).assumingMemoryBound(to: E.self).pointee
      }
    }
  }
  return open(equatable)
}

/// The failure of `hasNoDifference` when `==` says the values differ but their structures are
/// equal: the diff has nothing to show, so the message says why `==` may disagree.
func _equalStructuresMessage(_ value: Any, _ expected: Any) -> String {
  let structure = Structure(encoding: value)
  let reason: String
  if structure._containsNaN {
    reason = "the value holds a NaN, which is not equal to itself under =="
  } else if let (path, actual, wanted) = _nilDepthDifference(value, expected, path: "") {
    // Verity's one nil: a structure keeps no optional layers around a nil, `==` does.
    let place = path.isEmpty ? "" : "at \(path) "
    reason =
      "\(place)the value is \(actual) and the expected value \(wanted): Verity takes nil at any optional depth "
      + "as one nil, == tells the depths apart"
  } else {
    reason = "the type's == compares something its stored properties do not show"
  }
  return "== says the values differ, but their structures are equal (\(reason))"
}

/// The first place, read by reflection, where `value` and `expected` are both nil but at different
/// optional depths (`Optional(nil)` against `nil`): its path (empty for the values themselves) and
/// the two, as Swift's debug form shows them; nil when there is none.
private func _nilDepthDifference(_ value: Any, _ expected: Any, path: String, depth: Int = 0) -> (String, String, String)? {
  guard depth < 16 else { return nil }
  let (valueLayers, valueInner) = _optionalLayers(value)
  let (expectedLayers, expectedInner) = _optionalLayers(expected)
  switch (valueInner, expectedInner) {
  case (nil, nil):
    return valueLayers == expectedLayers ? nil : (path, String(reflecting: value), String(reflecting: expected))
  case (let valueInner?, let expectedInner?):
    // A dictionary's or a set's elements come in no set order: they cannot be paired by position.
    let style = Mirror(reflecting: valueInner).displayStyle
    guard style != .dictionary, style != .set else { return nil }
    let valueChildren = Array(Mirror(reflecting: valueInner).children)
    let expectedChildren = Array(Mirror(reflecting: expectedInner).children)
    guard valueChildren.count == expectedChildren.count else { return nil }
    for (index, (child, expectedChild)) in zip(valueChildren, expectedChildren).enumerated() {
      let step = child.label.map { $0.hasPrefix(".") ? $0 : ".\($0)" } ?? "[\(index)]"
      if let found = _nilDepthDifference(child.value, expectedChild.value, path: path + step, depth: depth + 1) {
        return found
      }
    }
    return nil
  default:
    return nil
  }
}

/// How many `Optional.some` layers wrap `value`, and what they wrap: nil when that is nil.
private func _optionalLayers(_ value: Any) -> (Int, Any?) {
  var current = value
  var layers = 0
  while Mirror(reflecting: current).displayStyle == .optional {
    guard let wrapped = Mirror(reflecting: current).children.first?.value else { return (layers, nil) }
    current = wrapped
    layers += 1
  }
  return (layers, current)
}

/// The message of a failed equality: the two values on one line when they are short, else the
/// structural difference (paths), so two 200-element arrays differing in one element show that
/// element's path, not two 28 000-character lines.
func _notEqualMessage(_ value: Any, _ expected: Any) -> String {
  let shown = _render(value)
  let wanted = _render(expected)
  if shown == wanted {
    // Values that print alike but differ by `==` (an optional holding nil and nil, or a type
    // whose description hides what `==` compares): show Swift's debug form, and say so.
    let shownFully = String(reflecting: value)
    let wantedFully = String(reflecting: expected)
    if shownFully != wantedFully {
      return "\(_cut(shownFully)) is not equal to \(_cut(wantedFully))"
    }
    let reason = shown.contains("nan") ? "NaN is not equal to itself under ==" : "they print alike, but == tells them apart"
    return "\(_cut(shown)) is not equal to \(_cut(wanted)) (\(reason))"
  }
  if shown.utf8.count <= _shortRendering, wanted.utf8.count <= _shortRendering {
    return "\(shown) is not equal to \(wanted)"
  }
  if let difference = diff(expected, value) {
    return difference._failureText(tree: false)
  }
  return "\(_cut(shown)) is not equal to \(_cut(wanted))"
}

/// Renderings up to this many UTF-8 bytes are shown whole in equality failures.
let _shortRendering = 80

func _cut(_ text: String) -> String {
  text.utf8.count <= 200 ? text : String(text.prefix(200)) + "…"
}

/// `_render(value)`, cut to 200 characters (then `…`): for matcher descriptions that name a value.
package func _renderCut(_ value: Any) -> String {
  _cut(_render(value))
}
