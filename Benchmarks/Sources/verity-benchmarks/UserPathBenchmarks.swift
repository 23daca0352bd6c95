import CBenchmarkSupport
import Verity

/// A hand-written mock in the README's style: records through `[Any?]`.
final class DynamicScoreMock: ScoreService, Mock {
  let storage = MockStorage()

  func submit(id: Int, name: String, score: Double) {
    recordCall(withIdentifier: "submit", arguments: [id, name, score])
  }
}

/// The same mock recording through the typed form (what `@Mock` generates).
final class TypedScoreMock: ScoreService, Mock {
  let storage = MockStorage()

  func submit(id: Int, name: String, score: Double) {
    recordCall(withIdentifier: "submit", typedArguments: id, name, score)
  }
}

/// The obvious alternative: a fake that appends `(name, [Any])` to an array and filters it.
final class ArrayScoreFake: ScoreService {
  var calls: [(String, [Any])] = []

  func submit(id: Int, name: String, score: Double) {
    calls.append(("submit", [id, name, score]))
  }

  func count(where matches: ([Any]) -> Bool) -> Int {
    calls.filter { $0.0 == "submit" && $0.1.count == 3 && matches($0.1) }.count
  }
}

/// One measured step of the scenario.
enum UserPathStep: String, CaseIterable, Codable, CodingKeyRepresentable {
  case record = "record"
  case exact = "first exact verify"
  case anyEq = "first [any(), eq(…), any()] verify"
  case lessThan = "lessThan on every call"
  case closure = "custom closure on every call"
  case total = "record + four verifies"
}

/// Nanoseconds of each step for one implementation at one size (best of the runs).
struct UserPathTimes: Codable {
  var steps: [UserPathStep: Double] = [:]
  var bytesPerCall: Double = 0
}

/// The end-to-end scenario of issue 8, on the path users take: N calls through a mock's public
/// API, then four verifications, each the first of its kind on a fresh log (cold: any index a
/// query builds is paid by that query). The same work on an array of `(String, [Any])`.
enum UserPathBenchmarks {
  struct Size: Codable {
    var calls: Int
    var dynamic: UserPathTimes
    var typed: UserPathTimes
    var generated: UserPathTimes
    var array: UserPathTimes
  }

  static func run(sizes: [Int], runs: Int, configuration: String, report: inout Report) -> [Size] {
    var results: [Size] = []
    for calls in sizes {
      let inputs = CallInputs(count: calls)
      let dynamic = measureMock(inputs: inputs, runs: runs) { DynamicScoreMock() }
      let typed = measureMock(inputs: inputs, runs: runs) { TypedScoreMock() }
      let generated = measureGenerated(inputs: inputs, runs: runs)
      let array = measureArray(inputs: inputs, runs: runs)
      results.append(Size(calls: calls, dynamic: dynamic, typed: typed, generated: generated, array: array))
      addRows(
        calls: calls, dynamic: dynamic, typed: typed, generated: generated, array: array,
        configuration: configuration, report: &report)
    }
    addScalingRows(results, report: &report)
    return results
  }

  /// What each verification expects (the same counts for Verity and the array).
  struct Expectations {
    let exactID: Int
    let exactName: String
    let exactScore: Double
    let name: String
    let nameCount: Int
    let bound: Int
    let boundCount: Int
    let oddCount: Int

    init(inputs: CallInputs) {
      let n = inputs.count
      exactID = n / 3
      exactName = inputs.names[n / 3]
      exactScore = inputs.scores[n / 3]
      name = inputs.names[7]
      nameCount = inputs.names.lazy.filter { $0 == inputs.names[7] }.count
      bound = n / 2
      boundCount = n / 2
      oddCount = n / 2
    }
  }

  static func measureMock<M: ScoreService & Mock>(inputs: CallInputs, runs: Int, make: () -> M) -> UserPathTimes {
    let expect = Expectations(inputs: inputs)
    var best = UserPathTimes()
    for run in 0..<max(runs, 1) {
      let mock = make()
      var times = UserPathTimes()
      let heapBefore = Int(bench_heap_bytes())
      times.steps[.record] = time {
        for i in 0..<inputs.count { mock.submit(id: inputs.ids[i], name: inputs.names[i], score: inputs.scores[i]) }
      }
      let heapAfter = Int(bench_heap_bytes())
      times.bytesPerCall = Double(max(0, heapAfter - heapBefore)) / Double(inputs.count)
      times.steps[.exact] = time {
        mock.verifyCall(withIdentifier: "submit", arguments: [expect.exactID, expect.exactName, expect.exactScore])
      }
      times.steps[.anyEq] = time {
        mock.verifyCall(
          withIdentifier: "submit", arguments: [any(), eq(expect.name), any()], mode: .times(expect.nameCount))
      }
      times.steps[.lessThan] = time {
        mock.verifyCall(
          withIdentifier: "submit", arguments: [lessThan(expect.bound), any(), any()], mode: .times(expect.boundCount))
      }
      times.steps[.closure] = time {
        mock.verifyCall(
          withIdentifier: "submit", arguments: [Matcher<Int>("isOdd()", where: { $0 & 1 == 1 }), any(), any()],
          mode: .times(expect.oddCount))
      }
      blackHole(mock)
      best.merge(times, first: run == 0)
    }
    return best
  }

