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
    #expect(_unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line)) == nil)
  }

  @Test func aFailedChainDoesNotWarn() {
    let line = #line + 2
    withKnownIssue {
      Assert(that: 1).isEqualTo(2)
    }
    #expect(_unevaluatedAssertionWarning(fileID: #fileID, line: UInt(line)) == nil)
  }
}
