import CBenchmarkSupport

/// Keeps a value alive and opaque to the optimizer, so measured work cannot be removed.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Timing of one piece of work, repeated: the fastest run (least disturbed by the other core's
/// load) and the median.
struct Timing {
  var best: Double
  var median: Double
  var runs: Int

  /// Runs `body` `runs` times (after one warm-up unless `warmUp` is false) and returns the
  /// per-run nanoseconds divided by `operations`.
  static func measure(
    runs: Int,
    operations: Int = 1,
    warmUp: Bool = true,
    _ body: () -> Void
  ) -> Timing {
    if warmUp { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<max(runs, 1) {
      let start = bench_now_ns()
      body()
      let end = bench_now_ns()
      samples.append(Double(end &- start) / Double(max(operations, 1)))
    }
    samples.sort()
    return Timing(best: samples[0], median: samples[samples.count / 2], runs: samples.count)
  }

  /// Like `measure`, but each run gets fresh state from `setUp` (not timed).
  static func measure<State>(
    runs: Int,
    operations: Int = 1,
    setUp: () -> State,
    _ body: (inout State) -> Void
  ) -> Timing {
    var samples: [Double] = []
    for _ in 0..<max(runs, 1) {
      var state = setUp()
      let start = bench_now_ns()
      body(&state)
      let end = bench_now_ns()
      samples.append(Double(end &- start) / Double(max(operations, 1)))
      blackHole(state)
    }
    samples.sort()
    return Timing(best: samples[0], median: samples[samples.count / 2], runs: samples.count)
  }
}

/// Live heap bytes that `build` leaves allocated in the value it returns, divided by `count`.
func heapBytesPerItem<T>(count: Int, _ build: () -> T) -> (value: T, bytesPerItem: Double) {
  let before = bench_heap_bytes()
  let value = build()
  let after = bench_heap_bytes()
  let delta = after >= before ? Double(after - before) : 0
  return (value, delta / Double(max(count, 1)))
}

/// Formats nanoseconds with a unit that keeps 3 significant digits.
func formatDuration(nanoseconds ns: Double) -> String {
  switch ns {
  case ..<1_000: return format(ns, "ns")
  case ..<1_000_000: return format(ns / 1_000, "µs")
  case ..<1_000_000_000: return format(ns / 1_000_000, "ms")
  default: return format(ns / 1_000_000_000, "s")
  }
}

func format(_ value: Double, _ unit: String) -> String {
  let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  return formatNumber(value, fractionDigits: digits) + " " + unit
}

func formatNumber(_ value: Double, fractionDigits: Int) -> String {
  var scale = 1.0
  for _ in 0..<fractionDigits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if fractionDigits == 0, text.hasSuffix(".0") { text.removeLast(2) }
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < fractionDigits { text += String(repeating: "0", count: fractionDigits - decimals) }
  }
  return text
}