  /// The same scenario on the `@Mock`-generated mock, verified through its `$submit` handle.
  static func measureGenerated(inputs: CallInputs, runs: Int) -> UserPathTimes {
    let expect = Expectations(inputs: inputs)
    var best = UserPathTimes()
    for run in 0..<max(runs, 1) {
      let mock = ScoreServiceMock()
      var times = UserPathTimes()
      let heapBefore = Int(bench_heap_bytes())
      times.steps[.record] = time {
        for i in 0..<inputs.count { mock.submit(id: inputs.ids[i], name: inputs.names[i], score: inputs.scores[i]) }
      }
      let heapAfter = Int(bench_heap_bytes())
      times.bytesPerCall = Double(max(0, heapAfter - heapBefore)) / Double(inputs.count)
      times.steps[.exact] = time {
        verify(mock.handle_submit(id: expect.exactID, name: expect.exactName, score: expect.exactScore))
      }
      times.steps[.anyEq] = time {
        verify(mock.handle_submit(id: any(), name: eq(expect.name), score: any()), .times(expect.nameCount))
      }
      times.steps[.lessThan] = time {
        verify(mock.handle_submit(id: lessThan(expect.bound), name: any(), score: any()), .times(expect.boundCount))
      }
      times.steps[.closure] = time {
        verify(
          mock.handle_submit(id: Matcher("isOdd()", where: { $0 & 1 == 1 }), name: any(), score: any()),
          .times(expect.oddCount))
      }
      blackHole(mock)
      best.merge(times, first: run == 0)
    }
    return best
  }

  static func measureArray(inputs: CallInputs, runs: Int) -> UserPathTimes {
    let expect = Expectations(inputs: inputs)
    var best = UserPathTimes()
    for run in 0..<max(runs, 1) {
      let fake = ArrayScoreFake()
      var times = UserPathTimes()
      let heapBefore = Int(bench_heap_bytes())
      times.steps[.record] = time {
        for i in 0..<inputs.count { fake.submit(id: inputs.ids[i], name: inputs.names[i], score: inputs.scores[i]) }
      }
      let heapAfter = Int(bench_heap_bytes())
      times.bytesPerCall = Double(max(0, heapAfter - heapBefore)) / Double(inputs.count)
      times.steps[.exact] = time {
        let count = fake.count { arguments in
          (arguments[0] as? Int) == expect.exactID && (arguments[1] as? String) == expect.exactName
            && (arguments[2] as? Double) == expect.exactScore
        }
        check(count == 1, "array exact")
      }
      times.steps[.anyEq] = time {
        let count = fake.count { ($0[1] as? String) == expect.name }
        check(count == expect.nameCount, "array eq")
      }
      times.steps[.lessThan] = time {
        let count = fake.count { ($0[0] as? Int).map { $0 < expect.bound } ?? false }
        check(count == expect.boundCount, "array lessThan")
      }
      times.steps[.closure] = time {
        let count = fake.count { ($0[0] as? Int).map { $0 & 1 == 1 } ?? false }
        check(count == expect.oddCount, "array closure")
      }
      blackHole(fake)
      best.merge(times, first: run == 0)
    }
    return best
  }

  static func time(_ body: () -> Void) -> Double {
    let start = bench_now_ns()
    body()
    return Double(bench_now_ns() &- start)
  }

  static func check(_ condition: Bool, _ what: String) {
    if !condition { fatalError("benchmark self-check failed: \(what)") }
  }

  // MARK: Report

