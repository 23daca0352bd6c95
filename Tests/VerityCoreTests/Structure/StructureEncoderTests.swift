import Foundation
import Testing
@testable import VerityCore
import Verity

/// Little helpers for building expected bytes.
enum Bytes {
  static func string(_ text: String) -> [UInt8] {
    let utf8 = Array(text.utf8)
    precondition(utf8.count < 128)
    return [0x07, UInt8(utf8.count)] + utf8
  }

  static func container(_ tag: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let n = UInt32(payload.count)
    return [tag, UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24)] + payload
  }

  static func double(_ bits: UInt64) -> [UInt8] {
    [0x06] + (0..<8).map { UInt8((bits >> (8 * UInt64($0))) & 0xFF) }
  }
}

@Suite("StructureEncoder canonical bytes")
struct StructureEncoderTests {
  @Test func integersOfEveryWidthAreOneCanonicalNumber() {
    #expect(Structure(5).bytes == [0x04, 0x05])
    #expect(Structure(-1).bytes == [0x05, 0x00])
    #expect(Structure(-3).bytes == [0x05, 0x02])
    #expect(Structure(300).bytes == [0x04, 0xAC, 0x02])
    #expect(Structure(Int64.min).bytes == [0x05, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
    #expect(Structure(UInt64.max).bytes == [0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
    let five = Structure(5)
    #expect(Structure(Int8(5)) == five)
    #expect(Structure(Int16(5)) == five)
    #expect(Structure(Int32(5)) == five)
    #expect(Structure(Int64(5)) == five)
    #expect(Structure(UInt(5)) == five)
    #expect(Structure(UInt8(5)) == five)
    #expect(Structure(UInt16(5)) == five)
    #expect(Structure(UInt32(5)) == five)
    #expect(Structure(UInt64(5)) == five)
    #expect(Structure(Int128(5)) == five)
    #expect(Structure(UInt128(5)) == five)
    #expect(Structure(Int8(-3)) == Structure(-3))
    #expect(Structure(Int128(-3)) == Structure(-3))
  }

  @Test func integersBeyondSixtyFourBitsAreOpaqueDigits() {
    let big = Int128(UInt64.max) + 1
    let expected = [UInt8(0x0B), 7] + Array("Integer".utf8) + [20] + Array("18446744073709551616".utf8)
    #expect(Structure(big).bytes == expected)
    #expect(Structure(UInt128(big)).bytes == expected)
    #expect(Structure(big).description == "18446744073709551616")
    #expect(Structure(Int128(UInt64.max)) == Structure(UInt64.max))
  }

  @Test func booleansNilAndStrings() {
    #expect(Structure(true).bytes == [0x03])
    #expect(Structure(false).bytes == [0x02])
    #expect(Structure(Int?.none).bytes == [0x01])
    #expect(Structure("hi").bytes == [0x07, 0x02, 0x68, 0x69])
    #expect(Structure("").bytes == [0x07, 0x00])
    #expect(Structure("xhi".dropFirst()) == Structure("hi"))
    #expect(Structure(Character("é")) == Structure("é"))
  }

  @Test func stringsAreWrittenInNFC() {
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(precomposed == decomposed)
    #expect(Structure(precomposed).bytes == [0x07, 0x02, 0xC3, 0xA9])
    #expect(Structure(decomposed).bytes == [0x07, 0x02, 0xC3, 0xA9])
    // The same through every path that writes text: substrings, characters, dictionary keys.
    #expect(Structure("xe\u{301}".dropFirst()) == Structure(precomposed))
    #expect(Structure(Character(decomposed)) == Structure(precomposed))
    #expect(Structure([decomposed: 1]) == Structure([precomposed: 1]))
    #expect(Structure(encoding: [decomposed: 1] as [String: Any]) == Structure([precomposed: 1]))
    // Hangul syllables compose too; canonically different strings stay different.
    #expect(Structure("\u{1100}\u{1161}") == Structure("\u{AC00}"))
    #expect(Structure("e") != Structure(precomposed))
  }

