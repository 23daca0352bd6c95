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

  @Test func mutatingAnArgumentAfterTheCallDoesNotChangeWhatIsVerified() {
    let sink = FakeBoxSink()
    let box = Box(1)
    sink.put(box)
    box.value = 2

    sink.verifyCall(withIdentifier: "put", arguments: [Box(1)])
    sink.verifyCall(withIdentifier: "put", arguments: [Box(2)], mode: .never)
  }
}
