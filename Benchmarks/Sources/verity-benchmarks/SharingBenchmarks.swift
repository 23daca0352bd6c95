import Verity

/// A class reflection reads (no conformance): each level refers twice to the next.
final class MirrorDiamond {
  let left: MirrorDiamond?
  let right: MirrorDiamond?
  let value = 1
  init(left: MirrorDiamond?, right: MirrorDiamond?) {
    self.left = left
    self.right = right
  }
}

/// The same shape written by a conformance (what `@Matchable` would generate).
final class TypedDiamond: StructurallyEncodable {
  let left: TypedDiamond?
  let right: TypedDiamond?
  let value = 1
  init(left: TypedDiamond?, right: TypedDiamond?) {
    self.left = left
    self.right = right
  }
  func encode(to encoder: inout StructureEncoder) {
    encoder.encodeObject(identity: ObjectIdentifier(self), typeName: "TypedDiamond") {
      $0.field("left", left)
      $0.field("right", right)
      $0.field("value", value)
    }
  }
}

/// Sharing is written in full (so it never changes equality): what does that cost, and where is
/// the limit? A chain of diamonds of depth d writes 2^(d+1) - 1 instances; the same tree of
/// distinct instances is the alternative (the cost sharing must not exceed).
enum SharingBenchmarks {
  static func run(runs: Int, report: inout Report) {
    let depth = 16  // 131 071 instances written, 131 054 of them repeats: under the 200 000 limit
    let written = (1 << (depth + 1)) - 1

    func mirrorShared(_ level: Int) -> MirrorDiamond? {
      var node: MirrorDiamond? = nil
      for _ in 0...level { node = MirrorDiamond(left: node, right: node) }
      return node
    }
    func mirrorDistinct(_ level: Int) -> MirrorDiamond? {
      level < 0 ? nil : MirrorDiamond(left: mirrorDistinct(level - 1), right: mirrorDistinct(level - 1))
    }
    func typedShared(_ level: Int) -> TypedDiamond? {
      var node: TypedDiamond? = nil
      for _ in 0...level { node = TypedDiamond(left: node, right: node) }
      return node
    }
    func typedDistinct(_ level: Int) -> TypedDiamond? {
      level < 0 ? nil : TypedDiamond(left: typedDistinct(level - 1), right: typedDistinct(level - 1))
    }

    let sharedMirror = mirrorShared(depth)
    let distinctMirror = mirrorDistinct(depth)
    precondition(Structure(encoding: sharedMirror) == Structure(encoding: distinctMirror))
    let mirrorShare = Timing.measure(runs: runs, operations: written) { blackHole(Structure(encoding: sharedMirror)) }
    let mirrorApart = Timing.measure(runs: runs, operations: written) { blackHole(Structure(encoding: distinctMirror)) }
    report.add(ReportRow(
      work: "encode a diamond chain, \(written) instances (\(written - depth - 1) shared repeats), reflection",
      verity: "\(formatDuration(nanoseconds: mirrorShare.best))/instance",
      alternative: "distinct instances \(formatDuration(nanoseconds: mirrorApart.best))/instance",
      ratio: mirrorApart.best / mirrorShare.best, target: "sharing ≤ 1.5× distinct; limit 200 000 repeats",
      meetsTarget: mirrorShare.best <= 1.5 * mirrorApart.best))

    let sharedTyped = typedShared(depth)
    let distinctTyped = typedDistinct(depth)
    precondition(Structure(sharedTyped) == Structure(distinctTyped))
    let typedShare = Timing.measure(runs: runs, operations: written) { blackHole(Structure(sharedTyped)) }
    let typedApart = Timing.measure(runs: runs, operations: written) { blackHole(Structure(distinctTyped)) }
    report.add(ReportRow(
      work: "encode a diamond chain, \(written) instances (\(written - depth - 1) shared repeats), conformance",
      verity: "\(formatDuration(nanoseconds: typedShare.best))/instance",
      alternative: "distinct instances \(formatDuration(nanoseconds: typedApart.best))/instance",
      ratio: typedApart.best / typedShare.best, target: "sharing ≤ 1.5× distinct; limit 200 000 repeats",
      meetsTarget: typedShare.best <= 1.5 * typedApart.best))
    // Time to reach the limit, by reflection (the slowest path): 200 000 repeats at the per-instance
    // cost above.
    let toLimit = mirrorShare.best * 200_000
    print("  · reaching the sharing limit by reflection costs about \(formatDuration(nanoseconds: toLimit))"
      + " (200 000 repeated instances at \(formatDuration(nanoseconds: mirrorShare.best)) each)")
  }
}
