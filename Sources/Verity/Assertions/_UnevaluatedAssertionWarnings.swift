import Foundation

/// Warns when an `Assert(...)` root is released without any operator applied to it: such an
/// assertion checks nothing, which is almost always a mistake (`Assert(that: x)` with the
/// `.isEqualTo(y)` forgotten).
///
/// The warning is written to standard error, once per source location (file, line, column) per
/// process, in the compiler's diagnostic format so editors can jump to it:
///
/// ```
/// Module/File.swift:12:5: warning: Assert(that:) is never evaluated; apply an operator such as isEqualTo(_:) to it
/// ```
///
/// It is not a test failure. Tests can read what was recorded through
/// ``_unevaluatedAssertionWarning(fileID:line:column:)``.
package final class _UnevaluatedAssertionWarnings: Sendable {
  package static let shared = _UnevaluatedAssertionWarnings()

  private struct Site: Hashable {
    let fileID: String
    let line: UInt
    let column: UInt
  }

  private let sites = _Lock<[Site: _UnevaluatedAssertionWarning]>([:])

  package func rootWasNeverEvaluated(
    rootName: String,
    fileID: StaticString,
    line: UInt,
    column: UInt
  ) {
    let site = Site(fileID: "\(fileID)", line: line, column: column)
    let message =
      "\(fileID):\(line):\(column): warning: \(rootName) is never evaluated; "
      + "apply an operator such as isEqualTo(_:) to it"
    let isFirst = sites._withLock { sites -> Bool in
      if let existing = sites[site] {
        sites[site] = _UnevaluatedAssertionWarning(
          message: existing.message, releases: existing.releases + 1)
        return false
      }
      sites[site] = _UnevaluatedAssertionWarning(message: message, releases: 1)
      return true
    }
    if isFirst {
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }

  package func warning(fileID: String, line: UInt, column: UInt?) -> _UnevaluatedAssertionWarning? {
    sites._withLock { sites in
      if let column {
        return sites[Site(fileID: fileID, line: line, column: column)]
      }
      return sites.first { $0.key.fileID == fileID && $0.key.line == line }?.value
    }
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

/// The unevaluated-assertion warning recorded for an `Assert(...)` call site, if any.
///
/// `column` is the column of the call's opening parenthesis (what `#column` gives a default
/// argument); `nil` finds a warning at any column of the line.
///
/// ```swift
/// import Verity  // (a target of this package: the function is `package`)
///
/// let line = #line; _ = Assert(that: 1)
/// let warning = _unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line), column: 29)
/// ```
package func _unevaluatedAssertionWarning(
  fileID: String,
  line: UInt,
  column: UInt? = nil
) -> _UnevaluatedAssertionWarning? {
  _UnevaluatedAssertionWarnings.shared.warning(fileID: fileID, line: line, column: column)
}
