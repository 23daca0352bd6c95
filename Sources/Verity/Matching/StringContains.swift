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
  _stringMatcher("contains", .contains, substring, ignoringCase: ignoringCase, lacking: "contain") {
    $1.isEmpty || $0.contains($1)
  }
}
