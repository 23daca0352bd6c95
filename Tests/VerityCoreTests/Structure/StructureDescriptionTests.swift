import Foundation
import Testing
import Verity

private struct User {
  var name: String
  var age: Int
}

private enum Shape {
  case circle(radius: Double)
  case pair(Int, Int)
  case none
}

@Suite("Structure description")
struct StructureDescriptionTests {
  @Test func scalars() {
    #expect(Structure(42).description == "42")
    #expect(Structure(-3).description == "-3")
    #expect(Structure(Int64.min).description == "-9223372036854775808")
    #expect(Structure(UInt64.max).description == "18446744073709551615")
    #expect(Structure(1.5).description == "1.5")
    #expect(Structure(2.0).description == "2.0")
    #expect(Structure(Double.nan).description == "nan")
    #expect(Structure(-Double.infinity).description == "-inf")
    #expect(Structure(-0.0).description == "0.0")
    #expect(Structure(true).description == "true")
    #expect(Structure(Int?.none).description == "nil")
    #expect(Structure(Int??.some(nil)).description == "nil")
    #expect(Structure(Int???.some(.some(nil))).description == "nil")
    #expect(Structure(Data([1, 2, 3])).description == "Data(3 bytes)")
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(Structure("text").description == #""text""#)
    #expect(Structure("a\"b\\c\nd\te\r\u{1}\u{7F}\0").description == #""a\"b\\c\nd\te\r\u{1}\u{7F}\0""#)
    #expect(Structure("é🙂").description == "\"é🙂\"")
  }

  @Test func containers() {
    #expect(Structure([1, 2]).description == "[1, 2]")
    #expect(Structure([Int]()).description == "[]")
    #expect(Structure(["a": 1]).description == #"["a": 1]"#)
    #expect(Structure(["bb": 2, "a": 1]).description == #"["a": 1, "bb": 2]"#)
    #expect(Structure([String: Int]()).description == "[:]")
    #expect(Structure(Set([2, 1])).description == "Set([1, 2])")
    #expect(Structure(Set<Int>()).description == "Set([])")
    #expect(Structure([[1], [2, 3]]).description == "[[1], [2, 3]]")
    #expect(Structure([1: [true]]).description == "[1: [true]]")
  }

  @Test func namedContainers() {
    #expect(Structure(encoding: User(name: "x", age: 3)).description == #"User(name: "x", age: 3)"#)
    #expect(Structure(encoding: Shape.circle(radius: 1)).description == "Shape.circle(radius: 1.0)")
    #expect(Structure(encoding: Shape.pair(1, 2)).description == "Shape.pair(1, 2)")
    #expect(Structure(encoding: Shape.none).description == "Shape.none")
    let tuple: Any = (1, label: 2)
    #expect(Structure(encoding: tuple).description == "(1, label: 2)")
    #expect(Structure { $0.encodeStruct("Empty") { _ in } }.description == "Empty()")
    #expect(Structure(1..<3).description == "Range(lowerBound: 1, upperBound: 3)")
    #expect(
      Structure(Date(timeIntervalSinceReferenceDate: 5)).description == "Date(timeIntervalSinceReferenceDate: 5.0)")
  }

  @Test func objectsAndCycles() {
    let shared = ListNode(value: 1)
    #expect(
      Structure([shared, shared]).description == "[ListNode(value: 1, next: nil), ListNode(value: 1, next: nil)]")
    let a = ListNode(value: 1)
    a.next = a
    #expect(Structure(a).description == "ListNode(value: 1, next: <cycle to ListNode>)")
    let b = ListNode(value: 2)
    a.next = b
    b.next = a
    #expect(
      Structure(a).description
        == "ListNode(value: 1, next: ListNode(value: 2, next: <cycle to ListNode, 2 objects out>))")
    a.next = nil  // break the cycles, so LeakSanitizer sees no leak
    b.next = nil
  }

  @Test func opaqueValuesShowTheirDescription() {
    let closure: () -> Void = {}
    #expect(Structure(encoding: closure).description == "<function () -> ()>")
    #expect(Structure(encoding: String.self).description == "String.self")
    #expect(Structure { $0.encodeOpaque(typeName: "Handle", description: "") }.description == "<Handle>")
  }

  @Test func longRenderingsAreTruncated() {
    let long = Structure(String(repeating: "x", count: 10_000))
    #expect(long.description.utf8.count == Structure.descriptionLimit + "…".utf8.count)
    #expect(long.description == "\"" + String(repeating: "x", count: Structure.descriptionLimit - 1) + "…")
    #expect(Structure(Array(0..<5)).rendered(maxLength: 6) == "[0, 1,…")
    #expect(Structure("é").rendered(maxLength: 2) == "\"…")
    #expect(Structure(Array(0..<3)).rendered(maxLength: 9) == "[0, 1, 2]")
  }

  @Test func tenThousandDeepNestingRendersAndValidates() throws {
    var bytes: [UInt8] = [0x04, 0x01]
    for _ in 0..<10_000 {
      let length = UInt32(bytes.count)
      bytes = [0x10, UInt8(length & 0xFF), UInt8((length >> 8) & 0xFF), UInt8((length >> 16) & 0xFF), 0] + bytes
    }
    let deep = try Structure(validating: bytes)
    #expect(deep.description == String(repeating: "[", count: Structure.descriptionLimit) + "…")
    #expect(deep.rendered(maxLength: 100_000) == String(repeating: "[", count: 10_000) + "1" + String(repeating: "]", count: 10_000))
    #expect(try deep.nodeTable().count == 10_001)
    var value: Any = 1
    for _ in 0..<10_000 { value = [value] }
    #expect(Structure(encoding: value) == deep)
  }

  @Test func nestedOptionalsInsideContainers() {
    #expect(Structure([Int??.some(nil), .none, 1]).description == "[nil, nil, 1]")
  }
}
