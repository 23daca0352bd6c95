import CVerityEngine
import Testing

/// Containers: headers, canonical SET/DICT order, misuse and sticky errors.
@Suite struct WriterContainerTests {
  @Test func emptyArray() {
    #expect(encode { w in w.begin(Tag.array); w.end() } == [0x10, 0, 0, 0, 0])
  }

  @Test func arrayPayloadLengthIsPatched() {
    let bytes = encode { w in
      w.begin(Tag.array)
      w.int(1)
      w.string("a")
      w.end()
    }
    #expect(bytes == [0x10, 0x05, 0, 0, 0, 0x04, 0x01, 0x07, 0x01, 0x61])
  }

  @Test func structWithNameAndLabels() {
    let bytes = encode { w in
      w.begin(Tag.struct, "Point")
      w.string("x"); w.int(1)
      w.string("y"); w.int(2)
      w.end()
    }
    #expect(bytes == [0x13, 17, 0, 0, 0, 0x07, 5] + Array("Point".utf8)
      + [0x07, 1, 0x78, 0x04, 1, 0x07, 1, 0x79, 0x04, 2])
  }

  @Test func enumWithCaseAndPayload() {
    let bytes = encode { w in
      w.begin(Tag.enum, "E")
      w.string("c")
      w.string(""); w.bool(true)
      w.end()
    }
    #expect(bytes == [0x14, 9, 0, 0, 0, 0x07, 1, 0x45, 0x07, 1, 0x63, 0x07, 0, 0x03])
  }

  @Test func dictionaryOrderDoesNotMatter() {
    let entries: [(String, Int64)] = [("b", 2), ("a", 1), ("aa", 3), ("", 0)]
    func write(_ order: [(String, Int64)]) -> [UInt8] {
      encode { w in
        w.begin(Tag.dict)
        for (k, v) in order { w.string(k); w.int(v) }
        w.end()
      }
    }
    let forward = write(entries)
    let backward = write(entries.reversed())
    let shuffled = write([entries[2], entries[0], entries[3], entries[1]])
    #expect(forward == backward)
    #expect(forward == shuffled)
    // Sorted by encoded key bytes: "" (07 00) < "a" (07 01 61) < "b" (07 01 62) < "aa" (07 02 ..).
    #expect(forward == [0x12, 20, 0, 0, 0,
                        0x07, 0x00, 0x04, 0x00,
                        0x07, 0x01, 0x61, 0x04, 0x01,
                        0x07, 0x01, 0x62, 0x04, 0x02,
                        0x07, 0x02, 0x61, 0x61, 0x04, 0x03])
  }

  @Test func nestedDictionariesAreSortedAtEveryLevel() {
    func write(_ swap: Bool) -> [UInt8] {
      encode { w in
        w.begin(Tag.dict)
        let inner: [Int64] = swap ? [2, 1] : [1, 2]
        let outer: [Int64] = swap ? [20, 10] : [10, 20]
        for key in outer {
          w.int(key)
          w.begin(Tag.dict)
          for k in inner { w.int(k); w.string("v\(k)") }
          w.end()
        }
        w.end()
      }
    }
    #expect(write(false) == write(true))
    #expect(validate(write(true)) == VRT_OK)
  }

  @Test func setOrderIsCanonical() {
    let values: [Int64] = [3, 1000, 1, 2, -1]
    func write(_ order: [Int64]) -> [UInt8] {
      encode { w in
        w.begin(Tag.set)
        for v in order { w.int(v) }
        w.end()
      }
    }
    let a = write(values)
    let b = write(values.reversed())
    #expect(a == b)
    // 04 01 < 04 02 < 04 03 < 04 E8 07 < 05 00
    #expect(a == [0x11, 11, 0, 0, 0, 0x04, 0x01, 0x04, 0x02, 0x04, 0x03, 0x04, 0xE8, 0x07, 0x05, 0x00])
  }

  @Test func elementsSortByTheirEncodedBytes() {
    // The length varint comes first, so [1] (08 01 01) sorts before [0, 0] (08 02 00 00).
    let bytes = encode { w in
      w.begin(Tag.set)
      w.data([0, 0])
      w.data([1])
      w.end()
    }
    #expect(bytes == [0x11, 7, 0, 0, 0, 0x08, 0x01, 0x01, 0x08, 0x02, 0x00, 0x00])
  }

  @Test func endWithoutBeginIsInvalidState() {
    let w = Writer()
    w.end()
    #expect(w.status == VRT_ERR_INVALID_STATE)
    #expect(w.finish == VRT_ERR_INVALID_STATE)
  }

  @Test func finishWithOpenContainerIsInvalidState() {
    let w = Writer()
    w.begin(Tag.array)
    #expect(w.status == VRT_OK)
    #expect(w.finish == VRT_ERR_INVALID_STATE)
  }

  @Test func scalarTagCannotOpenAContainer() {
    let w = Writer()
    w.begin(Tag.uint)
    #expect(w.finish == VRT_ERR_INVALID_ARGUMENT)
    let v = Writer()
    vrt_writer_write_data(&v.raw, Tag.uint, nil, 0)
    #expect(v.finish == VRT_ERR_INVALID_ARGUMENT)
  }

  @Test func oddDictionaryIsMalformed() {
    let w = Writer()
    w.begin(Tag.dict)
    w.string("key")
    w.end()
    #expect(w.finish == VRT_ERR_MALFORMED)
  }

  @Test func errorsAreStickyAndResetClearsThem() {
    let w = Writer()
    w.int(1)
    w.end()  // misuse
    let length = w.length
    w.int(2)
    w.string("ignored")
    w.begin(Tag.array)
    #expect(w.length == length)
    #expect(w.status == VRT_ERR_INVALID_STATE)
    w.reset()
    #expect(w.status == VRT_OK)
    #expect(w.length == 0)
    w.int(3)
    #expect(w.bytes == [0x04, 0x03])
  }

  @Test func wrapSomeOutsideTheWrittenBytesIsInvalid() {
    let w = Writer()
    w.int(1)
    w.wrapSome(from: 2)
    #expect(w.finish == VRT_ERR_INVALID_ARGUMENT)
  }

  @Test func largePayloadGrowsTheBuffer() {
    let bytes = encode { w in
      w.begin(Tag.array)
      for i in 0..<10_000 { w.int(Int64(i)) }
      w.end()
    }
    #expect(validate(bytes) == VRT_OK)
    let payload = UInt32(bytes[1]) | UInt32(bytes[2]) << 8 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 24
    #expect(Int(payload) == bytes.count - 5)
    let (status, nodes) = nodeTable(bytes)
    #expect(status == VRT_OK)
    #expect(nodes.count == 10_001)
  }
}
