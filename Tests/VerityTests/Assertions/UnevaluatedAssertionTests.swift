import Synchronization
import Testing
import Verity

/// The column Swift gives `#column` in a default argument is that of the call's opening
/// parenthesis: `Assert(` at column 11 is reported at column 17.
@Suite struct UnevaluatedAssertionTests {
  @Test func aRootWithoutOperatorsWarnsOncePerSite() {
    let line = #line + 2
    for _ in 0..<3 {
      _ = Assert(that: 1)
    }
    let warning = _unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line), column: 17)
    #expect(warning?.releases == 3)
    #expect(
      warning?.message
        == "\(#fileID):\(line):17: warning: Assert(that:) is never evaluated; "
        + "apply an operator such as isEqualTo(_:) to it")
  }

  @Test func theWarningNamesTheEntryPoint() {
    let line = #line + 1
    _ = Assert(throwingExpression: 1)
    let warning = _unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line), column: 15)
    #expect(warning?.message.contains("Assert(throwingExpression:) is never evaluated") == true)
  }

  @Test func anEvaluatedRootDoesNotWarn() {
    let line = #line + 2
    do {
      let root = Assert(that: 1)
      root.isEqualTo(1)
    }  // `root` is released here, before the check below
    #expect(_unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line), column: 24) == nil)
  }

  @Test func aFailedChainDoesNotWarn() {
    let line = #line + 2
    withKnownIssue {
      Assert(that: 1).isEqualTo(2)
    }
    #expect(_unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line), column: 13) == nil)
  }

  /// The places are kept as `_TypeMap` says (first come, kept for good; when full, nothing more):
  /// past the bound, a place is not kept, and its warning is written at each release rather than
  /// never.
  @Test func pastItsBoundAPlaceIsNotKeptAndWarnsAtEachRelease() {
    #expect(_UnevaluatedAssertionWarnings.shared.sites.capacity == 1024)
    let written = Mutex<[String]>([])
    let warnings = _UnevaluatedAssertionWarnings(capacity: 4) { message in written.withLock { $0.append(message) } }
    for line in 1...10 {
      for _ in 0..<3 {
        warnings.rootWasNeverEvaluated(rootName: "Assert(that:)", fileID: "App/File.swift", line: UInt(line), column: 5)
      }
    }
    #expect(warnings.sites.count == 4)
    let releases = (1...10).map { warnings.warning(fileID: "App/File.swift", line: UInt($0), column: 5)?.releases }
    #expect(releases == [3, 3, 3, 3, nil, nil, nil, nil, nil, nil])
    let expected = (1...10).flatMap { line in
      Array(
        repeating: "App/File.swift:\(line):5: warning: Assert(that:) is never evaluated; "
          + "apply an operator such as isEqualTo(_:) to it\n", count: line <= 4 ? 1 : 3)
    }
    #expect(written.withLock { $0 } == expected)
  }
}

/// The unevaluated-assertion warning recorded for an `Assert(...)` call site, if any. `column` is
/// the column of the call's opening parenthesis (what `#column` gives a default argument).
private func _unevaluatedAssertionWarning(fileID: String, line: UInt, column: UInt) -> _UnevaluatedAssertionWarning? {
  _UnevaluatedAssertionWarnings.shared.warning(fileID: fileID, line: line, column: column)
}
