extension Assertion where Value: Sequence, Value.Element: Equatable {
  /// Passes when the sequence contains `element`, and passes the sequence on.
  ///
  /// ```swift
  /// Assert(that: user.roles).contains(.admin)
  /// // on failure: contains failed - [1, 2] does not contain 3
  /// ```
  @discardableResult
  public func contains(
    _ element: Value.Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    evaluate(
      name: "contains", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      value.contains(element)
        ? .pass(value) : .fail(message: "\(_render(value)) does not contain \(_render(element))")
    }
  }
}

extension Assertion where Value: StringProtocol {
  /// Passes when the string contains `substring`, optionally ignoring case, and passes the string
  /// on.
  ///
  /// Case is ignored by lowercasing both strings. Every string contains the empty string.
  ///
  /// ```swift
  /// Assert(that: banner.text).contains("welcome", ignoringCase: true)
  /// // on failure: contains failed - "Hello" does not contain "bye" (ignoring case)
  /// ```
  @discardableResult
  public func contains(
    _ substring: String,
    ignoringCase: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Assertion<Value> {
    let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
    let needle = sensitivity.fold(substring)
    return evaluate(
      name: "contains", fileID: fileID, filePath: filePath, line: line, column: column
    ) { value in
      needle.isEmpty || sensitivity.fold(value).contains(needle)
        ? .pass(value)
        : .fail(
          message:
            "\(_render(value)) does not contain \(_render(substring))\(sensitivity.sentenceSuffix(value: String(value), expected: substring))"
        )
    }
  }
}
