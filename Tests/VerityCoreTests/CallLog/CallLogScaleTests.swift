import Synchronization
import Testing
import Verity

private final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

@Suite("CallLog at scale")
struct CallLogScaleTests {
  @Test func oneMillionCallsAreCountedExactly() {
    let log = CallLog(keepsValues: false)
    for index in 0..<1_000_000 {
      log.record("send", index % 10, "topic", 1.5)
    }
    log.record("other", 3, "topic", 1.5)
    #expect(log.count == 1_000_001)
    #expect(log.count(of: "send") == 1_000_000)
    #expect(log.count(matching: CallPattern("send")) == 1_000_000)
    let exact = CallPattern(
      "send", arguments: .exactly([.equal(Structure(3)), .equal(Structure("topic")), .equal(Structure(1.5))]))
    #expect(log.count(matching: exact) == 100_000)
    let anyTail = CallPattern("send", arguments: .exactly([.equal(Structure(7)), .any, .any]))
    #expect(log.count(matching: anyTail) == 100_000)
    let wrongType = CallPattern("send", arguments: .exactly([.equal(Structure("3")), .any, .any]))
    #expect(log.count(matching: wrongType) == 0)
    let invocations = Counter()
    let predicate = CallPattern(
      "send",
      arguments: .exactly([
        .equal(Structure(9)), .any,
        .predicate { argument in
          invocations.increment()
          return argument.structure == Structure(1.5)
        },
      ]))
    #expect(log.count(matching: predicate) == 100_000)
    #expect(invocations.count == 100_000)
    #expect(log.indices(matching: exact, limit: 3) == [3, 13, 23])
  }

  @Test func concurrentRecordingLosesNothing() async throws {
    let log = CallLog(keepsValues: false)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          let method = "m\(task)"
          for index in 0..<100_000 {
            log.record(method, index & 1)
          }
        }
      }
    }
    #expect(log.count == 800_000)
    for task in 0..<8 {
      #expect(log.count(of: "m\(task)") == 100_000)
      #expect(log.count(matching: CallPattern("m\(task)")) == 100_000)
      #expect(log.count(matching: CallPattern("m\(task)", arguments: .exactly([.equal(Structure(1))]))) == 50_000)
    }
    // Sequence numbers increase with the index.
    var previous: UInt64 = 0
    for index in stride(from: 0, to: 800_000, by: 997) {
      let call = try #require(log.call(at: index))
      #expect(call.sequence > previous)
      previous = call.sequence
    }
  }
}
