import Testing
import Verity

private struct Row: Equatable { var id: Int; var name: String; var status: String }

/// Issue "right answers, round 3", case 5: records changed in place in an array of near-identical
/// records are one change each, at the changed field's path, not removals and insertions of whole
/// records elsewhere.
@Suite struct DiffAlignmentTests {
  @Test func identicalRecordsChangedInPlaceAreChangesAtTheirFields() throws {
    let rows = Array(repeating: Row(id: 1, name: "row", status: "ok"), count: 30)
    var changed = rows
    changed[10].status = "bad"
    changed[25].name = "x"
    let difference = try #require(diff(rows, changed))
    #expect(difference.renderedPaths() == """
      [10].status: "ok" → "bad"
      [25].name: "row" → "x"
      """)
  }

  @Test func rowsDifferingInOneFieldKeepTheirPlaces() throws {
    let rows = (0..<40).map { Row(id: $0 % 4, name: "row", status: "ok") }
    var changed = rows
    for index in [3, 17, 18, 39] { changed[index].status = "late" }
    let difference = try #require(diff(rows, changed))
    #expect(difference.edits.map(\.path.description) == ["[3].status", "[17].status", "[18].status", "[39].status"])
    #expect(difference.count == 4)
  }

  @Test func anInsertionAmongIdenticalElementsIsStillOneInsertion() throws {
    let before = Array(repeating: 7, count: 12)
    var after = before
    after.insert(8, at: 5)
    let difference = try #require(diff(before, after))
    #expect(difference.count == 1)
    #expect(difference.insertedCount == 1)
  }
}
