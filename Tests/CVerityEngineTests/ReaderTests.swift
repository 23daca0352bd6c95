import CVerityEngine
import Testing

/// A malformed or truncated input and the status every reader must give for it.
struct BadInput: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let expected: UInt32  // vrt_status raw value

  var testDescription: String { name }

  static func truncated(_ name: String, _ bytes: [UInt8]) -> BadInput {
    BadInput(name: name, bytes: bytes, expected: VRT_ERR_TRUNCATED.rawValue)
  }
  static func malformed(_ name: String, _ bytes: [UInt8]) -> BadInput {
    BadInput(name: name, bytes: bytes, expected: VRT_ERR_MALFORMED.rawValue)
  }
}

let badInputs: [BadInput] = [
  .truncated("empty", []),
  .malformed("tag 0x00", [0x00]),
  .malformed("tag 0x0C", [0x0C]),
  .malformed("tag 0x17", [0x17]),
  .malformed("tag 0xFF", [0xFF]),
  .truncated("uint without varint", [0x04]),
  .truncated("unfinished varint", [0x04, 0x80]),
  .malformed("over-long varint", [0x04, 0x80, 0x00]),
  .malformed("varint over 64 bits", [0x04] + [UInt8](repeating: 0xFF, count: 9) + [0x02]),
  .malformed("varint longer than 10 bytes", [0x04] + [UInt8](repeating: 0x80, count: 10) + [0x01]),
  .malformed("trailing bytes after a scalar", [0x04, 0x01, 0x01]),
  .truncated("short double", [0x06, 0, 0, 0]),
  .malformed("negative zero", [0x06, 0, 0, 0, 0, 0, 0, 0, 0x80]),
  .malformed("non-canonical NaN", [0x06, 1, 0, 0, 0, 0, 0, 0xF8, 0x7F]),
  .malformed("negative NaN", [0x06, 0, 0, 0, 0, 0, 0, 0xF8, 0xFF]),
  .truncated("short string", [0x07, 0x03, 0x61]),
  .truncated("string without length", [0x07]),
  .truncated("short bytes", [0x08, 0x02, 0x00]),
  .truncated("bare SOME", [0x09]),
  .malformed("SOME of a non-nil value", [0x09, 0x04, 0x01]),
  .malformed("SOME of SOME of a value", [0x09, 0x09, 0x03]),
  .malformed("BACKREF without objects", [0x0A, 0x00]),
  .truncated("OPAQUE without description", [0x0B, 0x01, 0x41]),
  .truncated("short container header", [0x10, 0, 0, 0]),
  .truncated("payload past the end", [0x10, 1, 0, 0, 0]),
  .malformed("payload over the limit", [0x10, 0xF1, 0xFF, 0xFF, 0xFF]),
  .malformed("child overruns its container", [0x10, 2, 0, 0, 0, 0x07, 0x05, 0x61, 0x61, 0x61]),
  .malformed("nested container overruns", [0x10, 5, 0, 0, 0, 0x10, 1, 0, 0, 0, 0x01]),
  .malformed("trailing bytes after a container", [0x10, 0, 0, 0, 0, 0x01]),
  .malformed("STRUCT without name", [0x13, 0, 0, 0, 0]),
  .malformed("STRUCT name not a STRING", [0x13, 2, 0, 0, 0, 0x04, 0x01]),
  .malformed("STRUCT field without label", [0x13, 5, 0, 0, 0, 0x07, 1, 0x50, 0x04, 0x01]),
  .malformed("STRUCT label without value", [0x13, 6, 0, 0, 0, 0x07, 1, 0x50, 0x07, 1, 0x78]),
  .malformed("STRUCT label prefixed by SOME", [0x13, 8, 0, 0, 0, 0x07, 1, 0x50, 0x09, 0x07, 0, 0x04, 1]),
  .malformed("ENUM without case name", [0x14, 3, 0, 0, 0, 0x07, 1, 0x45]),
  .malformed("ENUM without anything", [0x14, 0, 0, 0, 0]),
  .malformed("OBJECT without name", [0x15, 0, 0, 0, 0]),
  .malformed("TUPLE element without label", [0x16, 2, 0, 0, 0, 0x04, 0x01]),
  .malformed("DICT with odd children", [0x12, 2, 0, 0, 0, 0x04, 0x01]),
  .malformed("BACKREF past the objects seen",
             [0x15, 8, 0, 0, 0, 0x07, 1, 0x4E, 0x07, 1, 0x66, 0x0A, 0x01]),
  .malformed("BACKREF before its object",
             [0x10, 14, 0, 0, 0, 0x0A, 0x00, 0x15, 7, 0, 0, 0, 0x07, 1, 0x4E, 0x07, 1, 0x66, 0x01]),
  .malformed("label string overruns the container",
             [0x16, 3, 0, 0, 0, 0x07, 0x05, 0x61, 0x61, 0x61, 0x61, 0x61]),
]

