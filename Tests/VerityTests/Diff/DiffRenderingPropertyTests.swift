import Foundation
import Testing

@testable import Verity
import VerityTestSupport

/// Issue "right answers, round 3", case 7: both renderings, over many diffs and every line budget
/// from 0 to 20, stay within the budget, balance their brackets, and say exactly how many edits
/// they left out; the full tree's "(N unchanged)" runs count every unchanged element.
@Suite struct DiffRenderingPropertyTests {
  /// The number in a totals line (`… 3 more edits (…)`, `… 1 edit (…)`), or nil.
  static func leftOut(_ line: Substring) -> Int? {
    guard line.hasPrefix("… "), !line.hasPrefix("… ("), line.contains(" in all: ") else { return nil }
    return Int(line.dropFirst(2).prefix { $0.isNumber })
  }

  /// The label of a tree's `-`/`+` line (`[3]: `, `"key": `, `name: `), or "" for a root value.
  static func label(_ line: Substring) -> Substring {
    let text = line.dropFirst().drop(while: { $0 == " " })
    if let match = text.prefixMatch(of: #/\[\d+\]: |"(?:[^"\\]|\\.)*": |[A-Za-z_][A-Za-z0-9_]*: /#) {
      return text[..<match.range.upperBound]
    }
    return ""
  }

  /// Edits a tree shows: a `-` line followed by a `+` line with the same label is one change.
  static func treeEdits(_ lines: [Substring]) -> Int {
    var count = 0
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("-") {
        if index + 1 < lines.count, lines[index + 1].hasPrefix("+"), label(lines[index + 1]) == label(line) {
          index += 1
        }
        count += 1
      } else if line.hasPrefix("+") || line.hasPrefix("~") {
        count += 1
      } else if line.contains("strings differ at") || line.contains("bytes differ at") {
        count += 1
        index += 2  // its `-` and `+` lines
      }
      index += 1
    }
    return count
  }

  /// Whether the container lines of a tree nest: each opener (a line ending in `[` or `(`) is
  /// closed by a line that is only `]` or `)`, innermost first.
  static func bracketsBalance(_ lines: [Substring]) -> Bool {
    var stack: [Character] = []
    for line in lines where !line.hasPrefix("-") && !line.hasPrefix("+") && !line.hasPrefix("~") && !line.hasPrefix("…") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("…") || trimmed.contains("differ at") { continue }
      if let last = trimmed.last, last == "[" || last == "(" {
        stack.append(last == "[" ? "]" : ")")
      } else if trimmed == "]" || trimmed == ")" || trimmed == "])" {
        guard let expected = stack.popLast(), trimmed.last == expected else { return false }
      }
    }
    return stack.isEmpty
  }

  @Test func renderingsKeepTheirBudgetBracketsAndTotals() throws {
    var rng = SeededGenerator(seed: 7)
    var checked = 0
    for seed in 0..<150 {
      let before = randomTree(&rng)
      let after = mutate(before, &rng)
      guard let difference = diff(before, after) else { continue }
      checked += 1
      for limit in 0...20 {
        for tree in [false, true] {
          let text = tree ? difference.renderedTree(lineLimit: limit) : difference.renderedPaths(lineLimit: limit)
          let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
          let context = "seed \(seed), lineLimit \(limit), \(tree ? "tree" : "paths"):\n\(text)"
          #expect(lines.count <= max(1, limit), "\(context)")
          let omitted = lines.last.flatMap(Self.leftOut) ?? 0
          let body = omitted > 0 ? Array(lines.dropLast()) : lines
          // A tree shows edits as `-`/`+` lines; with no room for one it falls back to the path
          // list, whose edits are the lines that are not indented detail.
          let isTree = tree && body.contains { $0.hasPrefix("-") || $0.hasPrefix("+") || $0.hasPrefix("~") }
          let shown = isTree ? Self.treeEdits(body) : body.filter { !$0.hasPrefix(" ") }.count
          #expect(shown + omitted == difference.count, "\(context)")
          if tree { #expect(Self.bracketsBalance(body), "\(context)") }
        }
      }
    }
    #expect(checked > 100)
  }

  /// The full tree of an array diff counts every element once: unchanged runs plus the changed
  /// and removed elements make the first array, unchanged runs plus the changed and inserted ones
  /// the second.
  @Test func unchangedRunsCountEveryElement() throws {
    var rng = SeededGenerator(seed: 11)
    for seed in 0..<200 {
      var before = (0..<Int.random(in: 1..<40, using: &rng)).map { _ in Int.random(in: 0..<1000, using: &rng) }
      before = Array(Set(before)).sorted()
      var after = before
      for _ in 0..<Int.random(in: 1..<5, using: &rng) {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0 where !after.isEmpty: after[Int.random(in: 0..<after.count, using: &rng)] += 5000
        case 1: after.insert(Int.random(in: 2000..<3000, using: &rng), at: Int.random(in: 0...after.count, using: &rng))
        default: if !after.isEmpty { after.remove(at: Int.random(in: 0..<after.count, using: &rng)) }
        }
      }
      guard let difference = diff(before, after) else { continue }
      let lines = difference.renderedTree(lineLimit: 10_000).split(separator: "\n")
      let unchanged = lines.compactMap { line -> Int? in
        guard let range = line.range(of: "… (") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
      }.reduce(0, +)
      let changed = difference.changedCount + difference.typeChangedCount
      #expect(unchanged + changed + difference.removedCount == before.count, "seed \(seed): \(before) → \(after)\n\(lines.joined(separator: "\n"))")
      #expect(unchanged + changed + difference.insertedCount == after.count, "seed \(seed): \(before) → \(after)\n\(lines.joined(separator: "\n"))")
    }
  }
}
