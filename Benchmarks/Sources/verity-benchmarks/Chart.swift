import Foundation

/// Draws the user path's end-to-end cost per call against the number of calls, log-log, one line
/// per implementation and configuration: what the README shows.
enum Chart {
  static func svg(_ runs: [UserPathRun]) -> String {
    struct Series {
      var label: String
      var color: String
      var dashed: Bool
      var points: [(calls: Double, ns: Double)]
    }
    var series: [Series] = []
    for run in runs.sorted(by: { $0.configuration > $1.configuration }) {
      let dashed = run.configuration == "debug"
      let picks: [(String, String, KeyPath<UserPathBenchmarks.Size, UserPathTimes>)] = [
        ("Verity, [Any?] mock", "#1f77b4", \.dynamic),
        ("Verity, typed mock", "#2ca02c", \.typed),
        ("Verity, @Mock mock", "#9467bd", \.generated),
        ("[(String, [Any])] array", "#d62728", \.array),
      ]
      for (label, color, pick) in picks {
        let points = run.sizes.compactMap { size -> (Double, Double)? in
          guard let total = size[keyPath: pick].steps[.total] else { return nil }
          return (Double(size.calls), total / Double(size.calls))
        }
        series.append(Series(label: "\(label) (\(run.configuration))", color: color, dashed: dashed, points: points))
      }
    }
    let all = series.flatMap(\.points)
    guard !all.isEmpty else { return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>" }
    let width = 760.0, height = 440.0
    let left = 70.0, right = 250.0, top = 40.0, bottom = 50.0
    let plotWidth = width - left - right, plotHeight = height - top - bottom
    let xs = all.map { log10($0.calls) }, ys = all.map { log10($0.ns) }
    let xMin = xs.min()!.rounded(.down), xMax = max(xs.max()!.rounded(.up), xMin + 1)
    let yMin = ys.min()!.rounded(.down), yMax = max(ys.max()!.rounded(.up), yMin + 1)
    func x(_ calls: Double) -> Double { left + (log10(calls) - xMin) / (xMax - xMin) * plotWidth }
    func y(_ ns: Double) -> Double { top + (1 - (log10(ns) - yMin) / (yMax - yMin)) * plotHeight }
    func fmt(_ value: Double) -> String { String(format: "%.1f", value) }

    var out: [String] = []
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">")
    out.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
    out.append("<text x=\"\(fmt(left))\" y=\"22\" font-size=\"14\">Record + four cold verifications: cost per call (log-log)</text>")
    for decade in stride(from: xMin, through: xMax, by: 1) {
      let px = left + (decade - xMin) / (xMax - xMin) * plotWidth
      out.append("<line x1=\"\(fmt(px))\" y1=\"\(fmt(top))\" x2=\"\(fmt(px))\" y2=\"\(fmt(top + plotHeight))\" stroke=\"#ddd\"/>")
      out.append("<text x=\"\(fmt(px))\" y=\"\(fmt(top + plotHeight + 18))\" text-anchor=\"middle\">\(callsLabel(pow(10, decade)))</text>")
    }
    for decade in stride(from: yMin, through: yMax, by: 1) {
      let py = top + (1 - (decade - yMin) / (yMax - yMin)) * plotHeight
      out.append("<line x1=\"\(fmt(left))\" y1=\"\(fmt(py))\" x2=\"\(fmt(left + plotWidth))\" y2=\"\(fmt(py))\" stroke=\"#ddd\"/>")
      out.append("<text x=\"\(fmt(left - 6))\" y=\"\(fmt(py + 4))\" text-anchor=\"end\">\(formatDuration(nanoseconds: pow(10, decade)))</text>")
    }
    out.append("<text x=\"\(fmt(left + plotWidth / 2))\" y=\"\(fmt(height - 10))\" text-anchor=\"middle\">calls recorded</text>")
    for (i, s) in series.enumerated() {
      let path = s.points.map { "\(fmt(x($0.calls))),\(fmt(y($0.ns)))" }.joined(separator: " ")
      let dash = s.dashed ? " stroke-dasharray=\"6 4\"" : ""
      out.append("<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>")
      for p in s.points {
        out.append("<circle cx=\"\(fmt(x(p.calls)))\" cy=\"\(fmt(y(p.ns)))\" r=\"3\" fill=\"\(s.color)\"/>")
      }
      let ly = top + 10 + Double(i) * 20
      let lx = left + plotWidth + 15
      out.append("<line x1=\"\(fmt(lx))\" y1=\"\(fmt(ly))\" x2=\"\(fmt(lx + 24))\" y2=\"\(fmt(ly))\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>")
      out.append("<text x=\"\(fmt(lx + 30))\" y=\"\(fmt(ly + 4))\">\(s.label)</text>")
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  static func callsLabel(_ calls: Double) -> String {
    calls >= 1_000_000 ? "\(Int(calls / 1_000_000))M" : calls >= 1_000 ? "\(Int(calls / 1_000))k" : "\(Int(calls))"
  }
}
