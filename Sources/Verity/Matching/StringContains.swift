/// A matcher that accepts strings containing `substring`, optionally ignoring case.
///
/// Every string contains the empty string.
///
/// ```swift
/// contains("world").matches("hello, world")                      // .match
/// contains("WORLD", ignoringCase: true).matches("hello, world")  // .match
/// contains("moon").matches("hello")
/// // .mismatch("\"hello\" does not contain \"moon\"")
/// ```
public func contains(_ substring: String, ignoringCase: Bool = false) -> Matcher<String> {
  let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
  let needle = sensitivity.fold(substring)
  return Matcher(
    "contains(\(_render(substring))\(sensitivity.argumentSuffix))", engineForm: .opaque,
    test: { needle.isEmpty || sensitivity.fold($0).contains(needle) },
    enginePredicate: .string(.contains, substring, ignoringCase: ignoringCase)
  ) { value in
    needle.isEmpty || sensitivity.fold(value).contains(needle)
      ? .match
      : .mismatch(
        "\(_render(value)) does not contain \(_render(substring))\(sensitivity.sentenceSuffix(value: value, expected: substring))")
  }
}
