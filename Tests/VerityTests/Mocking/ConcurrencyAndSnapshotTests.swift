import Foundation
import Synchronization
import Testing
import Verity

final class Box {
  var value: Int
  init(_ value: Int) { self.value = value }
}

final class FakeBoxSink: Mock {
  let storage = MockStorage()
  func put(_ box: Box) { recordCall(withIdentifier: "put", arguments: [box]) }
}

@Suite struct ConcurrencyAndSnapshotTests {
  @Test func eightTasksRecordingConcurrentlyLoseNothing() async {
    let store = FakeStore()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<100_000 { store.save(task, index % 2 == 0 ? "even" : "odd") }
        }
      }
    }
    #expect(store.storage.log.count == 800_000)
    store.verifyCall(withIdentifier: "save", arguments: .any, mode: .times(800_000))
    store.verifyCall(withIdentifier: "save", arguments: [3, "even"], mode: .times(50_000))
    store.verifyCall(withIdentifier: "save", arguments: [any(), "odd"], mode: .times(400_000))
  }

  /// Eight threads record on one mock while two threads verify it over and over: every count a
  /// verifier sees only grows, and the final counts are exact.
  @Test func eightThreadsRecordWhileTwoVerify() {
    let store = FakeStore()
    let perThread = 5_000
    let recordersLeft = Atomic<Int>(8)
    let group = DispatchGroup()
    let monotonic = Atomic<Bool>(true)
    let verifications = Atomic<Int>(0)
    var threads: [Thread] = []
    for recorder in 0..<8 {
      group.enter()
      threads.append(Thread {
        for index in 0..<perThread { store.save(recorder, index % 2 == 0 ? "even" : "odd") }
        recordersLeft.subtract(1, ordering: .releasing)
        group.leave()
      })
    }
    for _ in 0..<2 {
      group.enter()
      threads.append(Thread {
        var last = 0
        repeat {
          store.verifyCall(withIdentifier: "save", arguments: [any(), "even"], mode: .atLeast(0))
          let seen = store.storage.log.count(matching: CallPattern("save"))
          if seen < last { monotonic.store(false, ordering: .relaxed) }
          last = seen
          verifications.add(1, ordering: .relaxed)
          Thread.sleep(forTimeInterval: 0.001)  // verify often, but let the recorders take the lock
        } while recordersLeft.load(ordering: .acquiring) > 0
        group.leave()
      })
    }
    for thread in threads { thread.start() }
    group.wait()
    let wasMonotonic = monotonic.load(ordering: .relaxed)
    let verified = verifications.load(ordering: .relaxed)
    #expect(wasMonotonic)
    #expect(verified >= 2)
    #expect(store.storage.log.count == 8 * perThread)
    for recorder in 0..<8 {
      store.verifyCall(withIdentifier: "save", arguments: [recorder, "even"], mode: .times(perThread / 2))
      store.verifyCall(withIdentifier: "save", arguments: [recorder, "odd"], mode: .times(perThread / 2))
    }
    store.verifyNoMoreInteractions()
  }

  @Test func mutatingAnArgumentAfterTheCallDoesNotChangeWhatIsVerified() {
    let sink = FakeBoxSink()
    let box = Box(1)
    sink.put(box)
    box.value = 2

    sink.verifyCall(withIdentifier: "put", arguments: [Box(1)])
    sink.verifyCall(withIdentifier: "put", arguments: [Box(2)], mode: .never)
  }
}
