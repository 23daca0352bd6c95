/// A matcher that accepts strings in which the regular expression `pattern` finds a match.
///
/// The pattern uses Swift `Regex` syntax and is searched for anywhere in the string; anchor it
/// with `^` and `$` to require a whole-string match. Messages write the pattern between slashes.
/// An invalid pattern makes every check mismatch with the parser's explanation, so a typo fails
/// the test instead of crashing it.
///
/// ```swift
/// matchesRegex(#"\d+"#).matches("order 66")   // .match
/// matchesRegex(#"^\d+$"#).matches("order 66")
/// // .mismatch("\"order 66\" does not match /^\\d+$/")
/// matchesRegex("HELLO", ignoringCase: true).matches("hello")  // .match
/// ```
public func matchesRegex(_ pattern: String, ignoringCase: Bool = false) -> Matcher<String> {
  let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
  return Matcher("matchesRegex(/\(pattern)/\(sensitivity.argumentSuffix))") { value in
    // `Regex` is not Sendable, so the matcher keeps the pattern and compiles it per check.
    let regex: Regex<AnyRegexOutput>
    do {
      regex = try Regex(pattern).ignoresCase(ignoringCase)
    } catch {
      return .mismatch("invalid regular expression /\(pattern)/: \(error)")
    }
    return value.contains(regex)
      ? .match
      : .mismatch(
        "\(_render(value)) does not match /\(pattern)/\(sensitivity.sentenceSuffix)")
  }
}
