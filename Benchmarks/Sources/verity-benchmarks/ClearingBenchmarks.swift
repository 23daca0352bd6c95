import CBenchmarkSupport
import Verity

/// A hand-written mock of one member, for the clearing rows.
final class ClearingBenchmarkMock: Mock {
  let storage = MockStorage()

  func track(_ id: Int, _ name: String) {
    recordCall(withIdentifier: "track(_:_:)", typedArguments: id, name)
  }

  func trackCall(_ id: Matcher<Int> = any(), _ name: Matcher<String> = any()) -> MockCall<(Int, String), Void> {
    MockCall(storage: storage, identifier: "track(_:_:)", matchers: id, name)
  }
}

/// Forgetting the calls of a mock of a million calls: every call (`clearInvocations()`) against
/// releasing the mock and making a new one, and the calls one handle matches (a tenth) against an
/// `[Any]` log's `removeAll(where:)`.
enum ClearingBenchmarks {
  static func run(calls: Int, runs: Int, report: inout Report) {
    let pool = (0..<1_000).map { "user-\($0)" }
    func filled() -> ClearingBenchmarkMock {
      let mock = ClearingBenchmarkMock()
      for i in 0..<calls { mock.track(i % 10, pool[i % pool.count]) }
      return mock
    }

    let clear = Timing.measure(runs: runs, setUp: filled) { mock in
      mock.clearInvocations()
      precondition(mock.storage.log.count == 0)
    }
    let fresh = Timing.measure(runs: runs, setUp: filled) { mock in
      mock = ClearingBenchmarkMock()  // the old mock, and its log, are freed here
    }
    report.add(ReportRow(
      work: "clearInvocations() on a mock of \(calls) calls",
      verity: formatDuration(nanoseconds: clear.best),
      alternative: "\(formatDuration(nanoseconds: fresh.best)) (a new mock, the old one released)",
      ratio: fresh.best / clear.best, target: "≤ 2× a new mock", meetsTarget: clear.best <= 2 * fresh.best))

    let matched = calls / 10 + (calls % 10 > 0 ? 1 : 0)
    let byHandle = Timing.measure(runs: runs, setUp: filled) { mock in
      clearInvocations(mock.trackCall(eq(0), any()))
      precondition(mock.storage.log.count == calls - matched)
    }
    func filledArray() -> [(method: String, arguments: [Any])] {
      var log: [(method: String, arguments: [Any])] = []
      log.reserveCapacity(calls)
      for i in 0..<calls { log.append(("track(_:_:)", [i % 10, pool[i % pool.count]])) }
      return log
    }
    let array = Timing.measure(runs: runs, setUp: filledArray) { log in
      log.removeAll { $0.method == "track(_:_:)" && ($0.arguments[0] as? Int) == 0 }
      precondition(log.count == calls - matched)
    }
    report.add(ReportRow(
      work: "clearInvocations(handle) of 1 call in 10 among \(calls)",
      verity: formatDuration(nanoseconds: byHandle.best),
      alternative: "\(formatDuration(nanoseconds: array.best)) ([Any] log, removeAll(where:))",
      ratio: array.best / byHandle.best, target: "≤ 1× the array", meetsTarget: byHandle.best <= array.best))
  }
}
