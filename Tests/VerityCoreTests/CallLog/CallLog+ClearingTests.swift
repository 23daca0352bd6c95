import Foundation
import Testing
import Verity
import VerityTestSupport

/// Forgetting calls: `removeAllCalls()` and `removeCalls(matching:)`.
@Suite("CallLog clearing")
struct CallLogClearingTests {
  /// Not plain (a class), so the log keeps the value itself.
  final class Box: @unchecked Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  @Test func removingAllCallsLeavesAnEmptyLogThatKeepsRecording() {
    let log = CallLog()
    for i in 0..<1_000 { log.record("fetch", i, "users") }
    log.markVerified(matching: CallPattern("fetch", arguments: .exactly([equalPattern(3), .any])))
    let before = log.call(at: 999)!.sequence
    log.removeAllCalls()
    #expect(log.count == 0)
    #expect(log.count(of: "fetch") == 0)
    #expect(log.count(matching: CallPattern("fetch")) == 0)
    #expect(log.unverified(method: nil).isEmpty)
    log.record("fetch", 7, "teams")
    #expect(log.count == 1)
    #expect(log.call(at: 0)!.sequence > before)
    #expect(log.call(at: 0)!.isVerified == false)
    #expect(log.values(of: Int.self, argument: 0, matching: CallPattern("fetch")) == [7])
  }

  @Test func removingMatchingCallsKeepsTheOthersInOrderWithTheirValues() {
    let log = CallLog()
    let boxes = (0..<6).map { Box($0) }
    for (i, box) in boxes.enumerated() { log.record(i % 2 == 0 ? "even" : "odd", arguments: [i, box]) }
    log.markVerified(matching: CallPattern("odd", arguments: .exactly([equalPattern(5), .any])))
    let removed = log.removeCalls(matching: CallPattern("even", arguments: .exactly([equalPattern(2), .any])))
    #expect(removed == 1)
    #expect(log.count == 5)
    #expect((0..<5).map { log.call(at: $0)!.method } == ["even", "odd", "odd", "even", "odd"])
    #expect(log.values(of: Box.self, argument: 1, matching: CallPattern("even")).map(\.id) == [0, 4])
    #expect(log.values(of: Box.self, argument: 1, matching: CallPattern("odd")).map(\.id) == [1, 3, 5])
    #expect(log.unverified(method: nil) == [0, 1, 2, 3])
    // A value predicate reads the kept values of the calls left.
    let big = CallPattern("odd", arguments: .exactly([.any, .valuePredicate { ($0 as? Box).map { $0.id > 2 } ?? false }]))
    #expect(log.removeCalls(matching: big) == 2)
    #expect(log.values(of: Box.self, argument: 1, matching: CallPattern("odd")).map(\.id) == [1])
    #expect(log.removeCalls(matching: CallPattern("unknown")) == 0)
    #expect(log.count == 3)
  }

  @Test func removingCallsWithDeferredArgumentsWritesNothingTheyNeeded() {
    struct Point: Equatable, Sendable {
      var x: Int
      var y: Int
    }
    let log = CallLog()
    for i in 0..<10 { log.record("move", arguments: [Point(x: i, y: 0)]) }
    // (the first call writes its point: the type is learned then; the later ones defer)
    #expect(log._callsWithDeferredArguments >= 9)
    let removed = log.removeCalls(matching: CallPattern("move", arguments: .exactly([.valuePredicate { ($0 as? Point)?.x ?? 0 < 5 }])))
    #expect(removed == 5)
    // The removed calls' deferred arguments are forgotten, not written; those of the calls left stay.
    #expect(log._callsWithDeferredArguments == 5)  // move(5) ... move(9)
    // An equality reads the bytes: the deferred ones of the calls left are written and match.
    #expect(log.count(matching: CallPattern("move", arguments: .exactly([.equal(Structure(encoding: Point(x: 7, y: 0)))]))) == 1)
    #expect(log.count(matching: CallPattern("move", arguments: .exactly([.equal(Structure(encoding: Point(x: 2, y: 0)))]))) == 0)
    log.removeAllCalls()
    #expect(log._callsWithDeferredArguments == 0)
  }

  /// Clearing takes the log's lock: calls recorded while other threads clear are each either
  /// forgotten whole or kept whole, and a method never cleared loses nothing.
  @Test func clearingWhileOtherThreadsRecordIsSafe() {
    let log = CallLog()
    let perThread = 5_000
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread == 0 {
        for round in 0..<200 {
          if round % 2 == 0 {
            log.removeCalls(matching: CallPattern("noise"))
          } else {
            log.removeCalls(matching: CallPattern("noise", arguments: .exactly([.any, equalPattern("x")])))
          }
        }
        return
      }
      for i in 0..<perThread {
        log.record("noise", i, "x")
        log.record("kept", thread, i)
      }
    }
    log.removeCalls(matching: CallPattern("noise"))
    #expect(log.count(of: "noise") == 0)
    #expect(log.count(of: "kept") == 3 * perThread)
    #expect(log.count == 3 * perThread)
    for thread in 1...3 {
      let values = log.values(
        of: Int.self, argument: 1, matching: CallPattern("kept", arguments: .exactly([equalPattern(thread), .any])))
      #expect(values == Array(0..<perThread))
    }
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      if thread == 0 {
        for _ in 0..<100 { log.removeAllCalls() }
      } else {
        for i in 0..<perThread { log.record("late", i) }
      }
    }
    let late = log.values(of: Int.self, argument: 0, matching: CallPattern("late"))
    // What survived the last clear is a tail of each thread's calls, each call whole.
    #expect(log.count == late.count)
    #expect(log.count(of: "kept") == 0)
  }
}
