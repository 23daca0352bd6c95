import CVerityEngine
import Testing

/// Node table fields and subtree hashes.
@Suite struct NodeTableTests {
  /// Point(x: 1, y: "a")
  static let point: [UInt8] = encode { w in
    w.begin(Tag.struct, "Point")
    w.string("x"); w.int(1)
    w.string("y"); w.string("a")
    w.end()
  }

  /// ["a": 1, "b": [true]]
  static let dict: [UInt8] = encode { w in
    w.begin(Tag.dict)
    w.string("b"); w.begin(Tag.array); w.bool(true); w.end()
    w.string("a"); w.int(1)
    w.end()
  }

  @Test func structFields() {
    #expect(Self.point == [0x13, 18, 0, 0, 0, 0x07, 5] + Array("Point".utf8)
      + [0x07, 1, 0x78, 0x04, 0x01, 0x07, 1, 0x79, 0x07, 1, 0x61])
    let (status, nodes) = nodeTable(Self.point)
    #expect(status == VRT_OK)
    #expect(nodes.count == 3)
    let root = nodes[0]
    #expect(root.tag == Tag.struct)
    #expect(root.offset == 0 && root.length == 23 && root.depth == 0)
    #expect(root.parent == VRT_NONE && root.child_count == 2)
    #expect(root.name_offset == 5 && root.label_offset == VRT_NONE && root.key_node == VRT_NONE)
    #expect(root.end_index == 3 && root.some_depth == 0)
    let x = nodes[1]
    #expect(x.tag == Tag.uint && x.offset == 15 && x.length == 2 && x.depth == 1)
    #expect(x.parent == 0 && x.child_count == 0 && x.name_offset == VRT_NONE)
    #expect(x.label_offset == 12 && x.key_node == VRT_NONE && x.end_index == 2)
    let y = nodes[2]
    #expect(y.tag == Tag.string && y.offset == 20 && y.length == 3 && y.depth == 1)
    #expect(y.parent == 0 && y.label_offset == 17 && y.end_index == 3)
  }

  @Test func dictFields() {
    #expect(Self.dict == [0x12, 14, 0, 0, 0, 0x07, 1, 0x61, 0x04, 0x01,
                          0x07, 1, 0x62, 0x10, 1, 0, 0, 0, 0x03])
    let (status, nodes) = nodeTable(Self.dict)
    #expect(status == VRT_OK)
    #expect(nodes.count == 6)
    #expect(nodes.map(\.tag) == [Tag.dict, Tag.string, Tag.uint, Tag.string, Tag.array, Tag.true])
    #expect(nodes.map(\.offset) == [0, 5, 8, 10, 13, 18])
    #expect(nodes.map(\.length) == [19, 3, 2, 3, 6, 1])
    #expect(nodes.map(\.depth) == [0, 1, 1, 1, 1, 2])
    #expect(nodes.map(\.parent) == [VRT_NONE, 0, 0, 0, 0, 4])
    #expect(nodes.map(\.child_count) == [4, 0, 0, 0, 1, 0])
    #expect(nodes.map(\.key_node) == [VRT_NONE, VRT_NONE, 1, VRT_NONE, 3, VRT_NONE])
    #expect(nodes.map(\.label_offset) == Array(repeating: VRT_NONE, count: 6))
    #expect(nodes.map(\.end_index) == [6, 2, 3, 4, 6, 6])
  }

  @Test func somePrefixesBelongToTheirNode() {
    let bytes = encode { w in
      w.begin(Tag.array)
      let start = w.length
      w.nil(); w.wrapSome(from: start); w.wrapSome(from: start)
      w.end()
    }
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes[1].tag == Tag.nil && nodes[1].some_depth == 2)
    #expect(nodes[1].offset == 5 && nodes[1].length == 3)
  }

  @Test func enumAndTupleLabels() {
    let bytes = encode { w in
      w.begin(Tag.enum, "E")
      w.string("c")
      w.string("l"); w.int(1)
      w.end()
    }
    let (_, nodes) = nodeTable(bytes)
    #expect(nodes.count == 2)
    #expect(nodes[0].name_offset == 5)
    #expect(nodes[1].label_offset == 11)
  }

  @Test func emptyHashMatchesXXH3() {
    // XXH3-64 of the empty input with seed 0.
    #expect(vrt_hash_bytes(nil, 0, nil) == 0x2D06_8005_38D3_94C2)
    var constant = vrt_hash_options(seed: 1, flags: UInt32(VRT_HASH_CONSTANT), constant: 99)
    #expect(vrt_hash_bytes("abc", 3, &constant) == 99)
  }

  @Test func scalarHashIsTheHashOfItsBytes() {
    for seed: UInt64 in [0, 1, 0xDEAD_BEEF] {
      let options = vrt_hash_options(seed: seed, flags: 0, constant: 0)
      let (_, nodes) = nodeTable(Self.point, options: options)
      for node in nodes where !vrt_tag_is_container(node.tag) {
        let bytes = Array(Self.point[Int(node.offset)..<Int(node.offset + node.length)])
        #expect(node.hash == hashBytes(bytes, seed: seed))
      }
    }
  }

  @Test func goldenContainerHashes() {
    // Pinned: a change to the hash combination changes these (and every stored hash).
    let (_, point) = nodeTable(Self.point)
    let (_, dict) = nodeTable(Self.dict)
    #expect(point[0].hash == 0x0B7C_52E7_7ED5_58A7)
    #expect(dict[0].hash == 0x43F2_0A63_6A5C_B69D)
    #expect(dict[4].hash == 0x6A91_58E6_5414_DA77)
  }

  @Test func parentHashCoversChildren() {
    func rootHash(_ body: (Writer) -> Void) -> UInt64 { nodeTable(encode(body)).1[0].hash }
    func point(_ label: String = "x", _ value: Int64 = 1, name: String = "Point") -> (Writer) -> Void {
      { w in
        w.begin(Tag.array)
        w.begin(Tag.struct, name); w.string(label); w.int(value); w.end()
        w.end()
      }
    }
    let base = rootHash(point())
    #expect(rootHash(point()) == base)
    #expect(rootHash(point("y")) != base)  // label
    #expect(rootHash(point("x", 2)) != base)  // deep value
    #expect(rootHash(point(name: "Other")) != base)  // type name
    // Order matters in arrays.
    let ab = rootHash { w in w.begin(Tag.array); w.int(1); w.int(2); w.end() }
    let ba = rootHash { w in w.begin(Tag.array); w.int(2); w.int(1); w.end() }
    #expect(ab != ba)
    // Tag matters: an array and a set with the same children differ.
    let set = rootHash { w in w.begin(Tag.set); w.int(1); w.int(2); w.end() }
    #expect(set != ab)
    // Moving an element between levels changes the hash.
    let nested = rootHash { w in
      w.begin(Tag.array); w.int(1); w.begin(Tag.array); w.int(2); w.end(); w.end()
    }
    #expect(nested != ab)
  }

  @Test func seedChangesHashes() {
    let a = nodeTable(Self.dict, options: vrt_hash_options(seed: 1, flags: 0, constant: 0)).1
    let b = nodeTable(Self.dict, options: vrt_hash_options(seed: 2, flags: 0, constant: 0)).1
    #expect(a[0].hash != b[0].hash)
    #expect(a[1].hash != b[1].hash)
  }

  @Test func constantHashReplacesEveryHash() {
    let options = vrt_hash_options(seed: 0, flags: UInt32(VRT_HASH_CONSTANT), constant: 0x1234)
    let (status, nodes) = nodeTable(Self.dict, options: options)
    #expect(status == VRT_OK)
    #expect(nodes.allSatisfy { $0.hash == 0x1234 })
  }
}
