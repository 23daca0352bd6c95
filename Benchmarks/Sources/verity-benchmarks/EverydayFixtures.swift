import CBenchmarkSupport
import IssueReporting
import Synchronization
import Verity

// The everyday test (issue 27): most suites are thousands of small tests, each creating a mock,
// stubbing a member, making a handful of calls and verifying them. Measured for an `@Mock`
// generated mock, a hand-written `Mock` recording through `[Any?]`, and a hand-rolled mock that
// records into typed arrays (the baseline), per test and per operation.
//
// The scenario, per test: create the mock; stub `album(id: 7)`; call `album(id: 7)`,
// `save(record, overwrite: true)`, `save(record, overwrite: false)`, `count()`, `count()`;
// verify `album(id: eq(7))`, `save(eq(record), any())` twice, `count()` twice; then verify no
// more interactions. The "model" variant passes a 20-field model instead of the small record and
// ends with `Assert(that:).hasNoDifference(from:)` on a 50-field model (the baseline: `==`).

/// The small argument of the scenario.
struct Record: Equatable, Sendable {
  var id: Int
  var title: String
  var tags: [String]
}

/// A model of 20 stored properties (Int, String, Double, Bool and [Int] in turn).
struct Model20: Equatable, Sendable {
  var field0: Int; var field1: String; var field2: Double; var field3: Bool; var field4: [Int]
  var field5: Int; var field6: String; var field7: Double; var field8: Bool; var field9: [Int]
  var field10: Int; var field11: String; var field12: Double; var field13: Bool; var field14: [Int]
  var field15: Int; var field16: String; var field17: Double; var field18: Bool; var field19: [Int]

  /// The model with every field set from `seed`.
  static func sample(seed: Int = 0) -> Model20 {
    Model20(
      field0: seed + 0, field1: "value 1", field2: 2.5, field3: true,
      field4: [seed, 4], field5: seed + 5, field6: "value 6", field7: 7.5,
      field8: false, field9: [seed, 9], field10: seed + 10, field11: "value 11",
      field12: 12.5, field13: true, field14: [seed, 14], field15: seed + 15,
      field16: "value 16", field17: 17.5, field18: false, field19: [seed, 19])
  }
}

/// A model of 50 stored properties (Int, String, Double, Bool and [Int] in turn).
struct Model50: Equatable, Sendable {
  var field0: Int; var field1: String; var field2: Double; var field3: Bool; var field4: [Int]
  var field5: Int; var field6: String; var field7: Double; var field8: Bool; var field9: [Int]
  var field10: Int; var field11: String; var field12: Double; var field13: Bool; var field14: [Int]
  var field15: Int; var field16: String; var field17: Double; var field18: Bool; var field19: [Int]
  var field20: Int; var field21: String; var field22: Double; var field23: Bool; var field24: [Int]
  var field25: Int; var field26: String; var field27: Double; var field28: Bool; var field29: [Int]
  var field30: Int; var field31: String; var field32: Double; var field33: Bool; var field34: [Int]
  var field35: Int; var field36: String; var field37: Double; var field38: Bool; var field39: [Int]
  var field40: Int; var field41: String; var field42: Double; var field43: Bool; var field44: [Int]
  var field45: Int; var field46: String; var field47: Double; var field48: Bool; var field49: [Int]

