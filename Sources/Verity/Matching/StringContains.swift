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
  let predicate = _EnginePredicate.string(.contains, substring, ignoringCase: ignoringCase)
  let accepts = _builtInTest(predicate) { (value: String) in needle.isEmpty || sensitivity.fold(value).contains(needle) }
  return Matcher(
    "contains(\(_render(substring))\(sensitivity.argumentSuffix))", engineForm: .opaque, test: accepts,
    enginePredicate: predicate
  ) { value in
    accepts(value)
      ? .match
      : .mismatch(
        "\(_render(value)) does not contain \(_render(substring))\(sensitivity.sentenceSuffix(value: value, expected: substring))")
  }
}