  @Test func nfcQuickCheckPassesOnlyTextBelowCombiningMarks() {
    // Long ASCII runs, text just below U+0300, and a combining mark after 8-byte words.
    #expect(Structure(String(repeating: "a", count: 100) + "e\u{301}").bytes.suffix(2) == [0xC3, 0xA9])
    #expect(Structure("\u{2FF}").bytes == [0x07, 0x02, 0xCB, 0xBF])
  }

  @Test func doublesAndFloatsAreCanonical() {
    #expect(Structure(1.5).bytes == Bytes.double(0x3FF8_0000_0000_0000))
    let canonicalNaN = Bytes.double(0x7FF8_0000_0000_0000)
    #expect(Structure(Double.nan).bytes == canonicalNaN)
    #expect(Structure(-Double.nan).bytes == canonicalNaN)
    #expect(Structure(Double.signalingNaN).bytes == canonicalNaN)
    #expect(Structure(Double(nan: 0x1234, signaling: false)).bytes == canonicalNaN)
    #expect(Structure(Float.nan).bytes == canonicalNaN)
    #expect(Structure(-0.0).bytes == Bytes.double(0))
    #expect(Structure(-0.0) == Structure(0.0))
    #expect(Structure(Float(-0.0)) == Structure(0.0))
    #expect(Structure(Double.infinity).bytes == Bytes.double(0x7FF0_0000_0000_0000))
    #expect(Structure(-Double.infinity).bytes == Bytes.double(0xFFF0_0000_0000_0000))
    #expect(Structure(Float.infinity) == Structure(Double.infinity))
    #expect(Structure(Float(0.5)) == Structure(0.5))
    #expect(Structure(Float(0.1)) == Structure(Double(Float(0.1))))
    #expect(Structure(Float(0.1)) != Structure(0.1))
    #expect(Structure(Double.leastNonzeroMagnitude).bytes == Bytes.double(1))
    #expect(Structure(1.0) != Structure(1))
  }

  /// Verity has one nil: nil at any optional depth is written as nil (the "Equality and matching"
  /// article), so a value reads the same whatever `Any?` conversions did to its layers.
  @Test func nilAtAnyOptionalDepthIsOneNil() {
    let none: Int?? = .none
    let someNil: Int?? = .some(nil)
    let someOne: Int?? = .some(.some(1))
    #expect(Structure(none).bytes == [0x01])
    #expect(Structure(someNil).bytes == [0x01])
    #expect(Structure(someOne).bytes == [0x04, 0x01])
    let deep: Int??? = .some(.some(nil))
    #expect(Structure(deep).bytes == [0x01])
    #expect(Structure(Int?.some(1)) == Structure(1))
  }

  @Test func arraysAndSlices() {
    let expected = Bytes.container(0x10, [0x04, 0x01, 0x04, 0x02])
    #expect(Structure([1, 2]).bytes == expected)
    #expect(Structure(ContiguousArray([1, 2])).bytes == expected)
    #expect(Structure([0, 1, 2, 3][1...2]).bytes == expected)
    #expect(Structure([Int]()).bytes == Bytes.container(0x10, []))
    #expect(Structure([[1], []]).bytes == Bytes.container(0x10, Bytes.container(0x10, [0x04, 0x01]) + Bytes.container(0x10, [])))
  }

  @Test func byteArraysAndDataAreBytes() {
    #expect(Structure(Data([1, 2, 0xFF])).bytes == [0x08, 0x03, 0x01, 0x02, 0xFF])
    #expect(Structure([1, 2, 0xFF] as [UInt8]).bytes == [0x08, 0x03, 0x01, 0x02, 0xFF])
    #expect(Structure(ContiguousArray<UInt8>([1, 2, 0xFF])) == Structure(Data([1, 2, 0xFF])))
    #expect(Structure(([0, 1, 2, 0xFF] as [UInt8])[1...]) == Structure(Data([1, 2, 0xFF])))
    #expect(Structure(Data()).bytes == [0x08, 0x00])
    #expect(Structure([1, 2] as [UInt16]) == Structure([1, 2]))
  }

  @Test func setsAreSortedByEncodedBytes() {
    // 1 < 2 < 300 by bytes: 04 01 < 04 02 < 04 AC 02.
    let expected = Bytes.container(0x11, [0x04, 0x01, 0x04, 0x02, 0x04, 0xAC, 0x02])
    #expect(Structure(Set([300, 2, 1])).bytes == expected)
    var grown = Set<Int>(minimumCapacity: 1000)
    for value in [2, 300, 1] { grown.insert(value) }
    #expect(Structure(grown).bytes == expected)
  }

