// verity-benchmarks: measures Verity against the obvious alternatives, side by side, in one run.
//
// Usage: verity-benchmarks [--calls N] [--runs N] [--quick] [--scale N]
//   --calls N   recorded calls per log (default 1000000)
//   --runs N    timed repetitions per measurement; the best is reported (default 5)
//   --quick     100000 calls, 3 runs, scale up to 1000000: a fast smoke run
//   --scale N   the largest log of the scale table (default 10000000)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var calls = 1_000_000
var runs = 5
var scaleMax = 10_000_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--calls": calls = arguments.popFirst().flatMap { Int($0) } ?? calls
  case "--runs": runs = arguments.popFirst().flatMap { Int($0) } ?? runs
  case "--quick": calls = 100_000; runs = 3; scaleMax = 1_000_000
  case "--scale": scaleMax = arguments.popFirst().flatMap { Int($0) } ?? scaleMax
  case "--help", "-h":
    print("usage: verity-benchmarks [--calls N] [--runs N] [--quick] [--scale N]")
    exit(0)
  default:
    print("unknown argument \(argument); see --help")
    exit(2)
  }
}

#if DEBUG
print("warning: this is a debug build; figures are meaningless. Use `swift run -c release`.")
#endif

print("Verity benchmarks: \(calls) calls, best of \(runs) runs")
var report = Report(title: "Call log")
CallLogBenchmarks.run(calls: calls, runs: runs, report: &report)
var sharing = Report(title: "Shared class instances")
SharingBenchmarks.run(runs: runs, report: &sharing)
var scale = Report(title: "Scale: one log, CallLog(retainsValues: false), cold queries")
ScaleBenchmarks.run(maxCalls: scaleMax, report: &scale)
print()
print(report.render())
print()
print(sharing.render())
print()
print(scale.render())
let missed = report.missedTargets + sharing.missedTargets + scale.missedTargets
print()
print(missed.isEmpty ? "All targets met." : "Targets missed: \(missed.map(\.work).joined(separator: "; "))")
