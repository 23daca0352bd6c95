/// One line of the benchmark report: Verity's figure, the alternative measured in the same run,
/// their ratio, and the target from DESIGN.md.
struct ReportRow {
  var work: String
  var verity: String
  var alternative: String
  /// alternative / verity (how many times faster or smaller Verity is); nil when not comparable.
  /// Below 0.1 it is shown as `1/N`: Verity takes N times as long.
  var ratio: Double?
  var target: String
  /// nil when the row has no target.
  var meetsTarget: Bool?
  /// Whether the row belongs in the README's summary table (`--summary`).
  var summary = false
}

/// Collects rows and prints them as a Markdown table.
struct Report {
  var title: String
  private(set) var rows: [ReportRow] = []

  init(title: String) { self.title = title }

  mutating func add(_ row: ReportRow) {
    rows.append(row)
    // Print as we go: a long run shows progress.
    print("  · \(row.work): \(row.verity) vs \(row.alternative)")
  }

  var missedTargets: [ReportRow] { rows.filter { $0.meetsTarget == false } }

  var summaryRows: [ReportRow] { rows.filter(\.summary) }

  func render() -> String {
    var lines = ["## \(title)", "", "| work | Verity | alternative | ratio | target | met |",
                 "|---|---|---|---|---|---|"]
    for row in rows {
      let ratio = row.ratio.map(formatRatio) ?? "–"
      let met = row.meetsTarget.map { $0 ? "yes" : "NO" } ?? "–"
      lines.append("| \(row.work) | \(row.verity) | \(row.alternative) | \(ratio) | \(row.target) | \(met) |")
    }
    return lines.joined(separator: "\n")
  }

  /// The summary rows of `reports` as one Markdown table, each row named with its configuration.
  static func renderSummary(_ reports: [Report], configuration: String) -> String {
    var lines = ["| work (\(configuration)) | Verity | alternative | ratio | target | met |", "|---|---|---|---|---|---|"]
    for row in reports.flatMap(\.summaryRows) {
      let ratio = row.ratio.map(formatRatio) ?? "–"
      let met = row.meetsTarget.map { $0 ? "yes" : "NO" } ?? "–"
      lines.append("| \(row.work) | \(row.verity) | \(row.alternative) | \(ratio) | \(row.target) | \(met) |")
    }
    return lines.joined(separator: "\n")
  }
}

/// `12×`, `1.5×`, `0.4×`; below 0.1, `1/N` (Verity takes N times as long as the alternative).
func formatRatio(_ ratio: Double) -> String {
  if ratio > 0, ratio < 0.1 { return "1/\(formatNumber(1 / ratio, fractionDigits: 0))" }
  return "\(formatNumber(ratio, fractionDigits: ratio >= 100 ? 0 : 1))×"
}