  /// The model with every field set from `seed`.
  static func sample(seed: Int = 0) -> Model50 {
    Model50(
      field0: seed + 0, field1: "value 1", field2: 2.5, field3: true,
      field4: [seed, 4], field5: seed + 5, field6: "value 6", field7: 7.5,
      field8: false, field9: [seed, 9], field10: seed + 10, field11: "value 11",
      field12: 12.5, field13: true, field14: [seed, 14], field15: seed + 15,
      field16: "value 16", field17: 17.5, field18: false, field19: [seed, 19],
      field20: seed + 20, field21: "value 21", field22: 22.5, field23: true,
      field24: [seed, 24], field25: seed + 25, field26: "value 26", field27: 27.5,
      field28: false, field29: [seed, 29], field30: seed + 30, field31: "value 31",
      field32: 32.5, field33: true, field34: [seed, 34], field35: seed + 35,
      field36: "value 36", field37: 37.5, field38: false, field39: [seed, 39],
      field40: seed + 40, field41: "value 41", field42: 42.5, field43: true,
      field44: [seed, 44], field45: seed + 45, field46: "value 46", field47: 47.5,
      field48: false, field49: [seed, 49])
  }
}

/// A hand-written mock of ``AlbumLibrary`` in the README's style: records through `[Any?]`.
final class HandAlbumLibrary: AlbumLibrary, Mock {
  let storage = MockStorage()

  func album(id: Int) -> Record? {
    recordCall(withIdentifier: "album", arguments: [id])
    return stubbedValue(forIdentifier: "album", arguments: [id], default: nil)
  }

  func save(_ record: Record, overwrite: Bool) {
    recordCall(withIdentifier: "save", arguments: [record, overwrite])
  }

  func count() -> Int {
    recordCall(withIdentifier: "count")
    return stubbedValue(forIdentifier: "count", default: 0)
  }
}

/// A hand-written mock of ``MatchableAlbumLibrary``.
final class HandMatchableAlbumLibrary: MatchableAlbumLibrary, Mock {
  let storage = MockStorage()

  func album(id: Int) -> MatchableRecord? {
    recordCall(withIdentifier: "album", arguments: [id])
    return stubbedValue(forIdentifier: "album", arguments: [id], default: nil)
  }

  func save(_ record: MatchableRecord, overwrite: Bool) {
    recordCall(withIdentifier: "save", arguments: [record, overwrite])
  }

  func count() -> Int {
    recordCall(withIdentifier: "count")
    return stubbedValue(forIdentifier: "count", default: 0)
  }
}

/// A hand-written mock of ``ModelLibrary``.
final class HandModelLibrary: ModelLibrary, Mock {
  let storage = MockStorage()

  func model(id: Int) -> Model20? {
    recordCall(withIdentifier: "model", arguments: [id])
    return stubbedValue(forIdentifier: "model", arguments: [id], default: nil)
  }

  func save(_ model: Model20, overwrite: Bool) {
    recordCall(withIdentifier: "save", arguments: [model, overwrite])
  }

  func count() -> Int {
    recordCall(withIdentifier: "count")
    return stubbedValue(forIdentifier: "count", default: 0)
  }
}

/// The baseline: a mock written by hand for one test, recording into typed arrays and checked
/// with `==`. `Item` is the argument type (``Record`` or ``Model20``).
final class RolledLibrary<Item: Equatable> {
  var lookups: [Int] = []
  var saves: [(Item, Bool)] = []
  var counts = 0
  var stub: (id: Int, item: Item)?

  func item(id: Int) -> Item? {
    lookups.append(id)
    if let stub, stub.id == id { return stub.item }
    return nil
  }

  func save(_ item: Item, overwrite: Bool) { saves.append((item, overwrite)) }

  func count() -> Int {
    counts += 1
    return 0
  }
}

extension RolledLibrary: AlbumLibrary where Item == Record {
  func album(id: Int) -> Record? { item(id: id) }
}

extension RolledLibrary: MatchableAlbumLibrary where Item == MatchableRecord {
  func album(id: Int) -> MatchableRecord? { item(id: id) }
}

extension RolledLibrary: ModelLibrary where Item == Model20 {
  func model(id: Int) -> Model20? { item(id: id) }
}

/// Counts the issues Verity reports while the scenario is checked (it must report none).
final class IssueCounter: IssueReporter {
  let count = Mutex(0)

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    count.withLock { $0 += 1 }
    print("unexpected issue: \(message() ?? "")")
  }
}
