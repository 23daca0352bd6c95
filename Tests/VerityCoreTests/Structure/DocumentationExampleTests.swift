import Testing
import Verity

/// The examples of the Structures article, run.
@Suite struct StructuresArticleTests {
  struct Point: StructurallyEncodable {
    var x: Double, y: Double
    func encode(to encoder: inout StructureEncoder) {
      encoder.encodeStruct("Point") { fields in
        fields.field("x", x)
        fields.field("y", y)
      }
    }
  }

  @Test func dictionariesAreCanonical() {
    let a = Structure(encoding: ["type": "login", "retries": 2] as [String: Any])
    let b = Structure(["retries": 2, "type": "login"] as [String: AnyHashable])
    #expect(a == b)
    #expect(a.description == #"["type": "login", "retries": 2]"#)
  }

  @Test func integersAreWrittenByValue() {
    #expect(Structure(Int8(5)) == Structure(5))
    #expect(Structure(UInt(5)) == Structure(5))
    #expect(Structure(-5) != Structure(5))
  }

  @Test func floatingPointRules() {
    #expect(Structure(Float(1.5)) == Structure(1.5))
    #expect(Structure(-0.0) == Structure(0.0))
    #expect(Structure(Double.nan) == Structure(-Double.nan))
  }

  @Test func stringsAreWrittenInNFC() {
    #expect("\u{E9}" == "e\u{301}")
    #expect(Structure("\u{E9}") == Structure("e\u{301}"))
  }

  @Test func optionals() {
    #expect(Structure(Optional(3)) == Structure(3))
    #expect(Structure(Int??.some(nil)) == Structure(Int??.none))
  }

  @Test func classesAreWrittenByContents() {
    final class Node { var value = 1 }
    #expect(Structure(encoding: Node()) == Structure(encoding: Node()))
  }

  @Test func customConformance() {
    #expect(Structure(Point(x: 1, y: 2)).description == "Point(x: 1.0, y: 2.0)")
  }
}

/// The README's call-log example, run.
@Suite struct ReadmeCallLogExampleTests {
  @Test func countingWithAPattern() {
    let log = CallLog(keepsValues: false)
    log.record("fetch", 42, "ada")
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([.equal(Structure(42)), .any]))) == 1)
    #expect(log.count(matching: CallPattern("fetch", arguments: .exactly([.equal(Structure(41)), .any]))) == 0)
  }
}
