import Testing
import Verity

/// Recording: typed and dynamic arguments, every arity, snapshots, failures, ordering, memory.
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

  /// Method names are found again by their words for the last few used: a name spelled anew at
  /// run time, other names of the same length, more names than are kept, and a name whose storage
  /// was freed and reused by another all land on the right method.
  @Test func methodNamesAreFoundHoweverTheyAreSpelled() throws {
    let log = CallLog()
    let literals = ["fetchAlbum(id:)", "saveAlbum(_:)", "count()", "reset()", "remove(id:)", "sync()"]
    for _ in 0..<3 {
      for name in literals { log.record(name, 1) }
    }
    for round in 0..<50 {
      // a heap string (over 15 bytes), freed at the end of the iteration; the next round's may
      // reuse its storage with other contents of the same length
      let built = String(repeating: round % 2 == 0 ? "a" : "b", count: 20)
      log.record(built, round)
      log.record(String("fetchAlbum(id:)".reversed().reversed()), round)
    }
    #expect(log.count(of: "fetchAlbum(id:)") == 53)
    for name in literals.dropFirst() { #expect(log.count(of: name) == 3, "\(name)") }
    #expect(log.count(of: String(repeating: "a", count: 20)) == 25)
    #expect(log.count(of: String(repeating: "b", count: 20)) == 25)
    #expect(log.count == 6 * 3 + 100)
    var methods: [String] = []
    for index in 0..<log.count { methods.append(try #require(log.call(at: index)).method) }
    #expect(methods.suffix(4) == [String(repeating: "a", count: 20), "fetchAlbum(id:)", String(repeating: "b", count: 20), "fetchAlbum(id:)"])
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

  @Test func argumentsAreSnapshotsAtCallTime() {
    let log = CallLog()
    let account = LogFixtureAccount(owner: "ada", balance: 10)
    log.record("deposit", arguments: [account])
    let before = Structure(encoding: LogFixtureAccount(owner: "ada", balance: 10))
    account.balance = 99
    let after = Structure(encoding: account)
    #expect(log.count(matching: CallPattern("deposit", arguments: .exactly([.equal(before)]))) == 1)
    #expect(log.count(matching: CallPattern("deposit", arguments: .exactly([.equal(after)]))) == 0)
    // The kept value is the live instance.
    let balances = LogFixtureCounter()
    let matches = log.count(
      matching: CallPattern(
        "deposit",
        arguments: .exactly([
          .predicate { argument in
            balances.increment()
            return (argument.value as? LogFixtureAccount)?.balance == 99 && argument.structure == before
          }
        ])))
    #expect(matches == 1)
    #expect(balances.count == 1)

    let node = ListNode(value: 1)
    log.record("link", node)
    node.value = 2
    #expect(log.count(matching: CallPattern("link", arguments: .exactly([equalPattern(ListNode(value: 1))]))) == 1)
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
      log.record("broken", BrokenEncoding())
    } matching: { issue in
      issue.description.contains("Verity could not record a call to broken: malformed structure")
    }
    #expect(log.count == 0)
    withKnownIssue {
      _ = CallLog(keepsValues: false).values(of: Int.self, argument: 0, matching: CallPattern("m"))
    } matching: { issue in
      issue.description.contains(
        "Verity call log values(of:argument:matching:) needs a log that keeps values (CallLog(keepsValues: true))")
    }
    log.record("ok", arguments: Array(repeating: 1, count: 255))
    #expect(log.call(at: 0)?.arguments.count == 255)
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

  @Test func memoryFootprintGrows() {
    let log = CallLog(keepsValues: false)
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
