import Foundation

/// Compares strings with or without case, the one way every case-insensitive matcher and operator
/// does it: both sides lowercased (`String.lowercased()`, Unicode default case mapping; no locale
/// rules and no normalization beyond what `String` comparison already does).
package struct _CaseSensitivity: Sendable {
  package let ignoresCase: Bool

  package init(ignoringCase: Bool) {
    self.ignoresCase = ignoringCase
  }

  /// Full Unicode case folding (`"ß"` folds to `"ss"`, `"ς"` and `"Σ"` to `"σ"`), as
  /// Foundation's case-insensitive comparison and Nimble's `ignoringCase` do; the text unchanged
  /// when case matters.
  package func fold(_ string: some StringProtocol) -> String {
    ignoresCase ? String(string).folding(options: .caseInsensitive, locale: nil) : String(string)
  }

  /// `" (ignoring case: \"strasse\" vs \"ss\")"` when folding changed either text (it explains
  /// the answer), `" (ignoring case)"` otherwise; empty when case matters.
  package func sentenceSuffix(value: String, expected: String) -> String {
    guard ignoresCase else { return "" }
    let foldedValue = fold(value)
    let foldedExpected = fold(expected)
    guard foldedValue != value.lowercased() || foldedExpected != expected.lowercased() else { return sentenceSuffix }
    return " (ignoring case: \(_render(foldedValue)) vs \(_render(foldedExpected)))"
  }

  /// `, ignoringCase: true` for descriptions, empty when case matters.
  package var argumentSuffix: String { ignoresCase ? ", ignoringCase: true" : "" }

  /// ` (ignoring case)` for mismatch sentences, empty when case matters.
  package var sentenceSuffix: String { ignoresCase ? " (ignoring case)" : "" }
}
