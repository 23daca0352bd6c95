import Testing
import Verity
import VerityTestSupport

/// Queries: patterns, predicates, nearest calls, verification marks.
@Suite("CallLog queries")
struct CallLogQueryTests {
  @Test func patterns() {
    let log = CallLog()
    log.record("fetch", 42, "users")
    log.record("fetch", 7, "users")
    log.record("fetch", 42, "teams")
    log.record("fetch", 42)
    log.record("reset")
    #expect(log.count(matching: CallPattern("fetch")) == 4)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([equalPattern(42), .any]))) == 2)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([equalPattern(42), equalPattern("users")]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([equalPattern(42)]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([.any, .any]))) == 3)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([equalPattern(UInt8(42)), .any]))) == 2)
    #expect(log.count(matching: CallPattern("reset", arguments: .exactly([]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([]))) == 0)
    #expect(log.count(matching: CallPattern("unknown")) == 0)
    #expect(log.count(matching: CallPattern("unknown", arguments: .exactly([equalPattern(1)]))) == 0)
    #expect(log.indices(matching: CallPattern("fetch", arguments: .exactly([equalPattern(42), .any]))) == [0, 2])
    #expect(log.indices(matching: CallPattern("fetch"), from: 1, limit: 2) == [1, 2])
    #expect(log.indices(matching: CallPattern("unknown")) == [])
    #expect(log.firstIndex(matching: CallPattern("fetch", arguments: .exactly([equalPattern(42), .any])), from: 1) == 2)
    #expect(log.firstIndex(matching: CallPattern("fetch"), from: 4) == nil)
    #expect(log.firstIndex(matching: CallPattern("unknown")) == nil)
  }

  @Test func predicatesRunOnlyForCallsPassingTheCheapChecks() {
    let log = CallLog()
    for index in 0..<1000 {
      log.record("m", index % 10, index)
      log.record("other", index % 10, index)
    }
    let invocations = LogFixtureCounter()
    let pattern = CallPattern(
      "m",
      arguments: .exactly([
        equalPattern(3),
        .predicate { argument in
          invocations.increment()
          return argument.structure == Structure(503) && (argument.value as? Int) == 503 && argument.isValueRetained
        },
      ]))
    #expect(log.count(matching: pattern) == 1)
    #expect(invocations.count == 100)
  }

  @Test func predicatesSeeNoValueWhenValuesAreNotRetained() {
    let log = CallLog(keepsValues: false)
    #expect(log.keepsValues == false)
    log.record("m", 5)
    let seen = TestLock<[String]>([])
    let pattern = CallPattern(
      "m",
      arguments: .exactly([
        .predicate { argument in
          seen.withLock { $0.append("\(argument.callIndex) \(argument.position) \(argument.isValueRetained) \(argument.value == nil) \(argument.structure)") }
          return true
        }
      ]))
    #expect(log.count(matching: pattern) == 1)
    #expect(seen.withLock { $0 } == ["0 0 false true 5"])
  }

  @Test func nearestRanksNonMatchingCalls() {
    let log = CallLog()
    log.record("f", 1, 2, 3)
    log.record("f", 7, 8, 9)
    log.record("f", 1, 9, 3)
    log.record("f", 1, 2)
    log.record("g", 1, 2, 4)
    log.record("f", 1, 2, 4)
    let pattern = CallPattern("f", arguments: .exactly([equalPattern(1), equalPattern(2), equalPattern(4)]))
    let near = log.nearest(to: pattern, limit: 10)
    #expect(near.map(\.index) == [0, 2, 1, 3])
    #expect(near.map(\.matchingArgumentCount) == [2, 1, 0, 0])
    #expect(near.map(\.mismatchedArguments) == [[2], [1, 2], [0, 1, 2], [0, 1, 2]])
    #expect(near[0].call.arguments == [Structure(1), Structure(2), Structure(3)])
    #expect(near[0].sequence == near[0].call.sequence)
    #expect(log.nearest(to: pattern, limit: 2).map(\.index) == [0, 2])
    #expect(log.nearest(to: pattern, limit: 0).isEmpty)
    #expect(log.nearest(to: CallPattern("unknown")).isEmpty)
  }

  @Test func verification() {
    let log = CallLog()
    log.record("a", 1)
    log.record("b", 2)
    log.record("a", 3)
    #expect(log.unverified() == [0, 1, 2])
    #expect(log.unverifiedCount() == 3)
    #expect(log.markVerified(matching: CallPattern("a", arguments: .exactly([equalPattern(1)]))) == 1)
    #expect(log.unverified() == [1, 2])
    #expect(log.unverified(method: "a") == [2])
    #expect(log.unverified(method: "unknown") == [])
    #expect(log.call(at: 0)?.isVerified == true)
    log.markVerified(at: 1)
    #expect(log.unverified() == [2])
    log.markVerified(at: 1, false)
    #expect(log.unverified(limit: 1) == [1])
    #expect(log.unverifiedCount(method: "b") == 1)
    #expect(log.markVerified(matching: CallPattern("unknown")) == 0)
  }
}
