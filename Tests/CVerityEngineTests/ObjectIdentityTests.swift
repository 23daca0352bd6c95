import CVerityEngine
import Testing

/// OBJECT identities and BACKREFs: cycles, sharing, and sharing across sorted containers.
@Suite struct ObjectIdentityTests {
  /// Writes an object with one field whose value `field` writes.
  func object(_ w: Writer, id: UInt, name: String, label: String, _ field: (Writer) -> Void) {
    if w.objectSeen(id) { return }
    w.begin(Tag.object, name)
    w.string(label)
    field(w)
    w.end()
  }

  @Test func cycleIsWrittenAsBackReference() {
    // node.next === node
    let bytes = encode { w in
      object(w, id: 0x10, name: "Node", label: "next") { w in
        #expect(w.objectSeen(0x10))
      }
    }
    #expect(bytes == [0x15, 14, 0, 0, 0, 0x07, 4] + Array("Node".utf8) + [0x07, 4]
      + Array("next".utf8) + [0x0A, 0x00])
    #expect(validate(bytes) == VRT_OK)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes.count == 2)
    #expect(nodes[1].tag == Tag.backref)
    #expect(nodes[1].label_offset == 11)
    #expect(nodes[0].name_offset == 5)
  }

  @Test func sharedInstanceIsWrittenOnce() {
    let bytes = encode { w in
      w.begin(Tag.array)
      for _ in 0..<3 {
        object(w, id: 0x20, name: "C", label: "v") { $0.int(7) }
      }
      w.end()
    }
    let written: [UInt8] = [0x15, 8, 0, 0, 0, 0x07, 1, 0x43, 0x07, 1, 0x76, 0x04, 0x07]
    #expect(bytes == [0x10, 17, 0, 0, 0] + written + [0x0A, 0x00, 0x0A, 0x00])
    #expect(validate(bytes) == VRT_OK)
  }

  @Test func distinctInstancesWithEqualContentsAreEqualStructures() {
    let twoInstances = encode { w in
      object(w, id: 1, name: "C", label: "v") { $0.int(7) }
    }
    let anotherInstance = encode { w in
      object(w, id: 2, name: "C", label: "v") { $0.int(7) }
    }
    #expect(twoInstances == anotherInstance)
  }

  @Test func forgetIdentitiesRestartsNumbering() {
    let w = Writer()
    #expect(!w.objectSeen(1))
    w.begin(Tag.object, "A"); w.end()
    w.forgetIdentities()
    #expect(!w.objectSeen(1))
    w.begin(Tag.object, "A"); w.end()
    #expect(w.objectSeen(1))
    #expect(w.finish == VRT_OK)
    #expect(w.bytes.suffix(2) == [0x0A, 0x00])
  }

  @Test func resetForgetsIdentities() {
    let w = Writer()
    #expect(!w.objectSeen(1))
    w.reset()
    #expect(!w.objectSeen(1))
  }

  @Test func zeroIdentityIsInvalid() {
    let w = Writer()
    #expect(w.objectSeen(0))
    #expect(w.finish == VRT_ERR_INVALID_ARGUMENT)
  }

  @Test func forgettingInsideAContainerIsInvalid() {
    let w = Writer()
    w.begin(Tag.array)
    w.forgetIdentities()
    #expect(w.status == VRT_ERR_INVALID_STATE)
  }

  @Test func manyIdentitiesGrowTheTable() {
    let bytes = encode { w in
      w.begin(Tag.array)
      for id in 1...5_000 as ClosedRange<UInt> {
        object(w, id: id, name: "N", label: "i") { $0.int(Int64(id)) }
      }
      for id in stride(from: 5_000, through: 1, by: -1) as StrideThrough<UInt> {
        #expect(w.objectSeen(id))
      }
      w.end()
    }
    #expect(validate(bytes) == VRT_OK)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    // 1 array + 5000 objects with one field + 5000 back-references
    #expect(nodes.count == 1 + 10_000 + 5_000)
    // The last BACKREF points to the first object: ordinal 0.
    #expect(bytes.suffix(2) == [0x0A, 0x00])
  }

  /// Dictionary values sharing instances: whatever order the entries come in, the sorted bytes
  /// are valid (every BACKREF after its OBJECT) and identical.
  @Test func sharingAcrossSortedDictionaryEntries() {
    // b = B(v: 1); a = A(ref: b); dict = ["a": a, "b": b]; then a and b again after the dict.
    func write(bFirst: Bool) -> [UInt8] {
      encode { w in
        w.begin(Tag.array)
        w.begin(Tag.dict)
        let writeB = { w.string("b"); self.object(w, id: 2, name: "B", label: "v") { $0.int(1) } }
        let writeA = {
          w.string("a")
          self.object(w, id: 1, name: "A", label: "ref") { w in
            self.object(w, id: 2, name: "B", label: "v") { $0.int(1) }
          }
        }
        if bFirst { writeB(); writeA() } else { writeA(); writeB() }
        w.end()
        #expect(w.objectSeen(1))
        #expect(w.objectSeen(2))
        w.end()
      }
    }
    let bFirst = write(bFirst: true)
    let aFirst = write(bFirst: false)
    #expect(bFirst == aFirst)
    #expect(validate(bFirst) == VRT_OK)
    let b: [UInt8] = [0x15, 8, 0, 0, 0, 0x07, 1, 0x42, 0x07, 1, 0x76, 0x04, 0x01]
    let a: [UInt8] = [0x15, 21, 0, 0, 0, 0x07, 1, 0x41, 0x07, 3] + Array("ref".utf8) + b
    let dict: [UInt8] = [0x12, 34, 0, 0, 0, 0x07, 1, 0x61] + a + [0x07, 1, 0x62, 0x0A, 0x01]
    // After the dict, A is object 0 and B object 1 in the canonical numbering.
    #expect(aFirst == [0x10, 43, 0, 0, 0] + dict + [0x0A, 0x00, 0x0A, 0x01])
  }

  /// A cycle between two set elements: the result must stay valid after sorting.
  @Test func cycleAcrossSortedSetElements() {
    // x = X(peer: y), y = Y(peer: x), set = {y, x} written y first.
    let bytes = encode { w in
      w.begin(Tag.set)
      object(w, id: 2, name: "Y", label: "peer") { w in
        self.object(w, id: 1, name: "X", label: "peer") { w in
          #expect(w.objectSeen(2))
        }
      }
      object(w, id: 1, name: "X", label: "peer") { _ in Issue.record("x was already written") }
      w.end()
    }
    #expect(validate(bytes) == VRT_OK)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes.map(\.tag) == [Tag.set, Tag.backref, Tag.object, Tag.object, Tag.backref]
      || nodes.map(\.tag) == [Tag.set, Tag.object, Tag.object, Tag.backref, Tag.backref])
  }

  /// Nested sorted containers with objects shared at several levels stay valid.
  @Test func sharingAcrossNestedSortedContainers() {
    let bytes = encode { w in
      w.begin(Tag.dict)
      for outer in [3, 1, 2] as [Int64] {
        w.int(outer)
        w.begin(Tag.set)
        for inner in [9, 5, 7] as [UInt] {
          object(w, id: inner, name: "O\(inner)", label: "o") { w in
            self.object(w, id: 100 + inner, name: "P", label: "p") { $0.int(Int64(inner)) }
          }
        }
        w.end()
      }
      w.end()
    }
    #expect(validate(bytes) == VRT_OK)
  }
}
