import Foundation
import Synchronization

/// A warning said once per instance (a `static let` one: once per process), where a fallback
/// starts to apply: not a test failure (the code that falls back may be right), but never silent.
///
/// The process's warnings go to standard error, as `warning: …` lines; a test makes its own
/// instance with a `write` that keeps the text, so what it sees leaves no state behind for other
/// tests and prints nothing.
///
/// ```swift
/// let warning = _OneTimeWarning("Verity: warning: …")
/// warning.say()   // written
/// warning.say()   // nothing: said already
/// ```
package final class _OneTimeWarning: Sendable {
  /// The text written, without a line break.
  package let message: String
  private let write: @Sendable (String) -> Void
  private let said = Atomic<Bool>(false)

  /// A warning of `message`, written by `write` (by default, to standard error with a line break).
  package init(_ message: String, write: @escaping @Sendable (String) -> Void = _OneTimeWarning.standardError) {
    self.message = message
    self.write = write
  }

  /// Writes the message the first time it is called, and does nothing after (one atomic load once
  /// it is said: cheap enough for a path every static mock call takes).
  package func say() {
    guard !said.load(ordering: .relaxed) else { return }
    guard !said.exchange(true, ordering: .acquiringAndReleasing) else { return }
    write(message)
  }

  /// Writes `message` and a line break to standard error.
  package static let standardError: @Sendable (String) -> Void = { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
