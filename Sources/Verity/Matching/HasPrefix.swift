/// A matcher that accepts strings that start with `prefix`, optionally ignoring case.
///
/// ```swift
/// hasPrefix("he").matches("hello")  // .match
/// hasPrefix("HE", ignoringCase: true).matches("hello")  // .match
/// hasPrefix("yo").matches("hello")
/// // .mismatch("\"hello\" does not have prefix \"yo\"")
/// ```
public func hasPrefix(_ prefix: String, ignoringCase: Bool = false) -> Matcher<String> {
  _stringMatcher("hasPrefix", .prefix, prefix, ignoringCase: ignoringCase, lacking: "have prefix") { $0.hasPrefix($1) }
}
