import CBenchmarkSupport
import CustomDump
import Verity

// A nested model: structs, arrays, dictionaries, strings and doubles. `Library` and friends are
// Equatable and written by a `StructurallyEncodable` conformance (what `@Matchable` generates);
// the `Plain*` twins have neither, so Verity reads them by reflection and custom-dump cannot use
// `==` to skip equal parts.

struct Book: Equatable, StructurallyEncodable {
  var title: String
  var author: String
  var price: Double
  var ratings: [Double]
  func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Book") {
      $0.field("title", title)
      $0.field("author", author)
      $0.field("price", price)
      $0.field("ratings", ratings)
    }
  }
}

struct Section: Equatable, StructurallyEncodable {
  var title: String
  var books: [Book]
  var tags: [String: Double]
  func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Section") {
      $0.field("title", title)
      $0.field("books", books)
      $0.field("tags", tags)
    }
  }
}

struct Library: Equatable, StructurallyEncodable {
  var name: String
  var sections: [Section]
  func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Library") {
      $0.field("name", name)
      $0.field("sections", sections)
    }
  }
}

/// A conformance without `Equatable`: `diff` cannot answer with `==` and encodes both values.
struct EncodedOnly<T: StructurallyEncodable>: StructurallyEncodable {
  let value: T
  func encode(to encoder: inout StructureEncoder) { value.encode(to: &encoder) }
}

struct PlainBook { var title: String; var author: String; var price: Double; var ratings: [Double] }
struct PlainSection { var title: String; var books: [PlainBook]; var tags: [String: Double] }
struct PlainLibrary { var name: String; var sections: [PlainSection] }

/// Nodes (values) per section: the section, its title, books array and tags dictionary with two
/// entries (5), and 10 books of 8 nodes (the book, 3 scalars, a ratings array of 3).
let nodesPerSection = 88

func makeLibrary(nodes: Int) -> Library {
  let sections = max(1, nodes / nodesPerSection)
  return Library(
    name: "library",
    sections: (0..<sections).map { s in
      Section(
        title: "section \(s)",
        books: (0..<10).map { (b: Int) -> Book in
          let ratings: [Double] = [4.5, 3.0, Double(s % 5)]
          return Book(title: "book \(s).\(b)", author: "author \(b)", price: Double(b) + 0.5, ratings: ratings)
        },
        tags: ["popularity": Double(s), "age": Double(s % 7)])
    })
}

func plain(_ library: Library) -> PlainLibrary {
  PlainLibrary(
    name: library.name,
    sections: library.sections.map { section in
      PlainSection(
        title: section.title,
        books: section.books.map { PlainBook(title: $0.title, author: $0.author, price: $0.price, ratings: $0.ratings) },
        tags: section.tags)
    })
}

/// One deep change: a rating of a book in the middle section.
func changedDeep(_ library: Library) -> Library {
  var copy = library
  copy.sections[copy.sections.count / 2].books[5].ratings[1] = 1.0
  return copy
}

enum DiffBenchmarks {
  /// The targets are release targets; a debug build is held to 3× them ("debug within 3× of
  /// release": one run cannot time both configurations).
  #if DEBUG
    static let slack = 3.0
    static let targetNote = " (debug: 3× the release target)"
    /// JSON encoding: the debug ratio is held to 2× the release target (issue: within 2× of the
    /// release ratio, which a debug run cannot measure).
    static let jsonSlack = 2.0
    static let jsonNote = " (debug: 2× the release target)"
  #else
    static let slack = 1.0
    static let targetNote = ""
    static let jsonSlack = 1.0
    static let jsonNote = " (aim 0.25×)"
  #endif

  static func target(_ milliseconds: Double) -> String {
    "≤ \(formatNumber(milliseconds * slack, fractionDigits: 0)) ms at 100k\(targetNote)"
  }

  static func arrays(count: Int) -> ([Book], [Book]) {
    let books = (0..<count).map { Book(title: "book \($0)", author: "a\($0 % 50)", price: Double($0), ratings: [1, 2]) }
    var changed = books
    for index in stride(from: 0, to: changed.count, by: 10) { changed[index].price += 0.25 }
    return (books, changed)
  }

  static func profileArray(count: Int) {
    let (books, changed) = arrays(count: count)
    for _ in 0..<20 {
      let start = bench_now_ns()
      blackHole(Verity.diff(books, changed)?.description)
      print("\(Double(bench_now_ns() - start) / 1e6) ms")
    }
  }