@Suite struct ReaderTests {
  @Test(arguments: badInputs)
  func badInputIsRejected(_ input: BadInput) {
    #expect(validate(input.bytes).rawValue == input.expected)
    let (status, nodes) = nodeTable(input.bytes)
    #expect(status.rawValue == input.expected)
    #expect(nodes.isEmpty)
  }

  @Test func failedBuildLeavesTheTableEmpty() {
    var table = vrt_node_table()
    let bytes: [UInt8] = [0x10, 1, 0, 0, 0]
    let status = bytes.withUnsafeBufferPointer { vrt_node_table_build($0.baseAddress, $0.count, nil, &table) }
    #expect(status == VRT_ERR_TRUNCATED)
    #expect(table.nodes == nil)
    #expect(table.count == 0)
  }

  @Test func validEdgeCasesAreAccepted() {
    let valid: [[UInt8]] = [
      [0x01], [0x02], [0x03], [0x04, 0x00], [0x05, 0x00],
      [0x04] + [UInt8](repeating: 0xFF, count: 9) + [0x01],  // UInt64.max
      [0x06, 0, 0, 0, 0, 0, 0, 0xF8, 0x7F],  // the NaN
      [0x06, 0, 0, 0, 0, 0, 0, 0xF0, 0xFF],  // -infinity
      [0x07, 0x00], [0x08, 0x00], [0x09, 0x01], [0x09, 0x09, 0x01],
      [0x0B, 0x00, 0x00],
      [0x10, 0, 0, 0, 0], [0x11, 0, 0, 0, 0], [0x12, 0, 0, 0, 0], [0x16, 0, 0, 0, 0],
      [0x13, 2, 0, 0, 0, 0x07, 0x00],
      [0x14, 4, 0, 0, 0, 0x07, 0x00, 0x07, 0x00],
      [0x15, 8, 0, 0, 0, 0x07, 1, 0x4E, 0x07, 1, 0x66, 0x0A, 0x00],
    ]
    for bytes in valid {
      #expect(validate(bytes) == VRT_OK, "\(bytes)")
      #expect(nodeTable(bytes).0 == VRT_OK, "\(bytes)")
    }
  }

  /// A structure with every kind of value at several levels.
  static let rich: [UInt8] = encode { w in
    w.begin(Tag.struct, "Model")
    w.string("id"); w.int(-42)
    w.string("tags")
    w.begin(Tag.set); w.string("x"); w.string("y"); w.end()
    w.string("map")
    w.begin(Tag.dict)
    w.string("k1"); w.begin(Tag.array); w.double(1.5); w.nil(); w.end()
    w.string("k2"); w.begin(Tag.tuple); w.string("a"); w.bool(true); w.string(""); w.data([1, 2, 3]); w.end()
    w.end()
    w.string("choice")
    w.begin(Tag.enum, "Choice"); w.string("some"); w.string("value"); w.uint(UInt64.max); w.end()
    w.string("opt")
    let start = w.length
    w.nil(); w.wrapSome(from: start)
    w.string("node")
    if !w.objectSeen(7) {
      w.begin(Tag.object, "Node"); w.string("me"); _ = w.objectSeen(7); w.end()
    }
    w.string("opaque")
    vrt_writer_write_opaque(&w.raw, "T", 1, "d", 1)
    w.end()
  }

