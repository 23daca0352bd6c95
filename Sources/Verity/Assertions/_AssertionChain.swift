import Synchronization

/// What every link of one assertion chain shares: where the chain starts in source, whether it
/// reports failures, and whether any operator has been applied to its root.
///
/// When the last link of a reporting chain goes away without any operator having been applied,
/// the chain warns once per source location (see ``_UnevaluatedAssertionWarnings``).
package final class _AssertionChain: Sendable {
  package let rootName: String
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt
  package let reportsFailures: Bool
  private let evaluated = Atomic<Bool>(false)

  package init(
    rootName: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt,
    reportsFailures: Bool
  ) {
    self.rootName = rootName
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.reportsFailures = reportsFailures
  }

  /// A chain that reports nothing, for ``TestAnAssertion(on:)`` and for the attempts of
  /// `eventually`.
  package static func silent(rootName: String) -> _AssertionChain {
    _AssertionChain(
      rootName: rootName, fileID: #fileID, filePath: #filePath, line: 0, column: 0,
      reportsFailures: false)
  }

  package func markEvaluated() {
    evaluated.store(true, ordering: .relaxed)
  }

  /// Reports `"<name> failed - <reason>"` at the operator's location.
  package func report(
    name: String, reason: FailureReason,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard reportsFailures else { return }
    reportFailure(
      "\(name) failed - \(reason)", fileID: fileID, filePath: filePath, line: max(line, 1),
      column: max(column, 1))
  }

  deinit {
    guard reportsFailures, !evaluated.load(ordering: .relaxed) else { return }
    _UnevaluatedAssertionWarnings.shared.rootWasNeverEvaluated(
      rootName: rootName, fileID: fileID, line: line, column: column)
  }
}