  static func addRows(
    calls: Int, dynamic: UserPathTimes, typed: UserPathTimes, generated: UserPathTimes, array: UserPathTimes,
    configuration: String, report: inout Report
  ) {
    let size = calls >= 1_000_000 ? "\(calls / 1_000_000)M" : "\(calls / 1_000)k"
    let release = configuration == "release"
    let atTarget = calls >= 1_000_000
    func row(_ work: String, _ verity: Double, _ alternative: Double, perCall: Bool, target: (Double, String)?) {
      let ratio = alternative / max(verity, 1)
      let shown = { (ns: Double) in
        perCall ? formatDuration(nanoseconds: ns / Double(calls)) + "/call" : formatDuration(nanoseconds: ns)
      }
      let target = atTarget ? target : nil
      report.add(
        ReportRow(
          work: "\(size): \(work)", verity: shown(verity), alternative: shown(alternative), ratio: ratio,
          target: target?.1 ?? "–", meetsTarget: target.map { ratio >= $0.0 },
          summary: work.hasPrefix(UserPathStep.exact.rawValue) || work.hasPrefix(UserPathStep.total.rawValue)))
    }
    let recordTarget = release ? 1 / 1.2 : 1 / 2.0
    row("record via [Any?] vs array append", dynamic.steps[.record]!, array.steps[.record]!, perCall: true,
        target: (recordTarget, release ? "≤ 1.2× its time" : "≤ 2× its time"))
    row("record, typed form vs array append", typed.steps[.record]!, array.steps[.record]!, perCall: true, target: nil)
    row("record, @Mock-generated mock vs array append", generated.steps[.record]!, array.steps[.record]!, perCall: true,
        target: nil)
    let verifyFactor = release ? 20.0 : 10.0
    for (step, label) in [(UserPathStep.exact, "exact"), (.anyEq, "[any(), eq(…), any()]")] {
      row("first \(label) verify ([Any?] mock)", dynamic.steps[step]!, array.steps[step]!, perCall: false,
          target: (verifyFactor, "≥ \(Int(verifyFactor))× faster"))
      row("first \(label) verify (typed mock)", typed.steps[step]!, array.steps[step]!, perCall: false, target: nil)
    }
    let predicateFactor = release ? 10.0 : 5.0
    row("lessThan on every call", dynamic.steps[.lessThan]!, array.steps[.lessThan]!, perCall: false,
        target: (predicateFactor, "≥ \(Int(predicateFactor))× faster"))
    let closureFactor = release ? 1.0 : 1 / 1.5
    row("custom closure on every call", dynamic.steps[.closure]!, array.steps[.closure]!, perCall: false,
        target: (closureFactor, release ? "≤ 1× its time" : "≤ 1.5× its time"))
    row("end to end via [Any?]", dynamic.steps[.total]!, array.steps[.total]!, perCall: false,
        target: (release ? 1.5 : 1.2, release ? "≥ 1.5× faster" : "≥ 1.2× faster"))
    row("end to end, typed", typed.steps[.total]!, array.steps[.total]!, perCall: false,
        target: release ? (3.0, "≥ 3× faster") : nil)
    row("end to end, @Mock-generated", generated.steps[.total]!, array.steps[.total]!, perCall: false, target: nil)
    report.add(
      ReportRow(
        work: "\(size): memory per call ([Any?] / typed mock vs array)",
        verity: "\(formatNumber(dynamic.bytesPerCall, fractionDigits: 0)) / \(formatNumber(typed.bytesPerCall, fractionDigits: 0)) B",
        alternative: "\(formatNumber(array.bytesPerCall, fractionDigits: 0)) B",
        ratio: array.bytesPerCall / max(dynamic.bytesPerCall, 1),
        target: atTarget && release ? "≤ 64 B" : "–",
        meetsTarget: atTarget && release ? max(dynamic.bytesPerCall, typed.bytesPerCall) <= 64 : nil))
    if atTarget && release {
      let typedPerCall = typed.steps[.record]! / Double(calls)
      report.add(
        ReportRow(
          work: "\(size): record via typed form, per call", verity: formatDuration(nanoseconds: typedPerCall),
          alternative: "–", ratio: nil, target: "≤ 40 ns", meetsTarget: typedPerCall <= 40))
      let generatedPerCall = generated.steps[.record]! / Double(calls)
      report.add(
        ReportRow(
          work: "\(size): record via @Mock-generated mock, per call",
          verity: formatDuration(nanoseconds: generatedPerCall),
          alternative: "typed form \(formatDuration(nanoseconds: typedPerCall))", ratio: typedPerCall / generatedPerCall,
          target: "as fast as the typed form", meetsTarget: nil))
    }
  }

  /// Per-call cost from the smallest to the largest size, end to end: within 1.5×.
  static func addScalingRows(_ results: [Size], report: inout Report) {
    guard let small = results.first, let large = results.last, results.count > 1 else { return }
    for (label, pick) in [("[Any?] mock", \Size.dynamic), ("typed mock", \Size.typed)] {
      let smallPerCall = small[keyPath: pick].steps[.total]! / Double(small.calls)
      let largePerCall = large[keyPath: pick].steps[.total]! / Double(large.calls)
      let growth = largePerCall / smallPerCall
      report.add(
        ReportRow(
          work: "per-call cost end to end, \(small.calls) → \(large.calls) calls (\(label))",
          verity: "\(formatDuration(nanoseconds: smallPerCall)) → \(formatDuration(nanoseconds: largePerCall))",
          alternative: "–", ratio: nil, target: "grows ≤ 1.5×", meetsTarget: growth <= 1.5))
    }
  }
}

extension UserPathTimes {
  /// Keeps the best time of each step; the total is recomputed from this run's steps first.
  mutating func merge(_ run: UserPathTimes, first: Bool) {
    var run = run
    run.steps[.total] = [UserPathStep.record, .exact, .anyEq, .lessThan, .closure].reduce(0) { $0 + run.steps[$1]! }
    if first {
      self = run
      return
    }
    for (step, value) in run.steps { steps[step] = min(steps[step] ?? value, value) }
    bytesPerCall = min(bytesPerCall, run.bytesPerCall)
  }
}