  static func run(sizes: [Int], runs: Int, arrayCount: Int, customDumpLimit: Int, report: inout Report) {
    for size in sizes {
      let nodes = max(1, size / nodesPerSection) * nodesPerSection + 3
      let a = makeLibrary(nodes: size)
      let b = changedDeep(makeLibrary(nodes: size))
      let same = makeLibrary(nodes: size)
      let plainA = plain(a)
      let plainB = plain(b)
      precondition(Verity.diff(a, b)?.count == 1 && Verity.diff(a, same) == nil)
      precondition(Verity.diff(plainA, plainB)?.count == 1)

      let typed = Timing.measure(runs: runs) { blackHole(Verity.diff(a, b)) }
      let identical = Timing.measure(runs: runs) { blackHole(Verity.diff(a, same)) }
      let (encodedA, encodedSame) = (EncodedOnly(value: a), EncodedOnly(value: same))
      let identicalEncoded = Timing.measure(runs: runs) { blackHole(Verity.diff(encodedA, encodedSame)) }
      let mirrorRuns = size >= 100_000 ? min(runs, 3) : runs
      let reflected = Timing.measure(runs: mirrorRuns) { blackHole(Verity.diff(plainA as Any, plainB as Any)) }
      // custom-dump takes seconds at 100k nodes: one run each (no warm-up) past the limit.
      let dumpRuns = size > customDumpLimit ? 1 : runs
      let warm = size <= customDumpLimit
      let dumpEquatable = Timing.measure(runs: dumpRuns, warmUp: warm) { blackHole(CustomDump.diff(a, b)) }
      let dumpPlain = Timing.measure(runs: dumpRuns, warmUp: warm) { blackHole(CustomDump.diff(plainA, plainB)) }
      let dumpIdentical = Timing.measure(runs: dumpRuns, warmUp: warm) { blackHole(CustomDump.diff(a, same)) }

      let perNode = { (t: Timing) in "\(formatDuration(nanoseconds: t.best / Double(nodes)))/node" }
      let isLarge = size >= 100_000
      report.add(ReportRow(
        work: "diff \(nodes) nodes, one deep change, conformance (cold, encoding included)",
        verity: "\(formatDuration(nanoseconds: typed.best)) (\(perNode(typed)))",
        alternative: "custom-dump Equatable \(formatDuration(nanoseconds: dumpEquatable.best))",
        ratio: dumpEquatable.best / typed.best,
        target: isLarge ? target(30) : "per node flat",
        meetsTarget: isLarge ? typed.best <= 30e6 * slack : nil))
      report.add(ReportRow(
        work: "diff \(nodes) nodes, one deep change, reflection",
        verity: "\(formatDuration(nanoseconds: reflected.best)) (\(perNode(reflected)))",
        alternative: "custom-dump non-Equatable \(formatDuration(nanoseconds: dumpPlain.best))",
        ratio: dumpPlain.best / reflected.best,
        target: (isLarge ? target(400) + "; " : "") + "≤ \(formatNumber(150 * slack, fractionDigits: 0)) ns/node\(targetNote)",
        meetsTarget: reflected.best <= 150 * slack * Double(nodes) && (!isLarge || reflected.best <= 400e6 * slack),
        summary: isLarge))
      report.add(ReportRow(
        work: "diff \(nodes) nodes, identical, conformance and Equatable (answered by ==)",
        verity: "\(formatDuration(nanoseconds: identical.best)) (\(perNode(identical)))",
        alternative: "custom-dump Equatable \(formatDuration(nanoseconds: dumpIdentical.best))",
        ratio: dumpIdentical.best / identical.best,
        target: isLarge ? target(15) : "per node flat",
        meetsTarget: isLarge ? identical.best <= 15e6 * slack : nil))
      report.add(ReportRow(
        work: "diff \(nodes) nodes, identical, conformance without Equatable (both encoded)",
        verity: "\(formatDuration(nanoseconds: identicalEncoded.best)) (\(perNode(identicalEncoded)))",
        alternative: "custom-dump Equatable \(formatDuration(nanoseconds: dumpIdentical.best))",
        ratio: dumpIdentical.best / identicalEncoded.best,
        target: isLarge ? target(15) : "per node flat",
        meetsTarget: isLarge ? identicalEncoded.best <= 15e6 * slack : nil))
    }

    // An array of non-Identifiable elements, 10% of them changed.
    let (books, changed) = arrays(count: arrayCount)
    let arrayTiming = Timing.measure(runs: runs) { blackHole(Verity.diff(books, changed)?.description) }
    let difference = Verity.diff(books, changed)!
    precondition(difference.count == arrayCount / 10 && difference.changedCount == difference.count)
    let verityLines = difference.description.split(separator: "\n").count
    var dumpText: String?
    let dumpArray = Timing.measure(runs: 1, warmUp: false) { dumpText = CustomDump.diff(books, changed) }
    let dumpLines = dumpText.map { $0.split(separator: "\n").count } ?? 0
    report.add(ReportRow(
      work: "diff \(arrayCount)-element array, 10% changed (rendered)",
      verity: "\(formatDuration(nanoseconds: arrayTiming.best)), \(verityLines) lines",
      alternative: "custom-dump \(formatDuration(nanoseconds: dumpArray.best)), \(dumpLines) lines",
      ratio: dumpArray.best / arrayTiming.best,
      target: "≤ \(formatNumber(50 * slack, fractionDigits: 0)) ms, ≤ 200 lines\(targetNote)",
      meetsTarget: arrayTiming.best <= 50e6 * slack && verityLines <= 200, summary: true))
  }
}