  @Test func dictionariesAreSortedByKeyWhateverTheInsertionOrder() {
    let expected = Bytes.container(
      0x12, Bytes.string("a") + [0x04, 0x01] + Bytes.string("b") + [0x04, 0x02] + Bytes.string("c") + [0x04, 0x03])
    #expect(Structure(["b": 2, "a": 1, "c": 3]).bytes == expected)
    var other = [String: Int](minimumCapacity: 500)
    other["c"] = 3
    other["a"] = 1
    other["b"] = 2
    #expect(Structure(other).bytes == expected)
    let manual = Structure {
      $0.encodeDictionary {
        $0.entry("c", 3)
        $0.entry("b", 2)
        $0.entry("a", 1)
      }
    }
    #expect(manual.bytes == expected)
    #expect(Structure([String: Int]()).bytes == Bytes.container(0x12, []))
  }

  @Test func rangesAreStructs() {
    let range = Bytes.container(
      0x13, Bytes.string("Range") + Bytes.string("lowerBound") + [0x04, 0x01] + Bytes.string("upperBound") + [0x04, 0x03])
    #expect(Structure(1..<3).bytes == range)
    let closed = Bytes.container(
      0x13,
      Bytes.string("ClosedRange") + Bytes.string("lowerBound") + [0x04, 0x01] + Bytes.string("upperBound") + [0x04, 0x03])
    #expect(Structure(1...3).bytes == closed)
  }

