import Foundation
import Synchronization
import Testing
import Verity
import VerityTestSupport

private final class Account {
  var owner: String
  var balance: Int
  init(owner: String, balance: Int) {
    self.owner = owner
    self.balance = balance
  }
}

private struct Broken: StructurallyEncodable {
  func encode(to encoder: inout StructureEncoder) {
    encoder.encode(1)
    encoder.encode(2)
  }
}

/// Counts predicate invocations from a @Sendable closure.
private final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

private func eq<T: StructurallyEncodable>(_ value: T) -> ArgumentPattern { .equal(Structure(value)) }

@Suite("CallLog")
struct CallLogTests {
  @Test func recordsTypedAndDynamicCalls() throws {
    let log = CallLog()
    log.record("fetch", 42, "users")
    log.record("fetch", arguments: [7, "users"])
    log.record("reset")
    #expect(log.count == 3)
    #expect(log.count(of: "fetch") == 2)
    #expect(log.count(of: "reset") == 1)
    #expect(log.count(of: "never") == 0)

    let first = try #require(log.call(at: 0))
    #expect(first.index == 0)
    #expect(first.method == "fetch")
    #expect(first.arguments == [Structure(42), Structure("users")])
    #expect(first.isVerified == false)
    #expect(try #require(log.call(at: 1)).arguments == [Structure(7), Structure("users")])
    #expect(try #require(log.call(at: 2)).arguments == [])
    #expect(log.call(at: 3) == nil)
    #expect(log.call(at: -1) == nil)
  }

