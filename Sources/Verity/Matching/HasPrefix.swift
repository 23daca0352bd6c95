/// A matcher that accepts strings that start with `prefix`, optionally ignoring case.
///
/// ```swift
/// hasPrefix("he").matches("hello")  // .match
/// hasPrefix("HE", ignoringCase: true).matches("hello")  // .match
/// hasPrefix("yo").matches("hello")
/// // .mismatch("\"hello\" does not have prefix \"yo\"")
/// ```
public func hasPrefix(_ prefix: String, ignoringCase: Bool = false) -> Matcher<String> {
  let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
  let folded = sensitivity.fold(prefix)
  let predicate = _EnginePredicate.string(.prefix, prefix, ignoringCase: ignoringCase)
  let accepts = _builtInTest(predicate) { (value: String) in sensitivity.fold(value).hasPrefix(folded) }
  return Matcher(
    "hasPrefix(\(_render(prefix))\(sensitivity.argumentSuffix))", engineForm: .opaque, test: accepts,
    enginePredicate: predicate
  ) { value in
    accepts(value)
      ? .match
      : .mismatch(
        "\(_render(value)) does not have prefix \(_render(prefix))\(sensitivity.sentenceSuffix(value: value, expected: prefix))")
  }
}
