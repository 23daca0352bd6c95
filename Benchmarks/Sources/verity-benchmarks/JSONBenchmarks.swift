import CustomDump
import Foundation
import Verity

/// Real JSON documents (the test resources): `JSONSerialization`'s parse against Verity's encoding
/// of the parsed tree, and the diff of two perturbed copies against custom-dump's `diff` of the
/// same two `[String: Any]` trees.
enum JSONBenchmarks {
  static let documents = ["canada", "citm_catalog", "github"]

  static var folder: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Tests/VerityTests/Resources/JSONDocuments")
  }

  static func run(runs: Int, customDump: Bool, report: inout Report) throws {
    for name in documents {
      let bytes = try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
      let parse = Timing.measure(runs: runs) { blackHole(try! JSONSerialization.jsonObject(with: bytes)) }
      let tree = try JSONSerialization.jsonObject(with: bytes)
      let encode = Timing.measure(runs: runs) { blackHole(Structure(encoding: tree)) }
      report.add(ReportRow(
        work: "\(name).json (\(bytes.count / 1024) KB): encode the parsed tree",
        verity: formatDuration(nanoseconds: encode.best),
        alternative: "JSONSerialization parse \(formatDuration(nanoseconds: parse.best))",
        ratio: parse.best / encode.best,
        target: "encode ≤ \(formatNumber(0.5 * DiffBenchmarks.jsonSlack, fractionDigits: 1))× parse\(DiffBenchmarks.jsonNote)",
        meetsTarget: encode.best <= 0.5 * DiffBenchmarks.jsonSlack * parse.best))

      // Two copies, ten leaves changed in the second.
      let other = try JSONSerialization.jsonObject(with: bytes)
      var leaves: [[Step]] = []
      collect(other, path: [], into: &leaves)
      var generator = SplitMix64(seed: 11)
      var perturbed: Any = other
      var chosen = Set<[Step]>()
      while chosen.count < min(10, leaves.count) { chosen.insert(leaves.randomElement(using: &generator)!) }
      for path in chosen { perturbed = replacing(perturbed, at: path[...]) }
      let difference = Verity.diff(tree, perturbed)
      precondition(difference?.count == chosen.count, "\(name): \(difference?.count ?? 0) edits for \(chosen.count) changes")
      let verityDiff = Timing.measure(runs: runs) { blackHole(Verity.diff(tree, perturbed)?.description) }
      var alternative = "custom-dump skipped (--no-custom-dump)"
      var ratio: Double?
      if customDump {
        var text: String?
        let dump = Timing.measure(runs: 1, warmUp: false) { text = CustomDump.diff(tree, perturbed) }
        let lines = text.map { $0.split(separator: "\n").count } ?? 0
        alternative = "custom-dump \(formatDuration(nanoseconds: dump.best)), \(lines) lines"
        ratio = dump.best / verityDiff.best
      }
      report.add(ReportRow(
        work: "\(name).json: diff two parsed copies, 10 leaves changed (rendered)",
        verity: "\(formatDuration(nanoseconds: verityDiff.best)), \(difference!.description.split(separator: "\n").count) lines",
        alternative: alternative, ratio: ratio, target: "–", meetsTarget: nil))
    }
  }

  enum Step: Hashable {
    case key(String)
    case index(Int)
  }

  static func collect(_ value: Any, path: [Step], into leaves: inout [[Step]]) {
    if let dictionary = value as? [String: Any] {
      for key in dictionary.keys.sorted() { collect(dictionary[key]!, path: path + [.key(key)], into: &leaves) }
    } else if let array = value as? [Any] {
      for (index, child) in array.enumerated() { collect(child, path: path + [.index(index)], into: &leaves) }
    } else {
      leaves.append(path)
    }
  }

  static func replacing(_ value: Any, at path: ArraySlice<Step>) -> Any {
    guard let step = path.first else { return changed(value) }
    switch step {
    case .key(let key):
      var dictionary = value as! [String: Any]
      dictionary[key] = replacing(dictionary[key]!, at: path.dropFirst())
      return dictionary
    case .index(let index):
      var array = value as! [Any]
      array[index] = replacing(array[index], at: path.dropFirst())
      return array
    }
  }

  static func changed(_ value: Any) -> Any {
    switch value {
    case let text as String: return text + "!"
    case let number as NSNumber: return NSNumber(value: number.doubleValue + 1.5)
    default: return "was null"
    }
  }
}

struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
