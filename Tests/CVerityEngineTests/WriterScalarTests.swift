import CVerityEngine
import Testing

/// Canonical bytes of every scalar, pinned exactly.
@Suite struct WriterScalarTests {
  @Test func nilAndBooleans() {
    #expect(encode { $0.nil() } == [0x01])
    #expect(encode { $0.bool(false) } == [0x02])
    #expect(encode { $0.bool(true) } == [0x03])
  }

  @Test func nonNegativeIntegers() {
    #expect(intBytes(0) == [0x04, 0x00])
    #expect(intBytes(1) == [0x04, 0x01])
    #expect(intBytes(127) == [0x04, 0x7F])
    #expect(intBytes(128) == [0x04, 0x80, 0x01])
    #expect(intBytes(300) == [0x04, 0xAC, 0x02])
    #expect(intBytes(Int64.max) == [0x04] + [UInt8](repeating: 0xFF, count: 8) + [0x7F])
  }

  @Test func negativeIntegers() {
    #expect(intBytes(-1) == [0x05, 0x00])
    #expect(intBytes(-2) == [0x05, 0x01])
    #expect(intBytes(-128) == [0x05, 0x7F])
    #expect(intBytes(-129) == [0x05, 0x80, 0x01])
    #expect(intBytes(Int64.min) == [0x05] + [UInt8](repeating: 0xFF, count: 8) + [0x7F])
  }

  @Test func unsignedIntegers() {
    #expect(encode { $0.uint(0) } == [0x04, 0x00])
    #expect(encode { $0.uint(UInt64.max) } == [0x04] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
    // A signed and an unsigned integer with the same value are the same structure.
    #expect(encode { $0.uint(42) } == intBytes(42))
  }

  @Test func doubles() {
    #expect(encode { $0.double(1.0) } == [0x06, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    #expect(encode { $0.double(-2.5) } == [0x06, 0, 0, 0, 0, 0, 0, 0x04, 0xC0])
    #expect(encode { $0.double(.infinity) } == [0x06, 0, 0, 0, 0, 0, 0, 0xF0, 0x7F])
    #expect(encode { $0.double(Double(Float(0.1))) } == [0x06, 0, 0, 0, 0xA0, 0x99, 0x99, 0xB9, 0x3F])
  }

  @Test func zeroIsCanonical() {
    let zero: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0, 0]
    #expect(encode { $0.double(0.0) } == zero)
    #expect(encode { $0.double(-0.0) } == zero)
  }

  @Test func everyNaNIsTheSame() {
    let canonical: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0xF8, 0x7F]
    let nans: [Double] = [
      .nan, -.nan, .signalingNaN, Double(nan: 0x1234, signaling: false),
      Double(bitPattern: 0xFFF0_0000_0000_0001), Double(bitPattern: 0x7FF0_0000_0000_0001),
      Double(Float.nan),
    ]
    for nan in nans {
      #expect(encode { $0.double(nan) } == canonical, "bits \(String(nan.bitPattern, radix: 16))")
    }
  }

  @Test func strings() {
    #expect(stringBytes("") == [0x07, 0x00])
    #expect(stringBytes("abc") == [0x07, 0x03, 0x61, 0x62, 0x63])
    // No normalization: precomposed and decomposed "é" differ.
    #expect(stringBytes("\u{E9}") == [0x07, 0x02, 0xC3, 0xA9])
    #expect(stringBytes("e\u{301}") == [0x07, 0x03, 0x65, 0xCC, 0x81])
    let long = String(repeating: "x", count: 200)
    #expect(stringBytes(long) == [0x07, 0xC8, 0x01] + [UInt8](repeating: 0x78, count: 200))
  }

  @Test func bytes() {
    #expect(encode { $0.data([]) } == [0x08, 0x00])
    #expect(encode { $0.data([0x00, 0xFF]) } == [0x08, 0x02, 0x00, 0xFF])
    // Bytes and a string with the same contents are different structures.
    #expect(encode { $0.data([0x61]) } != stringBytes("a"))
  }

  @Test func opaque() {
    let bytes = encode { w in
      vrt_writer_write_opaque(&w.raw, "Fn", 2, "closure", 7)
    }
    #expect(bytes == [0x0B, 0x02, 0x46, 0x6E, 0x07] + Array("closure".utf8))
    #expect(encode { vrt_writer_write_opaque(&$0.raw, nil, 0, nil, 0) } == [0x0B, 0x00, 0x00])
  }

  @Test func nestedOptionalsStayDistinct() {
    // nil
    #expect(encode { $0.nil() } == [0x01])
    // .some(nil): the value written (NIL) starts with NIL, so a SOME prefix is inserted.
    #expect(encode { w in w.nil(); w.wrapSome(from: 0) } == [0x09, 0x01])
    // .some(.some(nil))
    #expect(encode { w in w.nil(); w.wrapSome(from: 0); w.wrapSome(from: 0) } == [0x09, 0x09, 0x01])
    // .some(.some(5)) is written as 5.
    #expect(encode { w in w.int(5); w.wrapSome(from: 0); w.wrapSome(from: 0) } == [0x04, 0x05])
    // Inside a container, only the wrapped value moves.
    let bytes = encode { w in
      w.begin(Tag.array)
      w.int(1)
      let start = w.length
      w.nil()
      w.wrapSome(from: start)
      w.end()
    }
    #expect(bytes == [0x10, 0x04, 0, 0, 0, 0x04, 0x01, 0x09, 0x01])
  }
}