  @Test func foundationValues() throws {
    let date = Date(timeIntervalSinceReferenceDate: 1.5)
    #expect(
      Structure(date).bytes
        == Bytes.container(
          0x13, Bytes.string("Date") + Bytes.string("timeIntervalSinceReferenceDate") + Bytes.double(0x3FF8_0000_0000_0000)))
    let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(
      Structure(uuid).bytes
        == Bytes.container(
          0x13, Bytes.string("UUID") + Bytes.string("uuidString") + Bytes.string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))
    let url = try #require(URL(string: "https://example.com/a?b=1"))
    #expect(
      Structure(url).bytes
        == Bytes.container(
          0x13, Bytes.string("URL") + Bytes.string("absoluteString") + Bytes.string("https://example.com/a?b=1")))
    let decimal = try #require(Decimal(string: "12.25"))
    #expect(
      Structure(decimal).bytes
        == Bytes.container(0x13, Bytes.string("Decimal") + Bytes.string("description") + Bytes.string("12.25")))
  }

  @Test func namedContainers() {
    let user = Structure {
      $0.encodeStruct("User") {
        $0.field("name", "Ada")
        $0.field("age", 36)
      }
    }
    #expect(
      user.bytes
        == Bytes.container(0x13, Bytes.string("User") + Bytes.string("name") + Bytes.string("Ada") + Bytes.string("age") + [0x04, 36]))

    let failed = Structure {
      $0.encodeEnum("State", case: "failed") {
        $0.field("", 3)
        $0.field("reason", "x")
      }
    }
    #expect(
      failed.bytes
        == Bytes.container(
          0x14, Bytes.string("State") + Bytes.string("failed") + Bytes.string("") + [0x04, 3] + Bytes.string("reason") + Bytes.string("x")))
    #expect(Structure { $0.encodeEnum("State", case: "idle") }.bytes == Bytes.container(0x14, Bytes.string("State") + Bytes.string("idle")))

    let tuple = Structure {
      $0.encodeTuple {
        $0.field("", 1)
        $0.field("count", 2)
      }
    }
    #expect(tuple.bytes == Bytes.container(0x16, Bytes.string("") + [0x04, 1] + Bytes.string("count") + [0x04, 2]))

    let dynamicField = Structure {
      $0.encodeStruct("Box") { $0.field("value", any: [1, 2] as [Any]) }
    }
    let typedField = Structure {
      $0.encodeStruct("Box") { $0.field("value") { $0.encodeArray(contentsOf: [1, 2]) } }
    }
    #expect(dynamicField == typedField)
    #expect(Structure { $0.encodeSome { $0.encodeNil() } }.bytes == [0x01])
    #expect(Structure { $0.encodeOpaque(typeName: "T", description: "d") }.bytes == [0x0B, 1, 0x54, 1, 0x64])
    #expect(Structure { $0.encode(bytes: [7, 8] as [UInt8]) }.bytes == [0x08, 2, 7, 8])
  }

  @Test func objectsWriteBackReferencesForCycles() {
    let a = ListNode(value: 1)
    let b = ListNode(value: 2)
    a.next = b
    b.next = a
    let inner = Bytes.container(
      0x15, Bytes.string("ListNode") + Bytes.string("value") + [0x04, 2] + Bytes.string("next") + [0x0A, 0x01])
    let expected = Bytes.container(
      0x15, Bytes.string("ListNode") + Bytes.string("value") + [0x04, 1] + Bytes.string("next") + inner)
    #expect(Structure(a).bytes == expected)

    // Equal shapes with distinct instances give equal structures.
    let c = ListNode(value: 1)
    let d = ListNode(value: 2)
    c.next = d
    d.next = c
    #expect(Structure(a) == Structure(c))
    // A different shape (self-loop) differs.
    let e = ListNode(value: 1)
    e.next = e
    #expect(Structure(e) != Structure(a))
    // Break the cycles, so LeakSanitizer sees no leak.
    for node in [a, c, e] { node.next = nil }
  }

  @Test func sharedInstancesAreWrittenInFull() {
    let shared = ListNode(value: 9)
    let pair = [shared, shared]
    let one = Bytes.container(0x15, Bytes.string("ListNode") + Bytes.string("value") + [0x04, 9] + Bytes.string("next") + [0x01])
    #expect(Structure(pair).bytes == Bytes.container(0x10, one + one))
    #expect(Structure([ListNode(value: 9), ListNode(value: 9)]) == Structure(pair))
  }

  @Test func anyHashableEncodesItsBase() {
    #expect(Structure(AnyHashable(5)) == Structure(5))
    #expect(Structure(AnyHashable("k")) == Structure("k"))
    #expect(Structure([AnyHashable(1): "one"]) == Structure([1: "one"]))
  }

  @Test func trustedEncodingsAreTheStandardValueTypes() {
    #expect(_isTrustedEncoding(Int.self))
    #expect(_isTrustedEncoding(String.self))
    #expect(_isTrustedEncoding(Date.self))
    #expect(_isTrustedEncoding([Int].self))
    #expect(_isTrustedEncoding(Dictionary<String, [Int?]>.self))
    #expect(!_isTrustedEncoding(ListNode.self))
    #expect(!_isTrustedEncoding([ListNode].self))
    #expect(!_isTrustedEncoding(AnyHashable.self))
    #expect(!_isTrustedEncoding(Range<ListNodeBound>.self))
    // The public face: a conformance outside Verity has the one public value.
    #expect(ListNode.encodingCheck == .always)
    #expect([ListNode].encodingCheck == .always)
    #expect(Int.encodingCheck != .always)
    #expect([String: [Int]].encodingCheck != .always)
    #expect([String: ListNode].encodingCheck == .always)
  }

  @Test func integerLiteralsPickTheIntegerOverload() {
    let viaLiteral = Structure { $0.encode(7) }
    #expect(viaLiteral.bytes == [0x04, 0x07])
    let viaGeneric = Structure { $0.encode(UInt16(7)) }
    #expect(viaGeneric == viaLiteral)
  }
}

/// A hand-written class conformance with identity.
final class ListNode: StructurallyEncodable {
  var value: Int
  var next: ListNode?

  init(value: Int, next: ListNode? = nil) {
    self.value = value
    self.next = next
  }

  func encode(to encoder: inout StructureEncoder) {
    encoder.encodeObject(identity: ObjectIdentifier(self), typeName: "ListNode") {
      $0.field("value", value)
      $0.field("next", next)
    }
  }
}

/// A user type, not trusted by default.
struct ListNodeBound: StructurallyEncodable, Comparable {
  var value: Int
  static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
  func encode(to encoder: inout StructureEncoder) { encoder.encode(value) }
}