  @Test func everyArityRecordsTheSameStructures() throws {
    let log = CallLog()
    log.record("m")
    log.record("m", 1)
    log.record("m", 1, "2")
    log.record("m", 1, "2", 3.0)
    log.record("m", 1, "2", 3.0, true)
    log.record("m", 1, "2", 3.0, true, [5])
    log.record("m", 1, "2", 3.0, true, [5], Int?.none)
    log.record("m", 1, "2", 3.0, true, [5], Int?.none, ListNode(value: 7))
    log.record("m", 1, "2", 3.0, true, [5], Int?.none, ListNode(value: 7), ["k": 8])
    let all: [Structure] = [
      Structure(1), Structure("2"), Structure(3.0), Structure(true), Structure([5]), Structure(Int?.none),
      Structure(ListNode(value: 7)), Structure(["k": 8]),
    ]
    for count in 0...8 {
      let call = try #require(log.call(at: count))
      #expect(call.arguments == Array(all.prefix(count)))
      #expect(log.values(of: Int.self, argument: 0, matching: CallPattern("m", arguments: .exactly(Array(repeating: .any, count: count)))) == (count == 0 ? [] : [1]))
    }
    let dynamic = CallLog()
    dynamic.record("m", arguments: [1, "2", 3.0, true, [5], nil, ListNode(value: 7), ["k": 8]])
    #expect(dynamic.call(at: 0)?.arguments == all)
    // Common scalars after another argument are read in place again, values and types included.
    let mixed = CallLog()
    mixed.record("m", arguments: ["a", [1], 2.5, "b", nil, 3])
    #expect(mixed.call(at: 0)?.arguments == [
      Structure("a"), Structure([1]), Structure(2.5), Structure("b"), Structure(Int?.none), Structure(3),
    ])
    let six = CallPattern("m", arguments: .exactly(Array(repeating: .any, count: 6)))
    #expect(mixed.values(of: Double.self, argument: 2, matching: six) == [2.5])
    #expect(mixed.values(of: String.self, argument: 3, matching: six) == ["b"])
    #expect(mixed.values(of: Int.self, argument: 5, matching: six) == [3])
  }

  @Test func eachArgumentIsAnIndependentValue() throws {
    let log = CallLog()
    let shared = ListNode(value: 1)
    log.record("pair", shared, shared)
    let call = try #require(log.call(at: 0))
    #expect(call.arguments == [Structure(ListNode(value: 1)), Structure(ListNode(value: 1))])
  }

  @Test func patterns() {
    let log = CallLog()
    log.record("fetch", 42, "users")
    log.record("fetch", 7, "users")
    log.record("fetch", 42, "teams")
    log.record("fetch", 42)
    log.record("reset")
    #expect(log.count(matching: CallPattern("fetch")) == 4)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([eq(42), .any]))) == 2)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([eq(42), eq("users")]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([eq(42)]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([.any, .any]))) == 3)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([eq(UInt8(42)), .any]))) == 2)
    #expect(log.count(matching: CallPattern("reset", arguments: .exactly([]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([]))) == 0)
    #expect(log.count(matching: CallPattern("unknown")) == 0)
    #expect(log.count(matching: CallPattern("unknown", arguments: .exactly([eq(1)]))) == 0)
    #expect(log.indices(matching: CallPattern("fetch", arguments: .exactly([eq(42), .any]))) == [0, 2])
    #expect(log.indices(matching: CallPattern("fetch"), from: 1, limit: 2) == [1, 2])
    #expect(log.indices(matching: CallPattern("unknown")) == [])
    #expect(log.firstIndex(matching: CallPattern("fetch", arguments: .exactly([eq(42), .any])), from: 1) == 2)
    #expect(log.firstIndex(matching: CallPattern("fetch"), from: 4) == nil)
    #expect(log.firstIndex(matching: CallPattern("unknown")) == nil)
  }

  @Test func argumentsAreSnapshotsAtCallTime() {
    let log = CallLog()
    let account = Account(owner: "ada", balance: 10)
    log.record("deposit", arguments: [account])
    let before = Structure(encoding: Account(owner: "ada", balance: 10))
    account.balance = 99
    let after = Structure(encoding: account)
    #expect(log.count(matching: CallPattern("deposit", arguments: .exactly([.equal(before)]))) == 1)
    #expect(log.count(matching: CallPattern("deposit", arguments: .exactly([.equal(after)]))) == 0)
    // The retained value is the live instance.
    let balances = Counter()
    let matches = log.count(
      matching: CallPattern(
        "deposit",
        arguments: .exactly([
          .predicate { argument in
            balances.increment()
            return (argument.value as? Account)?.balance == 99 && argument.structure == before
          }
        ])))
    #expect(matches == 1)
    #expect(balances.count == 1)

    let node = ListNode(value: 1)
    log.record("link", node)
    node.value = 2
    #expect(log.count(matching: CallPattern("link", arguments: .exactly([eq(ListNode(value: 1))]))) == 1)
  }

  @Test func predicatesRunOnlyForCallsPassingTheCheapChecks() {
    let log = CallLog()
    for index in 0..<1000 {
      log.record("m", index % 10, index)
      log.record("other", index % 10, index)
    }
    let invocations = Counter()
    let pattern = CallPattern(
      "m",
      arguments: .exactly([
        eq(3),
        .predicate { argument in
          invocations.increment()
          return argument.structure == Structure(503) && (argument.value as? Int) == 503 && argument.isValueRetained
        },
      ]))
    #expect(log.count(matching: pattern) == 1)
    #expect(invocations.count == 100)
  }

  @Test func predicatesSeeNoValueWhenValuesAreNotRetained() {
    let log = CallLog(retainsValues: false)
    #expect(log.retainsValues == false)
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
    let pattern = CallPattern("f", arguments: .exactly([eq(1), eq(2), eq(4)]))
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
    #expect(log.markVerified(matching: CallPattern("a", arguments: .exactly([eq(1)]))) == 1)
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

  @Test func engineFailuresAreReported() {
    let log = CallLog()
    withKnownIssue {
      log.markVerified(at: 5)
    } matching: { issue in
      issue.description.contains("Verity call log markVerified(at:) failed: invalid argument")
    }
    withKnownIssue {
      log.record("many", arguments: Array(repeating: 1, count: 256))
    } matching: { issue in
      issue.description.contains("Verity could not record a call to many: size limit exceeded")
    }
    withKnownIssue {
      log.record("broken", Broken())
    } matching: { issue in
      issue.description.contains("Verity could not record a call to broken: malformed structure")
    }
    #expect(log.count == 0)
    withKnownIssue {
      _ = CallLog(retainsValues: false).values(of: Int.self, argument: 0, matching: CallPattern("m"))
    } matching: { issue in
      issue.description.contains(
        "Verity call log values(of:argument:matching:) needs a log that retains values (CallLog(retainsValues: true))")
    }
    log.record("ok", arguments: Array(repeating: 1, count: 255))
    #expect(log.call(at: 0)?.arguments.count == 255)
  }

  @Test func captorsReadRetainedValues() {
    let log = CallLog()
    log.record("save", "a", 1)
    log.record("save", "b", 2)
    log.record("save", arguments: [3, 3])
    log.record("load", "c", 3)
    #expect(log.values(of: String.self, argument: 0, matching: CallPattern("save")) == ["a", "b"])
    #expect(log.values(of: Int.self, argument: 1, matching: CallPattern("save")) == [1, 2, 3])
    #expect(log.values(of: Int.self, argument: 1, matching: CallPattern("save", arguments: .exactly([eq("b"), .any]))) == [2])
    #expect(log.values(of: Int.self, argument: 5, matching: CallPattern("save")) == [])
  }

  @Test func sequenceNumbersOrderCallsAcrossLogs() throws {
    let first = CallLog()
    let second = CallLog()
    first.record("login")
    second.record("fetch")
    first.record("logout")
    second.record("fetch")
    let login = try #require(first.call(at: 0))
    let fetch = try #require(second.call(at: 0))
    let logout = try #require(first.call(at: 1))
    let fetchAgain = try #require(second.call(at: 1))
    #expect(login.sequence < fetch.sequence)
    #expect(fetch.sequence < logout.sequence)
    #expect(logout.sequence < fetchAgain.sequence)
    #expect(second.firstMatch(matching: CallPattern("fetch"), afterSequence: login.sequence)?.index == 0)
    #expect(second.firstMatch(matching: CallPattern("fetch"), afterSequence: logout.sequence)?.index == 1)
    #expect(second.firstMatch(matching: CallPattern("fetch"), afterSequence: fetchAgain.sequence) == nil)
    #expect(first.firstMatch(matching: CallPattern("logout"), afterSequence: 0)?.sequence == logout.sequence)
    #expect(first.firstMatch(matching: CallPattern("login"), afterSequence: .max) == nil)
  }

  @Test func recordingsStreamWakesWaiters() async {
    let log = CallLog()
    log.record("early")
    let stream = log.recordings()
    let waiter = Task {
      var seen: [Int] = []
      for await count in stream {
        seen.append(count)
        if count >= 4 { break }
      }
      return seen
    }
    for _ in 0..<3 { log.record("late") }
    let seen = await waiter.value
    // Only the newest count is buffered: the waiter sees a rising sequence ending at 4.
    #expect(seen.last == 4)
    #expect(seen == seen.sorted())
    #expect(seen.allSatisfy { (1...4).contains($0) })
  }

  @Test func recordingsStartWithTheCurrentCount() async {
    let log = CallLog()
    log.record("a")
    log.record("b")
    var iterator = log.recordings().makeAsyncIterator()
    #expect(await iterator.next() == 2)
    log.record("c")
    #expect(await iterator.next() == 3)
  }

  @Test func recordingsStreamFinishesWhenTheLogGoesAway() async {
    var log: CallLog? = CallLog()
    let stream = log!.recordings()
    let waiter = Task {
      var last = -1
      for await count in stream { last = count }
      return last
    }
    log = nil
    #expect(await waiter.value == 0)
  }

  @Test func memoryFootprintGrows() {
    let log = CallLog(retainsValues: false)
    let empty = log.memoryFootprint
    for index in 0..<10_000 { log.record("m", index) }
    #expect(log.memoryFootprint > empty)
    // Plain values (an Int) are rebuilt from their bytes, so retaining them costs nothing more...
    let plain = CallLog()
    for index in 0..<10_000 { plain.record("m", index) }
    #expect(plain.memoryFootprint == log.memoryFootprint)
    // ...while other values are kept.
    let retaining = CallLog()
    for index in 0..<10_000 { retaining.record("m", Set([index])) }
    #expect(retaining.memoryFootprint > log.memoryFootprint)
  }
}
