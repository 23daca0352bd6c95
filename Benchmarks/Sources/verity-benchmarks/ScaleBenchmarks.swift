import CBenchmarkSupport
import Verity

/// One log from 10k to 10M calls: the per-call cost of each step must stay flat as the log grows
/// (no step slower than linear), and the memory per call is reported.
enum ScaleBenchmarks {
  struct Point {
    var calls: Int
    var recordPerCall: Double
    var bytesPerCall: Double
    var firstExactPerCall: Double
    var firstPatternPerCall: Double
    var warmExact: Double
  }

  static func measure(calls: Int) -> Point {
    let pool = (0..<1_000).map { "user-\($0)" }
    let log = CallLog(keepsValues: false)
    let start = bench_now_ns()
    for i in 0..<calls { log.record("record", i, pool[i % pool.count], Double(i) * 0.5) }
    let recorded = bench_now_ns()
    let bytes = Double(log.memoryFootprint) / Double(calls)
    let target = calls / 2
    let exact = CallPattern(
      "record",
      arguments: .exactly([.equal(Structure(target)), .equal(Structure(pool[target % pool.count])), .equal(Structure(Double(target) * 0.5))]))
    let t0 = bench_now_ns()
    precondition(log.count(matching: exact) == 1)
    let t1 = bench_now_ns()
    precondition(log.count(matching: exact) == 1)
    let t2 = bench_now_ns()
    let pattern = CallPattern("record", arguments: .exactly([.any, .equal(Structure("user-7")), .any]))
    let t3 = bench_now_ns()
    precondition(log.count(matching: pattern) == calls / 1_000 + (calls % 1_000 > 7 ? 1 : 0))
    let t4 = bench_now_ns()
    return Point(
      calls: calls,
      recordPerCall: Double(recorded - start) / Double(calls),
      bytesPerCall: bytes,
      firstExactPerCall: Double(t1 - t0) / Double(calls),
      firstPatternPerCall: Double(t4 - t3) / Double(calls),
      warmExact: Double(t2 - t1))
  }

  static func run(maxCalls: Int, report: inout Report) {
    var sizes = [10_000, 100_000, 1_000_000, 10_000_000].filter { $0 <= maxCalls }
    if sizes.isEmpty { sizes = [maxCalls] }
    let points = sizes.map { calls -> Point in
      let point = measure(calls: calls)
      print("  · \(calls) calls: record \(formatDuration(nanoseconds: point.recordPerCall))/call, "
        + "\(formatNumber(point.bytesPerCall, fractionDigits: 1)) B/call, first exact count "
        + "\(formatDuration(nanoseconds: point.firstExactPerCall))/call, first any()/eq() count "
        + "\(formatDuration(nanoseconds: point.firstPatternPerCall))/call, warm exact \(formatDuration(nanoseconds: point.warmExact))")
      return point
    }
    // Growth over the last decade of sizes (1M -> 10M in a full run): both logs are far beyond the
    // caches, so a ratio above 2 is a step that grows faster than the log, not a cache effect.
    guard let last = points.last else { return }
    let base = points.count >= 2 ? points[points.count - 2] : last
    let steps: [(String, KeyPath<Point, Double>, String)] = [
      ("record", \.recordPerCall, "/call"),
      ("memory", \.bytesPerCall, " B/call"),
      ("first exact count (a scan of stored fingerprints)", \.firstExactPerCall, "/call"),
      ("first any()/eq() count (a fingerprint scan)", \.firstPatternPerCall, "/call"),
    ]
    for (name, path, unit) in steps {
      let growth = last[keyPath: path] / max(base[keyPath: path], 1e-9)
      let show = { (p: Point) in
        unit == " B/call" ? formatNumber(p[keyPath: path], fractionDigits: 1) + unit : formatDuration(nanoseconds: p[keyPath: path]) + unit
      }
      report.add(ReportRow(
        work: "scale \(name): \(last.calls) calls vs \(base.calls)",
        verity: show(last), alternative: "\(show(base)) at \(base.calls)",
        ratio: 1 / growth, target: "per call ≤ 2× (linear)", meetsTarget: growth <= 2))
    }
  }
}
