/// One line of the benchmark report: Verity's figure, the alternative measured in the same run,
/// their ratio, and the target from DESIGN.md.
struct ReportRow {
  var work: String
  var verity: String
  var alternative: String
  /// alternative / verity (how many times faster or smaller Verity is); nil when not comparable.
  var ratio: Double?
  var target: String
  /// nil when the row has no target.
  var meetsTarget: Bool?
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

  func render() -> String {
    var lines = ["## \(title)", "", "| work | Verity | alternative | ratio | target | met |",
                 "|---|---|---|---|---|---|"]
    for row in rows {
      let ratio = row.ratio.map { "\(formatNumber($0, fractionDigits: $0 >= 100 ? 0 : 1))×" } ?? "–"
      let met = row.meetsTarget.map { $0 ? "yes" : "NO" } ?? "–"
      lines.append("| \(row.work) | \(row.verity) | \(row.alternative) | \(ratio) | \(row.target) | \(met) |")
    }
    return lines.joined(separator: "\n")
  }
}
