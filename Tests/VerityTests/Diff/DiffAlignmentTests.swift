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

/// Issue "right answers, round 3", case 6: with `identityField`, an element is matched by its
/// identity wherever it is; a moved element is one `moved` edit, and its changes are reported at
/// their own paths.
@Suite struct IdentityAlignmentTests {
  fileprivate static let items = (0..<10).map { Row(id: $0, name: "n\($0)", status: "ok") }

  @Test func aMovedAndChangedElementIsAMoveAndAChangeAtItsField() throws {
    var moved = Self.items
    let item = moved.remove(at: 2)
    moved.insert(Row(id: item.id, name: item.name, status: "bad"), at: 7)
    let difference = try #require(diff(Self.items, moved, options: DiffOptions(identityField: "id")))
    #expect(difference.renderedPaths() == """
      [7]: moved from [2]
      [7].status: "ok" → "bad"
      """)
    #expect(difference.movedCount == 1)
    #expect(difference.changedCount == 1)
    #expect(difference.edits.map(\.originalPath?.description) == ["[2]", "[2].status"])
    #expect(difference.summary == "1 changed, 1 moved")
  }

  @Test func aPureReorderIsReportedAsMovesNeverAsNoDifference() throws {
    let reordered = Array(Self.items.reversed())
    let difference = try #require(diff(Self.items, reordered, options: DiffOptions(identityField: "id")))
    #expect(difference.insertedCount == 0 && difference.removedCount == 0 && difference.changedCount == 0)
    #expect(difference.movedCount == 9)
  }

  @Test func newAndGoneIdentitiesAreInsertionsAndRemovals() throws {
    var changed = Self.items
    changed.remove(at: 4)
    changed.append(Row(id: 99, name: "new", status: "ok"))
    let difference = try #require(diff(Self.items, changed, options: DiffOptions(identityField: "id")))
    #expect(difference.renderedPaths() == """
      [4]: removed Row(id: 4, name: "n4", status: "ok")
      [9]: inserted Row(id: 99, name: "new", status: "ok")
      """)
  }

  @Test func theTreeShowsTheMove() throws {
    var moved = Self.items
    moved.swapAt(0, 9)
    let difference = try #require(diff(Self.items, moved, options: DiffOptions(identityField: "id")))
    #expect(difference.renderedTree() == """
        [
      ~   [0]: moved from [9]
          … (8 unchanged)
      ~   [9]: moved from [0]
        ]
      """)
  }
}
