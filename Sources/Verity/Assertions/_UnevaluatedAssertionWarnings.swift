import Foundation

/// Warns when an `Assert(...)` root is released without any operator applied to it: such an
/// assertion checks nothing, which is almost always a mistake (`Assert(that: x)` with the
/// `.isEqualTo(y)` forgotten).
///
/// The warning is written to standard error, once per source location (file, line, column) per
/// process (the locations are kept as `_TypeMap` says: past 1,024 of them, a new one warns at
/// each release), in the compiler's diagnostic format so editors can jump to it:
///
/// ```
/// Module/File.swift:12:5: warning: Assert(that:) is never evaluated; apply an operator such as isEqualTo(_:) to it
/// ```
///
/// It is not a test failure. Tests can read what was recorded through
/// ``warning(fileID:line:column:)``.
package final class _UnevaluatedAssertionWarnings: Sendable {
  package static let shared = _UnevaluatedAssertionWarnings(capacity: 1024)

  /// The warnings by place (`File.swift:12:5`).
  package let sites: _BoundedCache<String, _UnevaluatedAssertionWarning>
  /// Writes a warning (to standard error, but in tests).
  private let write: @Sendable (String) -> Void

  package init(
    capacity: Int, write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) {
    sites = _BoundedCache(capacity: capacity)
    self.write = write
  }

  package func rootWasNeverEvaluated(rootName: String, fileID: StaticString, line: UInt, column: UInt) {
    let site = "\(fileID):\(line):\(column)"
    let message = site + ": warning: \(rootName) is never evaluated; apply an operator such as isEqualTo(_:) to it"
    let isFirst = sites.update(site) { warning in
      warning = _UnevaluatedAssertionWarning(message: message, releases: (warning?.releases ?? 0) + 1)
      return warning?.releases == 1
    }
    if isFirst { write(message + "\n") }
  }

  package func warning(fileID: String, line: UInt, column: UInt) -> _UnevaluatedAssertionWarning? {
    sites.value(for: "\(fileID):\(line):\(column)")
  }
}

/// The warning printed for one source location, and how many unevaluated roots were released
/// there (the warning is printed only for the first).
package struct _UnevaluatedAssertionWarning: Sendable, Equatable {
  /// The line written to standard error.
  package let message: String
  /// How many roots created at this location were released without an operator.
  package let releases: Int
}
