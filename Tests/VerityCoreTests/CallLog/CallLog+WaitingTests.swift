import Testing
import Verity

/// Waiting for calls: the recordings stream.
@Suite("CallLog waiting")
struct CallLogWaitingTests {
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
}
