// The argument types the benchmark gives an encoding with `@Matchable`, each followed by the
// extension `@Matchable` generates for it, written out so that the benchmark builds without the
// macro plug-in. The test `BenchmarkMockTests` in VerityMacrosTests expands the structs below and
// compares, as it does for GeneratedMocks.swift. After a change to the macro, rewrite this file
// with
//   VERITY_RECORD_BENCHMARK_MOCKS=1 swift test --filter BenchmarkMockTests
import Verity

// MARK: - Written by @Matchable below this line

/// The everyday test's small record (``Record``) with a generated encoding: recorded, verified
/// and rendered without reflection.
struct MatchableRecord: Equatable, Sendable {
  var id: Int
  var title: String
  var tags: [String]
}

extension MatchableRecord: Verity.StructurallyEncodable, Verity.Matchable {
  func encode(to encoder: inout Verity.StructureEncoder) {
    encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
      fields.field("id", self.id)
      fields.field("title", self.title)
      fields.field("tags", self.tags)
    }
  }
  static var structureDecidesEquality: Bool {
    false
  }
}
