import Foundation
import Testing
import Verity

private struct Broken: StructurallyEncodable {
  func encode(to encoder: inout StructureEncoder) {
    encoder.encode(1)
    encoder.encode(2)  // two values: not one structure
  }
}

private struct Silent: StructurallyEncodable {
  func encode(to encoder: inout StructureEncoder) {}
}

@Suite("Structure")
struct StructureTests {
  @Test func equalityIsByBytes() {
    #expect(Structure([1, 2]) == Structure(ContiguousArray([1, 2])))
    #expect(Structure([1, 2]) != Structure([2, 1]))
    #expect(Structure(Set([1, 2])) != Structure([1, 2]))
    #expect(Structure("1") != Structure(1))
    #expect(Structure(["a": 1]) == Structure(encoding: ["a": 1] as [String: Any]))
  }

  @Test func hashIsXXH3OfTheBytesAndDrivesHashable() {
    #expect(Structure(1).hash == Structure(UInt8(1)).hash)
    #expect(Structure(1).hash != Structure(2).hash)
    let set: Set<Structure> = [Structure(1), Structure(UInt8(1)), Structure(Int64(1)), Structure("1")]
    #expect(set.count == 2)
    var dictionary: [Structure: String] = [:]
    dictionary[Structure(["k": [1]])] = "x"
    #expect(dictionary[Structure(["k": [UInt16(1)]])] == "x")
  }

  @Test func validatingAcceptsOneValueAndRejectsTheRest() throws {
    #expect(try Structure(validating: [0x04, 0x05]) == Structure(5))
    #expect(throws: VerityEngineError(.truncated)) { try Structure(validating: []) }
    #expect(throws: VerityEngineError(.truncated)) { try Structure(validating: [0x07, 0x05]) }
    #expect(throws: VerityEngineError(.malformed)) { try Structure(validating: [0x04, 0x05, 0x01]) }
    #expect(throws: VerityEngineError(.malformed)) { try Structure(validating: [0xEE]) }
    #expect(throws: VerityEngineError(.malformed)) { try Structure(validating: [0x0A, 0x00]) }
    let error = VerityEngineError(.truncated)
    #expect(error.code == .truncated)
    #expect(error.message == "truncated input")
    #expect(error.description == "Verity engine error: truncated input")
    #expect(VerityEngineError(.malformed).message == "malformed structure")
  }

  @Test func brokenConformancesAreReportedAndBecomeMarkers() {
    withKnownIssue {
      let structure = Structure(Broken())
      #expect(structure.description == "<encoding failed: malformed structure>")
    } matching: { issue in
      issue.description.contains("Verity could not encode a value of type Broken: malformed structure")
    }
    withKnownIssue {
      _ = Structure(Silent())
    } matching: { issue in
      issue.description.contains("Verity could not encode a value of type Silent: truncated input")
    }
  }

  @Test func bytesAreExposedWithoutCopying() {
    let structure = Structure("hi")
    #expect(structure.withUnsafeBytes { Array($0) } == [0x07, 0x02, 0x68, 0x69])
    #expect(structure.byteCount == 4)
  }

  @Test func nodeTableIsBuiltLazilyAndShared() throws {
    let structure = Structure {
      $0.encodeStruct("User") {
        $0.field("name", "Ada")
        $0.field("tags", ["x", "y"])
      }
    }
    let nodes = try structure.nodeTable()
    #expect(nodes.count == 5)
    #expect(nodes.map(\.tag) == [.struct, .string, .array, .string, .string])
    #expect(nodes.map(\.depth) == [0, 1, 1, 2, 2])
    #expect(structure.typeName(of: nodes[0]) == "User")
    #expect(structure.label(of: nodes[1]) == "name")
    #expect(structure.label(of: nodes[2]) == "tags")
    #expect(nodes[2].parentIndex == 0)
    #expect(nodes[0].parentIndex == nil)
    #expect(nodes[0].byteRange == 0..<structure.byteCount)
    #expect(try structure.nodeTable() == nodes)
    // Equal subtrees hash equally: the "x" element and a standalone "x" node table root.
    #expect(try Structure("x").nodeTable()[0].hash == nodes[3].hash)
    let colliding = try structure.buildNodeTable(constantHash: 7)
    #expect(colliding.allSatisfy { $0.hash == 7 })
  }

  @Test func nodeTableIsThreadSafe() async throws {
    let structure = Structure(Array(0..<1000))
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask { (try? structure.nodeTable().count) ?? -1 }
      }
      var counts: [Int] = []
      for await count in group { counts.append(count) }
      return counts
    }
    #expect(counts == Array(repeating: 1001, count: 8))
  }

  @Test func splittingArguments() throws {
    let bytes = Structure(1).bytes + Structure("two").bytes + Structure([3]).bytes
    let parts = try bytes.withUnsafeBytes { try Structure.splitting(arguments: $0, count: 3) }
    #expect(parts == [Structure(1), Structure("two"), Structure([3])])
    #expect(throws: VerityEngineError(.malformed)) {
      try bytes.withUnsafeBytes { try Structure.splitting(arguments: $0, count: 2) }
    }
    #expect(throws: VerityEngineError(.truncated)) {
      try bytes.withUnsafeBytes { try Structure.splitting(arguments: $0, count: 4) }
    }
    let none = try [UInt8]().withUnsafeBytes { try Structure.splitting(arguments: $0, count: 0) }
    #expect(none.isEmpty)
    let lenient = ([0x04, 0x01, 0x07, 0x09] as [UInt8]).withUnsafeBytes {
      Structure.splittingLeniently(arguments: $0, count: 2)
    }
    #expect(lenient.map(\.description) == ["1", "<malformed argument: truncated input>"])
  }
}

extension StructureNode {
  /// The parent's node index, nil for the root.
  fileprivate var parentIndex: Int? { parent == Self.none ? nil : Int(parent) }
  /// The byte range of the node in ``Structure/bytes``.
  fileprivate var byteRange: Range<Int> { Int(offset)..<(Int(offset) + Int(length)) }
}
