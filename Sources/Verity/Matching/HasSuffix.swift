/// A matcher that accepts strings that end with `suffix`, optionally ignoring case.
///
/// ```swift
/// hasSuffix("lo").matches("hello")  // .match
/// hasSuffix("LO", ignoringCase: true).matches("hello")  // .match
/// hasSuffix("yo").matches("hello")
/// // .mismatch("\"hello\" does not have suffix \"yo\"")
/// ```
public func hasSuffix(_ suffix: String, ignoringCase: Bool = false) -> Matcher<String> {
  _stringMatcher("hasSuffix", .suffix, suffix, ignoringCase: ignoringCase, lacking: "have suffix") { $0.hasSuffix($1) }
}
