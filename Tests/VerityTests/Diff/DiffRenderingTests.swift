import Foundation
import Testing
import Verity

private struct Position: Equatable { var lat: Double; var lon: Double }
private struct Address: Equatable { var city: String; var geo: Position }
private struct Person: Equatable {
  var name: String
  var address: Address
  var tags: [String]
  var attrs: [String: Int]
}

private let ada = Person(
  name: "Ada", address: Address(city: "London", geo: Position(lat: 51.5, lon: -0.1)), tags: ["a", "b", "c"],
  attrs: ["a": 1, "b": 1])

@Suite("diff: paths and renderings")
struct DiffRenderingTests {
  @Test func equalValuesHaveNoDifference() {
    #expect(diff(ada, ada) == nil)
    #expect(diff(["b": 2, "a": 1] as [String: Any], ["a": 1, "b": 2] as [String: Any]) == nil)
    #expect(diff(Set([3, 1, 2]), Set([1, 2, 3])) == nil)
    #expect(diff(Double.nan, Double.nan) == nil)  // structural equality is reflexive
  }

  /// Bytes that differ show where: the first differing offset and a hex window around it, bounded
  /// like strings, in both renderings.
  @Test func bytesShowTheFirstDifferingOffset() throws {
    let short = try #require(diff(Data([1, 2, 3]), Data([1, 2, 4])))
    #expect(short.renderedPaths() == """
      bytes differ at offset 2 (3 → 3 bytes):
        - 01 02 [03]
        + 01 02 [04]
      """)
    var long = [UInt8](repeating: 0xAB, count: 4096)
    var changed = long
    changed[1000] = 0x0F
    #expect(try #require(diff(Data(long), Data(changed))).renderedPaths() == """
      bytes differ at offset 1000 (4096 → 4096 bytes):
        - … ab ab ab ab ab ab ab ab [ab] ab ab ab ab ab ab ab ab …
        + … ab ab ab ab ab ab ab ab [0f] ab ab ab ab ab ab ab ab …
      """)
    long.removeLast(4095)
    #expect(try #require(diff(["blob": Data(long)] as [String: Any], ["blob": Data([0xAB, 0x01])] as [String: Any]))
      .renderedTree() == """
        [
          "blob": bytes differ at offset 1 (1 → 2 bytes):
            - ab [end]
            + ab [01]
        ]
      """)
  }

  @Test func pathListNamesEachChangeOnce() throws {
    var changed = ada
    changed.address.geo.lon = -0.2
    changed.tags.insert("x", at: 1)
    changed.attrs["b"] = 2
    changed.attrs["c"] = 3
    let difference = try #require(diff(ada, changed))
    #expect(
      difference.description == """
        address.geo.lon: -0.1 → -0.2
        tags[1]: inserted "x"
        attrs["b"]: 1 → 2
        attrs["c"]: inserted 3
        """)
    #expect(difference.count == 4)
    #expect(difference.changedCount == 2 && difference.insertedCount == 2)
    #expect(difference.summary == "2 changed, 2 inserted")
    #expect(
      difference.edits.map(\.path) == [
        DifferencePath([.field("address"), .field("geo"), .field("lon")]),
        DifferencePath([.field("tags"), .index(1)]),
        DifferencePath([.field("attrs"), .key("b")]),
        DifferencePath([.field("attrs"), .key("c")]),
      ])
    #expect(difference.edits[0].before == Structure(-0.1) && difference.edits[0].after == Structure(-0.2))
  }

  @Test func collapsedTree() throws {
    var changed = ada
    changed.address.geo.lon = -0.2
    changed.tags.insert("x", at: 1)
    changed.attrs["b"] = 2
    let tree = try #require(diff(ada, changed)).renderedTree()
    #expect(
      tree == """
          Person(
            … (1 unchanged)
            address: Address(
              … (1 unchanged)
              geo: Position(
                … (1 unchanged)
        -       lon: -0.1
        +       lon: -0.2
              )
            )
            tags: [
              … (1 unchanged)
        +     [1]: "x"
              … (2 unchanged)
            ]
            attrs: [
              … (1 unchanged)
        -     "b": 1
        +     "b": 2
            ]
          )
        """)
  }

  @Test func twoHundredElementArraysShowTheChangedElementsPath() throws {
    let people = (0..<200).map { Person(name: "p\($0)", address: ada.address, tags: [], attrs: [:]) }
    var changed = people
    changed[137].name = "changed"
    let difference = try #require(diff(people, changed))
    #expect(difference.description == #"[137].name: "p137" → "changed""#)
    #expect(
      difference.renderedTree() == """
          [
            … (137 unchanged)
            [137]: Person(
        -     name: "p137"
        +     name: "changed"
              … (3 unchanged)
            )
            … (62 unchanged)
          ]
        """)
  }

  @Test func anInsertedElementIsOneInsertionNotACascade() throws {
    let before = Array(0..<1000)
    var after = before
    after.insert(-1, at: 10)
    after.remove(at: 500)
    let difference = try #require(diff(before, after))
    #expect(difference.description == "[10]: inserted -1\n[499]: removed 499")
  }

  @Test func stringsWithLinesShowTheFirstDifferingLine() throws {
    let before = "first line\nsecond line\nthird line"
    let after = "first line\nsecond lime\nthird line"
    #expect(
      try #require(diff(before, after)).description == """
        strings differ at line 2, byte 10 (offset 20; 33 → 33 bytes):
            first line
          - second line
          + second lime
        """)
  }

  @Test func tenMegabyteStringsShowTheirLastCharacter() throws {
    let before = String(repeating: "a", count: 10_000_000) + "b"
    let after = String(repeating: "a", count: 10_000_000) + "c"
    #expect(
      try #require(diff(before, after)).description == """
        strings differ at line 1, byte 10000001 (offset 10000000; 10000001 → 10000001 bytes):
          - …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab
          + …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac
        """)
  }

  @Test func kindsOfEdit() throws {
    #expect(try #require(diff(1, "1")).description == #"1 → "1" (type changed)"#)
    #expect(try #require(diff(Set([1, 2]), Set([2, 3]))).description == "removed 1\ninserted 3")
    #expect(try #require(diff([1, 2, 3], [1, 3])).description == "[1]: removed 2")
    let optional: Int? = nil
    #expect(try #require(diff(optional, 5 as Int?)).description == "nil → 5")
    #expect(try #require(diff(Shape.circle(1), Shape.square(1))).description == "Shape.circle(1.0) → Shape.square(1.0)")
    #expect(try #require(diff(Shape.circle(1), Shape.circle(2))).description == ".0: 1.0 → 2.0")
  }

  @Test func theLineBudgetEndsWithTheTotals() throws {
    let before = Array(0..<1000)
    let after = before.map { $0 % 100 == 0 ? -$0 - 1 : $0 }
    let difference = try #require(diff(before, after, options: DiffOptions(lineLimit: 4)))
    #expect(
      difference.description == """
        [0]: 0 → -1
        [100]: 100 → -101
        [200]: 200 → -201
        … 7 more edits (10 in all: 10 changed)
        """)
    // No edit fits in a tree of 3 lines (its brackets take two): the path list shows two.
    #expect(
      difference.renderedTree(lineLimit: 3) == """
        [0]: 0 → -1
        [100]: 100 → -101
        … 8 more edits (10 in all: 10 changed)
        """)
    #expect(
      difference.renderedTree(lineLimit: 5) == """
          [
        -   [0]: 0
        +   [0]: -1
          ]
        … 9 more edits (10 in all: 10 changed)
        """)
  }

  @Test func theEditLimitKeepsCounting() throws {
    let before = Array(0..<100)
    let after = before.map { $0 + 1000 }
    let difference = try #require(diff(before, after, options: DiffOptions(editLimit: 3)))
    #expect(difference.edits.count == 3)
    #expect(difference.count == 100)
    #expect(difference.isTruncated)
  }

  @Test func jsonDocumentsDiffLikeAReviewer() throws {
    let before = try JSONSerialization.jsonObject(
      with: Data(#"{"user":{"name":"Ada","tags":["a","b"],"age":36},"items":[{"id":1},{"id":2},{"id":3}]}"#.utf8))
    let after = try JSONSerialization.jsonObject(
      with: Data(#"{"user":{"name":"Ada","tags":["a","c","b"]},"items":[{"id":1},{"id":3}],"extra":true}"#.utf8))
    #expect(
      try #require(diff(before, after)).description == """
        ["user"]["age"]: removed 36
        ["user"]["tags"][1]: inserted "c"
        ["extra"]: inserted true
        ["items"][1]: removed ["id": 2]
        """)  // dictionaries in their canonical order: shorter keys first
  }
}

private enum Shape: Equatable {
  case circle(Double)
  case square(Double)
}

@Suite("diff: options")
struct DiffOptionsTests {
  struct Item: Equatable { var id: Int; var name: String; var updatedAt: Double }

  @Test func floatTolerance() {
    #expect(diff([1.0, 2.0], [1.0, 2.0000001], options: DiffOptions(floatTolerance: 1e-6)) == nil)
    #expect(diff([1.0, 2.0], [1.0, 2.1], options: DiffOptions(floatTolerance: 1e-6)) != nil)
  }

  @Test func ignoredFieldsAndPaths() throws {
    let before = [Item(id: 1, name: "a", updatedAt: 1), Item(id: 2, name: "b", updatedAt: 1)]
    var after = before
    after[0].updatedAt = 2
    after[1].updatedAt = 3
    #expect(diff(before, after, options: DiffOptions(ignoredFields: ["updatedAt"])) == nil)
    #expect(diff(before, after, options: DiffOptions(ignoredPaths: ["[*].updatedAt"])) == nil)
    let partly = try #require(diff(before, after, options: DiffOptions(ignoredPaths: ["[0].updatedAt"])))
    #expect(partly.description == "[1].updatedAt: 1.0 → 3.0")
    let dictionary: [String: Any] = ["a": 1, "b": ["c": 2]]
    let other: [String: Any] = ["a": 1, "b": ["c": 3]]
    #expect(diff(dictionary, other, options: DiffOptions(ignoredPaths: [#"["b"]["c"]"#])) == nil)
  }

  @Test func patternsParseAndPrint() {
    let pattern: DifferencePath.Pattern = #"children[*].attrs["b"][3]"#
    #expect(pattern.steps == [.field("children"), .any, .field("attrs"), .key("b"), .index(3)])
    #expect(pattern.description == #"children[*].attrs["b"][3]"#)
    let broken: DifferencePath.Pattern = "a[oops"
    #expect(broken.steps == [.field("a[oops")])
  }

  @Test func identityFieldAlignsByID() throws {
    let before = [Item(id: 1, name: "a", updatedAt: 0), Item(id: 2, name: "b", updatedAt: 0)]
    let after = [Item(id: 2, name: "B", updatedAt: 0), Item(id: 3, name: "c", updatedAt: 0)]
    let byID = try #require(diff(before, after, options: DiffOptions(identityField: "id")))
    #expect(byID.description == #"[0]: removed Item(id: 1, name: "a", updatedAt: 0.0)"# + "\n" + #"[0].name: "b" → "B""# + "\n" + #"[1]: inserted Item(id: 3, name: "c", updatedAt: 0.0)"#)
    #expect(byID.edits[1].originalPath == DifferencePath([.index(1), .field("name")]))
  }

  @Test func identityFromAKeyPath() throws {
    struct Tagged: Identifiable { var id: Int; var tag: String; var computed: Int { id * 2 } }
    let options = try #require(DiffOptions(identifyingElementsBy: \Tagged.id))
    #expect(options.identityField == "id")
    #expect(DiffOptions(identifyingElementsBy: \Tagged.computed) == nil)
    #expect(DiffOptions(identifyingElementsBy: \Tagged.tag.count) == nil)
    let before = [Tagged(id: 1, tag: "a"), Tagged(id: 2, tag: "b")]
    let after = [Tagged(id: 2, tag: "B")]
    #expect(try #require(diff(before, after, options: options)).description == #"[0]: removed Tagged(id: 1, tag: "a")"# + "\n" + #"[0].tag: "b" → "B""#)
  }

  @Test func unorderedArrays() throws {
    #expect(diff([1, 2, 3], [3, 1, 2], options: DiffOptions(ignoresArrayOrder: true)) == nil)
    let difference = try #require(diff([1, 2, 3], [3, 1, 4], options: DiffOptions(ignoresArrayOrder: true)))
    #expect(difference.description == "[2]: 2 → 4")
  }
}

@Suite("diff: edges a user reaches")
struct DiffEdgeTests {
  @Test func longNonASCIIStringsCutOnCharacterBoundaries() throws {
    let before = String(repeating: "é", count: 100) + "a" + String(repeating: "ü", count: 100)
    let after = String(repeating: "é", count: 100) + "b" + String(repeating: "ü", count: 100)
    let text = try #require(diff(before, after)).description
    #expect(!text.contains("\u{FFFD}"))
    #expect(text.hasPrefix("strings differ at line 1, byte 201 (offset 200; 401 → 401 bytes):"))
    #expect(text.contains("- …" + String(repeating: "é", count: 20) + "a" + String(repeating: "ü", count: 20) + "…"))
  }

  @Test func nilLikesAreNil() {
    #expect(diff(NSNull(), Optional<Int>.none) == nil)
    #expect(diff(["a": NSNull()] as [String: Any], ["a": Optional<String>.none as Any]) == nil)
    #expect(diff(["a": NSNull()] as [String: Any], ["a": 1] as [String: Any])?.description == #"["a"]: nil → 1"#)
  }

  @Test func sharedInstancesDiffLikeCopies() {
    final class Leaf { var value: Int; init(_ value: Int) { self.value = value } }
    let shared = Leaf(1)
    #expect(diff([shared, shared], [Leaf(1), Leaf(1)]) == nil)
    #expect(diff([shared, shared], [Leaf(1), Leaf(2)])?.description == "[1].value: 1 → 2")
  }
}
