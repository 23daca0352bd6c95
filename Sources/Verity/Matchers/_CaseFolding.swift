/// Compares strings with or without case, the one way every case-insensitive matcher and operator
/// does it: both sides lowercased (`String.lowercased()`, Unicode default case mapping; no locale
/// rules and no normalization beyond what `String` comparison already does).
package struct _CaseSensitivity: Sendable {
  package let ignoresCase: Bool

  package init(ignoringCase: Bool) {
    self.ignoresCase = ignoringCase
  }

  package func fold(_ string: some StringProtocol) -> String {
    ignoresCase ? string.lowercased() : String(string)
  }

  /// `, ignoringCase: true` for descriptions, empty when case matters.
  package var argumentSuffix: String { ignoresCase ? ", ignoringCase: true" : "" }

  /// ` (ignoring case)` for mismatch sentences, empty when case matters.
  package var sentenceSuffix: String { ignoresCase ? " (ignoring case)" : "" }
}
