/// A matcher that accepts strings that end with `suffix`, optionally ignoring case.
///
/// ```swift
/// hasSuffix("lo").matches("hello")  // .match
/// hasSuffix("LO", ignoringCase: true).matches("hello")  // .match
/// hasSuffix("yo").matches("hello")
/// // .mismatch("\"hello\" does not have suffix \"yo\"")
/// ```
public func hasSuffix(_ suffix: String, ignoringCase: Bool = false) -> Matcher<String> {
  let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
  let folded = sensitivity.fold(suffix)
  let predicate = _EnginePredicate.string(.suffix, suffix, ignoringCase: ignoringCase)
  let accepts = _builtInTest(predicate) { (value: String) in sensitivity.fold(value).hasSuffix(folded) }
  return Matcher(
    "hasSuffix(\(_render(suffix))\(sensitivity.argumentSuffix))", engineForm: .opaque, test: accepts,
    enginePredicate: predicate
  ) { value in
    accepts(value)
      ? .match
      : .mismatch(
        "\(_render(value)) does not have suffix \(_render(suffix))\(sensitivity.sentenceSuffix(value: value, expected: suffix))")
  }
}
