import Verity

/// Inputs for N calls of `record(id: Int, name: String, score: Double)`, generated before timing.
struct CallInputs {
  let ids: [Int]
  let names: [String]
  let scores: [Double]

  init(count: Int) {
    ids = (0..<count).map { $0 }
    // 1,000 distinct names, so equality patterns match 0.1% of the calls.
    let pool = (0..<1_000).map { "user-\($0)" }
    names = (0..<count).map { pool[$0 % pool.count] }
    scores = (0..<count).map { Double($0) * 0.5 }
  }

  var count: Int { ids.count }
}

/// The `[Any]` log a hand-written fake typically keeps.
struct AnyCall {
  let method: String
  let arguments: [Any]
}

/// The typed log a hand-written fake keeps when it knows its argument types.
struct TypedCall {
  let method: String
  let id: Int
  let name: String
  let score: Double
}

final class BenchmarkMock: Mock {
  let storage = MockStorage()
}

enum CallLogBenchmarks {
  static func run(calls: Int, runs: Int, report: inout Report) {
    let inputs = CallInputs(count: calls)
    let callsText = calls >= 1_000_000 ? "\(calls / 1_000_000)M" : "\(calls / 1_000)k"

    // MARK: Recording
    let typedRecord = Timing.measure(runs: runs, operations: calls, setUp: { CallLog(keepsValues: false) }) { log in
      for i in 0..<calls { log.record("record", inputs.ids[i], inputs.names[i], inputs.scores[i]) }
    }
    let retainedRecord = Timing.measure(runs: runs, operations: calls, setUp: { BenchmarkMock() }) { mock in
      for i in 0..<calls {
        mock.recordCall(withIdentifier: "record", typedArguments: inputs.ids[i], inputs.names[i], inputs.scores[i])
      }
    }
    let dynamicRecord = Timing.measure(runs: runs, operations: calls, setUp: { BenchmarkMock() }) { mock in
      for i in 0..<calls {
        mock.recordCall(withIdentifier: "record", arguments: [inputs.ids[i], inputs.names[i], inputs.scores[i]])
      }
    }
    let anyRecord = Timing.measure(runs: runs, operations: calls, setUp: { [AnyCall]() }) { log in
      for i in 0..<calls { log.append(AnyCall(method: "record", arguments: [inputs.ids[i], inputs.names[i], inputs.scores[i]])) }
    }
    let typedArrayRecord = Timing.measure(runs: runs, operations: calls, setUp: { [TypedCall]() }) { log in
      for i in 0..<calls { log.append(TypedCall(method: "record", id: inputs.ids[i], name: inputs.names[i], score: inputs.scores[i])) }
    }
    report.add(ReportRow(
      work: "record \(callsText) calls (Int, String, Double): CallLog, structures only",
      verity: "\(format(typedRecord.best, "ns"))/call", alternative: "[Any] log \(format(anyRecord.best, "ns"))/call",
      ratio: anyRecord.best / typedRecord.best, target: "≤ 30 ns/call", meetsTarget: typedRecord.best <= 30))
    report.add(ReportRow(
      work: "record \(callsText) calls: same, vs typed arrays",
      verity: "\(format(typedRecord.best, "ns"))/call", alternative: "typed array \(format(typedArrayRecord.best, "ns"))/call",
      ratio: typedArrayRecord.best / typedRecord.best, target: "–", meetsTarget: nil))
    report.add(ReportRow(
      work: "record \(callsText) calls: Mock.recordCall typedArguments (keeps values for predicates/captors)",
      verity: "\(format(retainedRecord.best, "ns"))/call", alternative: "[Any] log \(format(anyRecord.best, "ns"))/call",
      ratio: anyRecord.best / retainedRecord.best, target: "–", meetsTarget: nil))
    report.add(ReportRow(
      work: "record \(callsText) calls: Mock.recordCall arguments: [Any?]",
      verity: "\(format(dynamicRecord.best, "ns"))/call", alternative: "[Any] log \(format(anyRecord.best, "ns"))/call",
      ratio: anyRecord.best / dynamicRecord.best, target: "–", meetsTarget: nil))

    // MARK: Memory
    let structuresOnly = heapBytesPerItem(count: calls) { () -> CallLog in
      let log = CallLog(keepsValues: false)
      for i in 0..<calls { log.record("record", inputs.ids[i], inputs.names[i], inputs.scores[i]) }
      return log
    }
    let retained = heapBytesPerItem(count: calls) { () -> BenchmarkMock in
      let mock = BenchmarkMock()
      for i in 0..<calls {
        mock.recordCall(withIdentifier: "record", typedArguments: inputs.ids[i], inputs.names[i], inputs.scores[i])
      }
      return mock
    }
    let anyLog = heapBytesPerItem(count: calls) { () -> [AnyCall] in
      var log: [AnyCall] = []
      for i in 0..<calls { log.append(AnyCall(method: "record", arguments: [inputs.ids[i], inputs.names[i], inputs.scores[i]])) }
      return log
    }
    report.add(ReportRow(
      work: "memory per recorded call: CallLog, structures only",
      verity: "\(formatNumber(structuresOnly.bytesPerItem, fractionDigits: 1)) B/call",
      alternative: "[Any] log \(formatNumber(anyLog.bytesPerItem, fractionDigits: 1)) B/call",
      ratio: anyLog.bytesPerItem / structuresOnly.bytesPerItem, target: "≤ 48 B/call",
      meetsTarget: structuresOnly.bytesPerItem <= 48))
    report.add(ReportRow(
      work: "memory per recorded call: MockStorage (values kept)",
      verity: "\(formatNumber(retained.bytesPerItem, fractionDigits: 1)) B/call",
      alternative: "[Any] log \(formatNumber(anyLog.bytesPerItem, fractionDigits: 1)) B/call",
      ratio: anyLog.bytesPerItem / retained.bytesPerItem, target: "–", meetsTarget: nil))

    // MARK: Queries over one log of `calls` calls
    let mock = retained.value
    let log = mock.storage.log
    let anyCalls = anyLog.value
    let probeCount = 1_000
    let probes = (0..<probeCount).map { ($0 * 7_919) % calls }

    func exactPattern(_ i: Int) -> CallPattern {
      CallPattern("record", arguments: .exactly([
        .equal(Structure(inputs.ids[i])), .equal(Structure(inputs.names[i])), .equal(Structure(inputs.scores[i])),
      ]))
    }
    let patterns = probes.map(exactPattern)
    // The first query scans the fingerprints stored at append; the index is built once exact
    // queries repeat, and the timed loop below runs on it.
    let coldScan = Timing.measure(runs: 1, warmUp: false) { blackHole(log.count(matching: patterns[0])) }
    let exactCount = Timing.measure(runs: runs, operations: probeCount) {
      var total = 0
      for pattern in patterns { total &+= log.count(matching: pattern) }
      precondition(total == probeCount, "each probe matches exactly one call")
    }
    let scanProbes = Array(probes.prefix(5))
    let anyScan = Timing.measure(runs: max(1, runs / 2), operations: scanProbes.count) {
      var total = 0
      for i in scanProbes {
        let (id, name, score) = (inputs.ids[i], inputs.names[i], inputs.scores[i])
        for call in anyCalls where call.method == "record"
          && (call.arguments[0] as? Int) == id && (call.arguments[1] as? String) == name
          && (call.arguments[2] as? Double) == score { total &+= 1 }
      }
      precondition(total == scanProbes.count)
    }
    report.add(ReportRow(
      work: "count exact-argument calls among \(callsText) (the first, cold, scans: \(formatDuration(nanoseconds: coldScan.best)))",
      verity: formatDuration(nanoseconds: exactCount.best), alternative: "[Any] linear scan \(formatDuration(nanoseconds: anyScan.best))",
      ratio: anyScan.best / exactCount.best, target: "≤ 5 µs", meetsTarget: exactCount.best <= 5_000))

    // any()/eq() pattern: any id, name == "user-7", any score.
    let eqPattern = CallPattern("record", arguments: .exactly([.any, .equal(Structure("user-7")), .any]))
    let expectedMatches = inputs.names.filter { $0 == "user-7" }.count
    let patternScan = Timing.measure(runs: runs) {
      precondition(log.count(matching: eqPattern) == expectedMatches)
    }
    let anyPatternScan = Timing.measure(runs: runs) {
      var total = 0
      for call in anyCalls where call.method == "record" && (call.arguments[1] as? String) == "user-7" { total &+= 1 }
      precondition(total == expectedMatches)
    }
    report.add(ReportRow(
      work: "count an any()/eq() pattern over \(callsText) calls",
      verity: formatDuration(nanoseconds: patternScan.best), alternative: "[Any] scan \(formatDuration(nanoseconds: anyPatternScan.best))",
      ratio: anyPatternScan.best / patternScan.best, target: "≤ 2 ms", meetsTarget: patternScan.best <= 2_000_000))

    // MARK: verifyCall through the Mock API
    let target = probes[0]
    let verifyExact = Timing.measure(runs: runs, operations: probeCount) {
      for _ in 0..<probeCount {
        mock.verifyCall(withIdentifier: "record", arguments: [inputs.ids[target], inputs.names[target], inputs.scores[target]])
      }
    }
    report.add(ReportRow(
      work: "verifyCall exact arguments among \(callsText)",
      verity: formatDuration(nanoseconds: verifyExact.best), alternative: "[Any] linear scan \(formatDuration(nanoseconds: anyScan.best))",
      ratio: anyScan.best / verifyExact.best, target: "–", meetsTarget: nil))
    let verifyPattern = Timing.measure(runs: runs) {
      mock.verifyCall(withIdentifier: "record", arguments: [any(), eq("user-7"), any()], mode: .times(expectedMatches))
    }
    report.add(ReportRow(
      work: "verifyCall [any(), eq(\"user-7\"), any()] over \(callsText)",
      verity: formatDuration(nanoseconds: verifyPattern.best), alternative: "[Any] scan \(formatDuration(nanoseconds: anyPatternScan.best))",
      ratio: anyPatternScan.best / verifyPattern.best, target: "≤ 2 ms", meetsTarget: verifyPattern.best <= 2_000_000))
    // A predicate matcher on the id, behind a cheap eq() on the name: Swift runs only for the 0.1%.
    let predicateMatches = (0..<calls).filter { inputs.names[$0] == "user-7" && inputs.ids[$0] < calls / 2 }.count
    let verifyPredicate = Timing.measure(runs: runs) {
      mock.verifyCall(
        withIdentifier: "record", arguments: [lessThan(calls / 2), eq("user-7"), any()], mode: .times(predicateMatches))
    }
    let anyPredicateScan = Timing.measure(runs: runs) {
      var total = 0
      for call in anyCalls where call.method == "record" && (call.arguments[1] as? String) == "user-7"
        && ((call.arguments[0] as? Int).map { $0 < calls / 2 } ?? false) { total &+= 1 }
      precondition(total == predicateMatches)
    }
    report.add(ReportRow(
      work: "verifyCall [lessThan(n/2), eq(\"user-7\"), any()] over \(callsText) (predicate)",
      verity: formatDuration(nanoseconds: verifyPredicate.best), alternative: "[Any] scan \(formatDuration(nanoseconds: anyPredicateScan.best))",
      ratio: anyPredicateScan.best / verifyPredicate.best, target: "–", meetsTarget: nil))
    // A string matcher on every call (no cheap check narrows it): the engine evaluates it.
    let everyCallPredicate = Timing.measure(runs: max(1, runs / 2)) {
      mock.verifyCall(withIdentifier: "record", arguments: [any(), hasPrefix("user-"), any()], mode: .times(calls))
    }
    let anyEveryScan = Timing.measure(runs: max(1, runs / 2)) {
      var total = 0
      for call in anyCalls where call.method == "record" && ((call.arguments[1] as? String)?.hasPrefix("user-") ?? false) {
        total &+= 1
      }
      precondition(total == calls)
    }
    report.add(ReportRow(
      work: "verifyCall [any(), hasPrefix(\"user-\"), any()] over \(callsText) (string matcher on every call)",
      verity: formatDuration(nanoseconds: everyCallPredicate.best), alternative: "[Any] scan \(formatDuration(nanoseconds: anyEveryScan.best))",
      ratio: anyEveryScan.best / everyCallPredicate.best, target: "–", meetsTarget: nil))
    blackHole(typedArrayRecord)
  }
}