  @Test func everyProperPrefixIsTruncated() {
    let bytes = Self.rich
    #expect(validate(bytes) == VRT_OK)
    for length in 0..<bytes.count {
      let prefix = Array(bytes[0..<length])
      #expect(validate(prefix) == VRT_ERR_TRUNCATED, "prefix \(length)")
      #expect(nodeTable(prefix).0 == VRT_ERR_TRUNCATED, "prefix \(length)")
    }
  }

  @Test func mutationsNeverCrash() {
    let original = Self.rich
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var accepted = 0, mismatches = 0, brokenTables = 0, otherStatuses = 0
    for _ in 0..<20_000 {
      var bytes = original
      let edits = Int(next() % 3) + 1
      for _ in 0..<edits {
        switch next() % 4 {
        case 0, 1:
          bytes[Int(next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: next())
        case 2:
          bytes.insert(UInt8(truncatingIfNeeded: next()), at: Int(next() % UInt64(bytes.count + 1)))
        default:
          if bytes.count > 1 { bytes.remove(at: Int(next() % UInt64(bytes.count))) }
        }
      }
      let status = validate(bytes)
      let (built, nodes) = nodeTable(bytes)
      if built != status { mismatches += 1 }
      if built == VRT_OK {
        accepted += 1
        // Invariants of any accepted table.
        var ok = nodes[0].offset == 0 && Int(nodes[0].length) == bytes.count
          && Int(nodes[0].end_index) == nodes.count
        for (i, node) in nodes.enumerated() {
          ok = ok && Int(node.offset) + Int(node.length) <= bytes.count
          ok = ok && Int(node.end_index) > i && Int(node.end_index) <= nodes.count
          if i > 0 { ok = ok && Int(node.parent) < i }
        }
        if !ok { brokenTables += 1 }
      } else if built != VRT_ERR_TRUNCATED && built != VRT_ERR_MALFORMED {
        otherStatuses += 1
      }
    }
    #expect(mismatches == 0)
    #expect(brokenTables == 0)
    #expect(otherStatuses == 0)
    // Some mutations (changed string contents, integer values) stay valid.
    #expect(accepted > 0)
  }

  @Test func valueSizeReadsOnlyTheHeader() {
    #expect(valueSize([0x01]) == (VRT_OK, 1))
    #expect(valueSize([0x04, 0x80, 0x01, 0xEE]) == (VRT_OK, 3))
    #expect(valueSize([0x06] + [UInt8](repeating: 0, count: 8)) == (VRT_OK, 9))
    #expect(valueSize([0x07, 0x02, 0x61, 0x62, 0x01]) == (VRT_OK, 4))
    #expect(valueSize([0x09, 0x09, 0x01]) == (VRT_OK, 3))
    #expect(valueSize([0x0A, 0x05]) == (VRT_OK, 2))
    #expect(valueSize([0x0B, 0x01, 0x41, 0x00]) == (VRT_OK, 4))
    // Container contents are not read: garbage inside is fine for the size.
    #expect(valueSize([0x13, 2, 0, 0, 0, 0xFF, 0xFF, 0x01]) == (VRT_OK, 7))
    #expect(valueSize([]).0 == VRT_ERR_TRUNCATED)
    #expect(valueSize([0x10, 3, 0, 0, 0, 0]).0 == VRT_ERR_TRUNCATED)
    #expect(valueSize([0x09]).0 == VRT_ERR_TRUNCATED)
    #expect(valueSize([0x07, 0x80, 0x00]).0 == VRT_ERR_MALFORMED)
    #expect(valueSize([0x00]).0 == VRT_ERR_MALFORMED)
    #expect(valueSize([0x10, 0xFF, 0xFF, 0xFF, 0xFF]).0 == VRT_ERR_MALFORMED)
  }

  @Test func readVarint() {
    func read(_ bytes: [UInt8]) -> (vrt_status, UInt64, Int) {
      var value: UInt64 = 0
      var used = 0
      let status = bytes.withUnsafeBufferPointer {
        vrt_read_varint($0.baseAddress, $0.count, &value, &used)
      }
      return (status, value, used)
    }
    #expect(read([0x00]) == (VRT_OK, 0, 1))
    #expect(read([0x7F, 0xFF]) == (VRT_OK, 127, 1))
    #expect(read([0xAC, 0x02]) == (VRT_OK, 300, 2))
    #expect(read([UInt8](repeating: 0xFF, count: 9) + [0x01]) == (VRT_OK, UInt64.max, 10))
    #expect(read([]).0 == VRT_ERR_TRUNCATED)
    #expect(read([0x80]).0 == VRT_ERR_TRUNCATED)
    #expect(read([0x80, 0x00]).0 == VRT_ERR_MALFORMED)
    #expect(read([UInt8](repeating: 0xFF, count: 9) + [0x02]).0 == VRT_ERR_MALFORMED)
    #expect(read([UInt8](repeating: 0x80, count: 10) + [0x00]).0 == VRT_ERR_MALFORMED)
  }

  static func nestedArrays(depth: Int) -> [UInt8] {
    encode { w in
      for _ in 0..<depth { w.begin(Tag.array) }
      w.int(1)
      for _ in 0..<depth { w.end() }
    }
  }

  @Test(arguments: [10_000, 100_000])
  func deepNesting(depth: Int) {
    let bytes = Self.nestedArrays(depth: depth)
    #expect(bytes.count == depth * 5 + 2)
    #expect(validate(bytes) == VRT_OK)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes.count == depth + 1)
    #expect(Int(nodes[depth].depth) == depth)
    #expect(Int(nodes[depth - 1].child_count) == 1)
    #expect(Int(nodes[0].length) == bytes.count)
    #expect(Int(nodes[0].end_index) == depth + 1)
  }

  @Test func millionDeepNestingFromRawBytes() {
    let depth = 1_000_000
    var bytes = [UInt8](repeating: 0, count: depth * 5 + 1)
    for level in 0..<depth {
      let payload = UInt32((depth - level - 1) * 5 + 1)
      bytes[level * 5] = Tag.array
      bytes[level * 5 + 1] = UInt8(truncatingIfNeeded: payload)
      bytes[level * 5 + 2] = UInt8(truncatingIfNeeded: payload >> 8)
      bytes[level * 5 + 3] = UInt8(truncatingIfNeeded: payload >> 16)
      bytes[level * 5 + 4] = UInt8(truncatingIfNeeded: payload >> 24)
    }
    bytes[depth * 5] = Tag.nil
    #expect(validate(bytes) == VRT_OK)
    var table = vrt_node_table()
    let status = bytes.withUnsafeBufferPointer { vrt_node_table_build($0.baseAddress, $0.count, nil, &table) }
    #expect(status == VRT_OK)
    #expect(table.count == depth + 1)
    #expect(table.nodes?[depth].depth == UInt32(depth))
    vrt_node_table_free(&table)
    // Without the innermost value the root's payload runs past the end.
    bytes.removeLast()
    #expect(validate(bytes) == VRT_ERR_TRUNCATED)
    // With an extra byte inside the innermost array, the outer ones are too short for it.
    bytes.append(Tag.nil)
    bytes.insert(Tag.nil, at: depth * 5)
    bytes[depth * 5 - 4] = 2
    #expect(validate(bytes) == VRT_ERR_MALFORMED)
  }
}
