import Testing
import Verity

/// Values read back from the log (captors).
@Suite("CallLog values")
struct CallLogValueTests {
  @Test func captorsReadRetainedValues() {
    let log = CallLog()
    log.record("save", "a", 1)
    log.record("save", "b", 2)
    log.record("save", arguments: [3, 3])
    log.record("load", "c", 3)
    #expect(log.values(of: String.self, argument: 0, matching: CallPattern("save")) == ["a", "b"])
    #expect(log.values(of: Int.self, argument: 1, matching: CallPattern("save")) == [1, 2, 3])
    #expect(log.values(of: Int.self, argument: 1, matching: CallPattern("save", arguments: .exactly([equalPattern("b"), .any]))) == [2])
    #expect(log.values(of: Int.self, argument: 5, matching: CallPattern("save")) == [])
  }
}
