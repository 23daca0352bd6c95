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

  /// Sharing never changes the bytes: a shared instance is written in full at each occurrence,
  /// exactly as three distinct instances with the same contents.
  @Test func sharedInstanceIsWrittenInFullEachTime() {
    let shared = encode { w in
      w.begin(Tag.array)
      for _ in 0..<3 {
        object(w, id: 0x20, name: "C", label: "v") { $0.int(7) }
      }
      w.end()
    }
    let distinct = encode { w in
      w.begin(Tag.array)
      for id in 1...3 as ClosedRange<UInt> {
        object(w, id: id, name: "C", label: "v") { $0.int(7) }
      }
      w.end()
    }
    let written: [UInt8] = [0x15, 8, 0, 0, 0, 0x07, 1, 0x43, 0x07, 1, 0x76, 0x04, 0x07]
    #expect(shared == [0x10, 39, 0, 0, 0] + written + written + written)
    #expect(shared == distinct)
    #expect(validate(shared) == VRT_OK)
  }

  /// A back-reference counts outward from the innermost enclosing OBJECT.
  @Test func cycleTwoObjectsOutIsDistanceOne() {
    // a.child = b, b.parent = a
    let bytes = encode { w in
      object(w, id: 1, name: "A", label: "child") { w in
        self.object(w, id: 2, name: "B", label: "parent") { w in
          #expect(w.objectSeen(1))
        }
      }
    }
    #expect(bytes.suffix(2) == [0x0A, 0x01])
    #expect(validate(bytes) == VRT_OK)
  }

  /// A chain of diamonds (each level refers twice to the next) doubles at each level: past the
  /// budget of repeated instances the writer fails with a status, instead of growing without end.
  @Test func diamondChainStopsAtTheSharingLimit() {
    let w = Writer()
    var failed = false
    func level(_ depth: UInt) {
      if w.objectSeen(depth) {
        failed = w.status == VRT_ERR_SHARING_LIMIT
        return
      }
      w.begin(Tag.object, "D")
      if depth < 40 {
        w.string("left"); level(depth + 1)
        w.string("right"); level(depth + 1)
      }
      w.end()
    }
    level(1)
    #expect(failed)
    #expect(w.finish == VRT_ERR_SHARING_LIMIT)
  }

  /// Below the budget, a diamond chain is written in full and validates.
  @Test func smallDiamondChainIsWrittenInFull() {
    let bytes = encode { w in
      func level(_ depth: UInt) {
        if w.objectSeen(depth) { return }
        w.begin(Tag.object, "D")
        if depth < 6 {
          w.string("l"); level(depth + 1)
          w.string("r"); level(depth + 1)
        }
        w.end()
      }
      level(1)
    }
    #expect(validate(bytes) == VRT_OK)
    let (_, nodes) = nodeTable(bytes)
    #expect(nodes.count == 63)  // 2^6 - 1 objects, no back-references
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

  @Test func forgetIdentitiesEndsTheSharingBudget() {
    let w = Writer()
    #expect(!w.objectSeen(1))
    w.begin(Tag.object, "A"); w.end()
    w.forgetIdentities()
    #expect(!w.objectSeen(1))
    w.begin(Tag.object, "A"); w.end()
    #expect(w.finish == VRT_OK)
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
    // A 5 000-deep chain whose last node points back to every ancestor (written iteratively: no
    // recursion on the test thread's stack).
    let bytes = encode { w in
      for id in 1...5_000 as ClosedRange<UInt> {
        #expect(!w.objectSeen(id))
        w.begin(Tag.object, "N")
        if id < 5_000 { w.string("next") }
      }
      for ancestor in stride(from: 5_000, through: 1, by: -1) as StrideThrough<UInt> {
        w.string("up")
        #expect(w.objectSeen(ancestor))
      }
      for _ in 1...5_000 { w.end() }
    }
    #expect(validate(bytes) == VRT_OK)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes.count == 5_000 + 5_000)
    // The last BACKREF points to the outermost object: 4 999 objects out (varint 0x87 0x27).
    #expect(bytes.suffix(3) == [0x0A, 0x87, 0x27])
  }

  /// Dictionary values sharing instances: whatever order the entries come in, the sorted bytes
  /// are identical, and equal to the same dictionary of distinct instances.
  @Test func sharingAcrossSortedDictionaryEntries() {
    // b = B(v: 1); a = A(ref: b); dict = ["a": a, "b": b].
    func write(bFirst: Bool, bID: UInt = 2) -> [UInt8] {
      encode { w in
        w.begin(Tag.dict)
        let writeB = { w.string("b"); self.object(w, id: 2, name: "B", label: "v") { $0.int(1) } }
        let writeA = {
          w.string("a")
          self.object(w, id: 1, name: "A", label: "ref") { w in
            self.object(w, id: bID, name: "B", label: "v") { $0.int(1) }
          }
        }
        if bFirst { writeB(); writeA() } else { writeA(); writeB() }
        w.end()
      }
    }
    let bFirst = write(bFirst: true)
    let aFirst = write(bFirst: false)
    #expect(bFirst == aFirst)
    #expect(aFirst == write(bFirst: true, bID: 3))
    #expect(validate(bFirst) == VRT_OK)
    let b: [UInt8] = [0x15, 8, 0, 0, 0, 0x07, 1, 0x42, 0x07, 1, 0x76, 0x04, 0x01]
    let a: [UInt8] = [0x15, 21, 0, 0, 0, 0x07, 1, 0x41, 0x07, 3] + Array("ref".utf8) + b
    #expect(aFirst == [0x12, 45, 0, 0, 0, 0x07, 1, 0x61] + a + [0x07, 1, 0x62] + b)
  }

  /// A cycle inside set elements: the elements sort as plain byte ranges and stay valid.
  @Test func cycleInsideSortedSetElements() {
    // x = X(peer: y), y = Y(peer: x); the set {y, x} holds both cycles, written y first.
    let bytes = encode { w in
      w.begin(Tag.set)
      object(w, id: 2, name: "Y", label: "peer") { w in
        self.object(w, id: 1, name: "X", label: "peer") { w in
          #expect(w.objectSeen(2))
        }
      }
      object(w, id: 1, name: "X", label: "peer") { w in
        self.object(w, id: 2, name: "Y", label: "peer") { w in
          #expect(w.objectSeen(1))
        }
      }
      w.end()
    }
    #expect(validate(bytes) == VRT_OK)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes.map(\.tag) == [Tag.set, Tag.object, Tag.object, Tag.backref, Tag.object, Tag.object, Tag.backref])
    // X's element sorts first (its name byte is smaller), whatever the writing order.
    #expect(nodes[1].name_offset != VRT_NONE && bytes[Int(nodes[1].name_offset) + 2] == UInt8(ascii: "X"))
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

  /// An identity registered by objectSeen belongs only to the OBJECT begun right after: when the
  /// caller writes something else instead, a later OBJECT does not inherit it.
  @Test func aRegisteredIdentityIsNotInheritedByALaterObject() {
    let bytes = encode { w in
      w.begin(Tag.array)
      #expect(!w.objectSeen(1))  // registered, but an array follows, not the object
      w.begin(Tag.array)
      w.end()
      w.begin(Tag.object, "B")  // no identity of its own
      w.string("x")
      #expect(!w.objectSeen(1))  // not an open ancestor: written in full
      w.begin(Tag.object, "A")
      w.end()
      w.end()
      w.end()
    }
    #expect(validate(bytes) == VRT_OK)
    #expect(!bytes.contains(Tag.backref))
  }

  /// The reader rejects a BACKREF with no OBJECT that far out, and one after its OBJECT closed.
  @Test func readerRejectsBackReferencesOutsideTheirObject() {
    // [A(x: 1), <backref 0>]: A is closed when the BACKREF comes.
    let a: [UInt8] = [0x15, 8, 0, 0, 0, 0x07, 1, 0x41, 0x07, 1, 0x78, 0x04, 0x01]
    #expect(validate([0x10, 15, 0, 0, 0] + a + [0x0A, 0x00]) == VRT_ERR_MALFORMED)
    // A(self: <backref 1>): only one OBJECT encloses it.
    let tooFar: [UInt8] = [0x15, 11, 0, 0, 0, 0x07, 1, 0x41, 0x07, 4] + Array("self".utf8) + [0x0A, 0x01]
    #expect(validate(tooFar) == VRT_ERR_MALFORMED)
    var valid = tooFar
    valid[valid.count - 1] = 0x00
    #expect(validate(valid) == VRT_OK)
  }
}
