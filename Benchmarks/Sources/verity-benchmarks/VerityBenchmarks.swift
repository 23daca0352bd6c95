// verity-benchmarks: measures Verity against the obvious alternatives, side by side, in one run.
// `scripts/benchmark --help` lists the options.
import ArgumentParser
import CBenchmarkSupport
import Verity
import Foundation

@main
struct VerityBenchmarks: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verity-benchmarks",
    abstract: "Measures Verity against the obvious alternatives, side by side, in one run.",
    discussion: """
      Every figure is a ratio against an alternative measured in the same run. The build \
      configuration (release, or debug with `scripts/benchmark --debug`) is printed with the results.
      """)

  enum Part: String, ExpressibleByArgument, CaseIterable {
    case everyday
    case twoThreads = "two-threads"
    case userPath = "user-path"
    case callLog = "call-log"
    case clearing
    case sharing
    case scale
    case diff
    case json
    case plain
  }

  @Option(help: "Recorded calls per log in the call-log part.")
  var calls = 1_000_000

  @Option(help: "Timed repetitions per measurement; the best is reported.")
  var runs = 5

  @Flag(help: "A fast smoke run: 100k calls, 3 runs, user path up to 100k, scale up to 1M.")
  var quick = false

  @Option(help: "The largest log of the scale table.")
  var scale = 10_000_000

  @Option(name: .customLong("sizes"), parsing: .upToNextOption, help: "Call counts of the user-path scenario.")
  var userPathSizes: [Int] = [10_000, 100_000, 1_000_000]

  @Option(name: .customLong("diff-sizes"), parsing: .upToNextOption, help: "Model sizes (nodes) of the diff part.")
  var diffSizes: [Int] = [1_000, 10_000, 100_000]

  @Option(name: .customLong("diff-array"), help: "Elements of the diff part's array.")
  var diffArray = 20_000

  @Option(name: .customLong("custom-dump-limit"), help: "Above this model size custom-dump runs once, cold (it takes seconds).")
  var customDumpLimit = 10_000

  @Flag(name: .customLong("no-custom-dump"), help: "Skips custom-dump's diff in the json part (minutes in debug).")
  var noCustomDump = false

  @Option(parsing: .upToNextOption, help: "Parts to run (default: all): \(Part.allCases.map(\.rawValue).joined(separator: ", ")).")
  var only: [Part] = []

  @Option(help: "Writes the user-path results as JSON to this file.")
  var json: String?

  @Option(help: "Writes every table, as Markdown, to this file (scripts/benchmark --update-docs uses it).")
  var markdown: String?

  @Option(help: "Writes the README's summary rows, as a Markdown table, to this file.")
  var summary: String?

  @Option(help: "Writes an SVG chart of the user path's per-call cost against size to this file.")
  var chart: String?

  @Option(name: .customLong("chart-with"), help: "A JSON file of another configuration's run, drawn in the same chart.")
  var chartWith: [String] = []

  @Option(help: ArgumentHelp("Records N calls through one mock form and exits (for profilers).", visibility: .hidden))
  var profileRecord: String?

  @Flag(help: ArgumentHelp("Diffs the diff part's array 20 times and exits (for profilers).", visibility: .hidden))
  var profileDiff = false

  @Option(help: ArgumentHelp("Encodes this JSON document 20 times and exits (for profilers).", visibility: .hidden))
  var profileJSON: String?

  @Option(help: ArgumentHelp("Runs everyday tests on the @Mock form (or `hand`, `rolled`, `model`, `matchable`), or repeats one verification (`verify-int`, `verify-struct`, `verify-hand`), and exits (for profilers).", visibility: .hidden))
  var profileEveryday: String?

  mutating func run() throws {
    if let form = profileEveryday {
      if form == "verify-int" || form == "verify-struct" || form == "verify-hand" {
        // One passing verification, repeated on one mock's 5-call log.
        let record = EverydayBenchmarks.record
        let generated = AlbumLibraryMock()
        let handWritten = HandAlbumLibrary()
        for (lookUp, save, count) in [
          (generated.album(id:), generated.save(_:overwrite:), generated.count),
          (handWritten.album(id:), handWritten.save(_:overwrite:), handWritten.count),
        ] {
          _ = lookUp(7)
          save(record, true)
          save(record, false)
          _ = count() + count()
        }
        let start = bench_now_ns()
        let allocationsBefore = bench_allocations()
        for _ in 0..<200_000 {
          switch form {
          case "verify-int": verify(generated.handle_album(id: eq(7)))
          case "verify-struct": verify(generated.handle_save(eq(record), overwrite: any()), .times(2))
          default: handWritten.verifyCall(withIdentifier: "save", arguments: [eq(record), any()], mode: .times(2))
          }
        }
        print(
          "\(form): \(Double(bench_now_ns() - start) / 200_000) ns/verification, "
            + "\(Double(bench_allocations() - allocationsBefore) / 200_000) allocations")
        return
      }
      let test: EverydayTest =
        switch form {
        case "hand": EverydayBenchmarks.handWrittenSmall
        case "rolled": EverydayBenchmarks.rolledSmall
        case "model": EverydayBenchmarks.generatedModel
        case "matchable": EverydayBenchmarks.generatedMatchable
        default: EverydayBenchmarks.generatedSmall
        }
      var clock = StepClock(enabled: false)
      var failures = 0
      let start = bench_now_ns()
      for _ in 0..<50_000 { blackHole(test(&clock, &failures)) }
      print("\(form): \(Double(bench_now_ns() - start) / 50_000) ns/test, \(failures) failures")
      return
    }
    if let name = profileJSON {
      let bytes = try Data(contentsOf: JSONBenchmarks.folder.appendingPathComponent("\(name).json"))
      let tree = try JSONSerialization.jsonObject(with: bytes)
      for _ in 0..<20 {
        let start = bench_now_ns()
        blackHole(Structure(encoding: tree))
        print("\(Double(bench_now_ns() - start) / 1e6) ms")
      }
      return
    }
    if profileDiff {
      DiffBenchmarks.profileArray(count: diffArray)
      return
    }
    if let form = profileRecord {
      let inputs = CallInputs(count: 2_000_000)
      let mock: any ScoreService
      switch form {
      case "typed": mock = TypedScoreMock()
      case "array": mock = ArrayScoreFake()
      default: mock = DynamicScoreMock()
      }
      let start = bench_now_ns()
      for i in 0..<inputs.count { mock.submit(id: inputs.ids[i], name: inputs.names[i], score: inputs.scores[i]) }
      print("\(form): \(Double(bench_now_ns() - start) / Double(inputs.count)) ns/call")
      if form == "dynamic", let mock = mock as? DynamicScoreMock {
        for round in 0..<3 {
          var t = bench_now_ns()
          mock.verifyCall(withIdentifier: "submit", arguments: [any(), eq(inputs.names[7]), any()], mode: .atLeastOnce)
          print("round \(round) anyEq \(Double(bench_now_ns() - t) / 1e6) ms")
          t = bench_now_ns()
          mock.verifyCall(withIdentifier: "submit", arguments: [lessThan(1000), any(), any()], mode: .atLeastOnce)
          print("round \(round) lessThan \(Double(bench_now_ns() - t) / 1e6) ms")
          t = bench_now_ns()
          mock.verifyCall(withIdentifier: "submit", arguments: [Matcher<Int>("odd", where: { $0 & 1 == 1 }), any(), any()], mode: .atLeastOnce)
          print("round \(round) closure \(Double(bench_now_ns() - t) / 1e6) ms")
        }
      }
      blackHole(mock)
      return
    }
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    if quick {
      calls = 100_000
      runs = min(runs, 3)
      scale = min(scale, 1_000_000)
      userPathSizes = userPathSizes.filter { $0 <= 100_000 }
    }
    let parts = only.isEmpty ? Part.allCases : only
    print("Verity benchmarks, \(configuration) build: best of \(runs) runs")
    var reports: [Report] = []

    if parts.contains(.everyday) {
      var report = Report(
        title: "The everyday test, \(configuration) build: a mock, a stub, 5 calls, 3 verifications, no more interactions")
      EverydayBenchmarks.run(runs: runs, configuration: configuration, report: &report)
      reports.append(report)
    }
    if parts.contains(.twoThreads) {
      var report = Report(
        title: "The everyday test on two threads, \(configuration) build: tests per second against one thread")
      EverydayBenchmarks.runScaling(rounds: quick ? 25 : 101, report: &report)
      reports.append(report)
    }
    if parts.contains(.userPath) {
      var report = Report(title: "The user's path, \(configuration) build: a mock, N calls, four cold verifications")
      let results = UserPathBenchmarks.run(
        sizes: userPathSizes, runs: max(1, min(runs, 3)), configuration: configuration, report: &report)
      reports.append(report)
      let run = UserPathRun(configuration: configuration, sizes: results)
      if let json {
        try JSONEncoder.pretty.encode(run).write(to: URL(fileURLWithPath: json))
        print("wrote \(json)")
      }
      if let chart {
        var runsToDraw = [run]
        for path in chartWith {
          runsToDraw.append(try JSONDecoder().decode(UserPathRun.self, from: Data(contentsOf: URL(fileURLWithPath: path))))
        }
        try Chart.svg(runsToDraw).write(toFile: chart, atomically: true, encoding: .utf8)
        print("wrote \(chart)")
      }
    }
    if parts.contains(.callLog) {
      var report = Report(title: "Call log, \(configuration) build, \(calls) calls")
      CallLogBenchmarks.run(calls: calls, runs: runs, report: &report)
      reports.append(report)
    }
    if parts.contains(.clearing) {
      var report = Report(title: "Clearing calls, \(configuration) build: a mock of \(calls) calls")
      ClearingBenchmarks.run(calls: calls, runs: runs, report: &report)
      reports.append(report)
    }
    if parts.contains(.sharing) {
      var report = Report(title: "Shared class instances, \(configuration) build")
      SharingBenchmarks.run(runs: runs, report: &report)
      reports.append(report)
    }
    if parts.contains(.scale) {
      var report = Report(title: "Scale, \(configuration) build: one log, CallLog(keepsValues: false), cold queries")
      ScaleBenchmarks.run(maxCalls: scale, report: &report)
      reports.append(report)
    }
    if parts.contains(.diff) {
      var report = Report(title: "Diff, \(configuration) build: cold (both values encoded), side by side with swift-custom-dump")
      DiffBenchmarks.run(
        sizes: quick ? diffSizes.filter { $0 <= 10_000 } : diffSizes, runs: runs,
        arrayCount: quick ? min(diffArray, 2_000) : diffArray, customDumpLimit: customDumpLimit, report: &report)
      reports.append(report)
    }
    if parts.contains(.json) {
      var report = Report(title: "JSON documents, \(configuration) build: encoding against parsing; diffs next to custom-dump")
      try JSONBenchmarks.run(runs: runs, customDump: !noCustomDump, report: &report)
      reports.append(report)
    }
    if parts.contains(.plain) {
      var report = Report(title: "Plain types, \(configuration) build: learned field layouts against @Matchable; == against hasNoDifference")
      PlainTypeBenchmarks.run(runs: runs, quick: quick, report: &report)
      reports.append(report)
    }
    for report in reports {
      print()
      print(report.render())
    }
    if let markdown {
      try (reports.map { $0.render() }.joined(separator: "\n\n") + "\n").write(toFile: markdown, atomically: true, encoding: .utf8)
      print("wrote \(markdown)")
    }
    if let summary {
      try (Report.renderSummary(reports, configuration: configuration) + "\n").write(toFile: summary, atomically: true, encoding: .utf8)
      print("wrote \(summary)")
    }
    let missed = reports.flatMap(\.missedTargets)
    print()
    print(missed.isEmpty ? "All targets met." : "Targets missed: \(missed.map(\.work).joined(separator: "; "))")
  }
}

/// The user-path results of one configuration, as `--json` writes them.
struct UserPathRun: Codable {
  var configuration: String
  var sizes: [UserPathBenchmarks.Size]
}

extension JSONEncoder {
  static var pretty: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return encoder
  }
}
