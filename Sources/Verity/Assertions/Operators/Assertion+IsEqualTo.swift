extension Assertion where Value: Equatable {
  /// Passes when the value equals `expected`.
  ///
  /// ```swift
  /// Assert(that: total).isEqualTo(42)
  /// // on failure: isEqualTo failed - 41 is not equal to 42
  /// Assert(that: "1").isEqualTo("2")
  /// // on failure: isEqualTo failed - "1" is not equal to "2"
  /// Assert(that: users).isEqualTo(expectedUsers)   // 200 users, one renamed
  /// // on failure: isEqualTo failed - the values differ (expected → actual; 1 changed):
  /// //   [137].name: "Ada" → "Grace"
  /// ```
  ///
  /// Values whose renderings are longer than 80 characters are shown as their structural
  /// difference (see ``diff(_:_:options:fileID:filePath:line:column:)-(Any?,_,_,_,_,_,_)``); long
  /// strings as the first differing line with its offset.
  @discardableResult
  public func isEqualTo(
    _ expected: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isEqualTo", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value == expected ? .pass(()) : .fail(message: _notEqualMessage(value, expected))
    }
  }
}

extension Assertion where Value: FloatingPoint {
  /// Passes when the value is within `accuracy` of `expected` (inclusive); NaN never passes.
  ///
  /// ```swift
  /// Assert(that: 0.1 + 0.2).isEqualTo(0.3, accuracy: 1e-9)
  /// // on failure: isEqualTo failed - 1.5 is not within 0.1 of 1.0
  /// ```
  @discardableResult
  public func isEqualTo(
    _ expected: Value,
    accuracy: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isEqualTo", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      if let problem = _invalidTolerance(accuracy) { return .fail(message: problem) }
      return _isApproximatelyEqual(value, expected, tolerance: accuracy)
        ? .pass(()) : .fail(message: _notWithinTolerance(value, expected, tolerance: accuracy))
    }
  }
}

extension Assertion where Value == [String: Any] {
  /// Passes when a dynamic dictionary (a decoded JSON object, say) equals `expected`. Such values
  /// are not `Equatable`, so they are compared by structure, as
  /// ``Assertion/hasNoDifference(from:options:fileID:filePath:line:column:)`` compares them:
  /// `NSNumber(value: 2)` equals `2`, key order never matters, and a failure lists the paths that
  /// differ.
  ///
  /// ```swift
  /// let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
  /// Assert(that: json).isEqualTo(["type": "login", "retries": 2])
  /// // on failure: isEqualTo failed - the values differ (expected → actual; 1 changed):
  /// //   ["retries"]: 2 → 3
  /// ```
  @discardableResult
  public func isEqualTo(
    _ expected: [String: Any],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isEqualTo", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      _structurallyEqual(value, expected)
    }
  }
}

extension Assertion where Value == [Any] {
  /// Passes when a dynamic array (a decoded JSON array, say) equals `expected`, compared by
  /// structure as for `[String: Any]` (see
  /// ``Assertion/isEqualTo(_:fileID:filePath:line:column:)-([String:Any],_,_,_,_)``).
  ///
  /// ```swift
  /// Assert(that: json["tags"] as! [Any]).isEqualTo(["a", 1])
  /// // on failure: isEqualTo failed - the values differ (expected → actual; 1 changed):
  /// //   [1]: 1 → 2
  /// ```
  @discardableResult
  public func isEqualTo(
    _ expected: [Any],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Void> {
    evaluate(
      name: "isEqualTo", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      _structurallyEqual(value, expected)
    }
  }
}

/// Structural equality of two dynamic values, with the difference as the failure.
private func _structurallyEqual(_ value: Any, _ expected: Any) -> AssertionResult<Void> {
  guard let difference = diff(expected, value) else { return .pass(()) }
  return .fail(message: difference._failureText(tree: false))
}
