import Foundation
import Testing

@testable import Verity

/// Issue "right answers, round 3", case 3: every Foundation value type gets Swift's `==` from `eq`,
/// plain values and composed forms of `eq`, in `verifyCall` (the quick path where it answers, the
/// compiled pattern forced, small and large logs), stubs and in-order checks; and `diff` never calls two values the same when `==`
/// says they differ. Where Verity writes a type through its own conformance, equal structures are
/// exactly `==` (the conformance's promise).
@Suite struct FoundationEqualityTableTests {
  struct Row: Sendable {
    let name: String
    let check: @Sendable () -> [String]
  }

  /// The disagreements of one pair with `==`, as readable lines (empty when every path agrees).
  static func disagreements<T: Equatable & Sendable>(_ a: T, _ b: T, conformance: Bool) -> [String] {
    let swift = a == b
    var found: [String] = []
    func check(_ path: String, _ answer: Bool) {
      if answer != swift { found.append("\(path) says \(answer), == says \(swift)") }
    }
    let forms = [("plain value", a as Any), ("eq", eq(a) as Any)] + composedForms(of: a).map { ($0.name, $0.matcher as Any) }
    for (form, argument) in forms {
      for (path, answer) in answersOnEveryPath(argument, recorded: b) { check("\(form) in \(path)", answer) }
    }
    check("eq(a).matches(any: b)", eq(a).matches(any: b).isMatch)
    if !swift && diff(a, b) == nil { found.append("diff finds no difference, == says they differ") }
    if !swift && diff(a as Any, b as Any) == nil { found.append("diff through Any finds no difference") }
    if conformance { check("structure equality", Structure(encoding: a) == Structure(encoding: b)) }
    return found
  }

  static func row<T: Equatable & Sendable>(_ name: String, _ a: T, _ b: T, conformance: Bool = false) -> Row {
    Row(name: name) { disagreements(a, b, conformance: conformance) }
  }

  static let base = URL(string: "https://example.com/a/")!
  static var rows: [Row] {
    var given = PersonNameComponents()
    given.givenName = "Ada"
    var other = PersonNameComponents()
    other.givenName = "Grace"
    return [
      row("URL relative vs the absolute URL it resolves to",
        URL(string: "b", relativeTo: base)!, URL(string: "https://example.com/a/b")!, conformance: true),
      row("URL relative vs the same relative URL", URL(string: "b", relativeTo: base)!,
        URL(string: "b", relativeTo: URL(string: "https://example.com/a/")!)!, conformance: true),
      row("URL relative to two bases", URL(string: "b", relativeTo: base)!,
        URL(string: "b", relativeTo: URL(string: "https://example.com/c/")!)!, conformance: true),
      row("URL file path vs file URL string", URL(fileURLWithPath: "/tmp/x"), URL(string: "file:///tmp/x")!,
        conformance: true),
      row("URL differing in case of path", URL(string: "https://example.com/A")!,
        URL(string: "https://example.com/a")!, conformance: true),
      row("Date -0 vs 0", Date(timeIntervalSinceReferenceDate: -0.0), Date(timeIntervalSinceReferenceDate: 0),
        conformance: true),
      row("Date one ulp apart", Date(timeIntervalSinceReferenceDate: 1), Date(timeIntervalSinceReferenceDate: 1.0000000000000002),
        conformance: true),
      row("Decimal 1.50 vs 1.5", Decimal(string: "1.50")!, Decimal(string: "1.5")!, conformance: true),
      row("Decimal 1.5 vs 1.25", Decimal(string: "1.5")!, Decimal(string: "1.25")!, conformance: true),
      row("UUID upper vs lower case", UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!, conformance: true),
      row("Data equal", Data([1, 2]), Data([1, 2]), conformance: true),
      row("Data differ", Data([1, 2]), Data([1, 3]), conformance: true),
      row("TimeZone by offset vs by name", TimeZone(secondsFromGMT: 3600)!, TimeZone(identifier: "GMT+0100")!,
        conformance: true),
      row("Locale en_US vs en-US", Locale(identifier: "en_US"), Locale(identifier: "en-US"), conformance: true),
      row("Calendar equal", Calendar(identifier: .gregorian), Calendar(identifier: .gregorian), conformance: true),
      row("Calendar differ", Calendar(identifier: .gregorian), Calendar(identifier: .iso8601), conformance: true),
      row("CharacterSet built two ways", CharacterSet(charactersIn: "ab"), CharacterSet(charactersIn: "ba"),
        conformance: true),
      row("AttributedString joined vs whole", AttributedString("ab"), AttributedString("a") + AttributedString("b"),
        conformance: true),
      row("IndexPath equal", IndexPath(indexes: [1, 2]), IndexPath(indexes: [1, 2])),
      row("IndexPath differ", IndexPath(indexes: [1, 2]), IndexPath(indexes: [1, 3])),
      row("IndexSet built two ways", IndexSet([1, 2, 3]), IndexSet(integersIn: 1...3)),
      row("IndexSet differ", IndexSet([1, 2, 3]), IndexSet([1, 2, 4])),
      row("Measurement 1 km vs 1000 m", Measurement(value: 1, unit: UnitLength.kilometers),
        Measurement(value: 1000, unit: UnitLength.meters)),
      row("Measurement differ", Measurement(value: 1, unit: UnitLength.kilometers),
        Measurement(value: 2, unit: UnitLength.kilometers)),
      row("URLComponents equal", URLComponents(string: "https://a.io/p?x=1")!, URLComponents(string: "https://a.io/p?x=1")!),
      row("URLComponents differ", URLComponents(string: "https://a.io/p?x=1")!, URLComponents(string: "https://a.io/p?x=2")!),
      row("URLQueryItem differ", URLQueryItem(name: "a", value: "1"), URLQueryItem(name: "a", value: "2")),
      row("DateComponents differ", DateComponents(year: 2020, month: 1), DateComponents(year: 2020, month: 2)),
      row("DateInterval differ", DateInterval(start: Date(timeIntervalSince1970: 0), duration: 1),
        DateInterval(start: Date(timeIntervalSince1970: 0), duration: 2)),
      row("PersonNameComponents differ", given, other),
      row("NSRange differ", NSRange(location: 1, length: 2), NSRange(location: 1, length: 3)),
      row("String precomposed vs decomposed", "caf\u{E9}", "cafe\u{301}", conformance: true),
      row("Double -0 vs 0", -0.0, 0.0, conformance: true),
      row("Set<Double> -0 vs 0", Set([-0.0]), Set([0.0]), conformance: true),
      row("Dictionary with -0 vs 0 key", [-0.0: 1], [0.0: 1], conformance: true),
    ]
  }

  @Test(arguments: rows.map(\.name))
  func foundationValueTypesAnswerWithEquals(name: String) throws {
    let row = try #require(Self.rows.first { $0.name == name })
    #expect(row.check() == [], "\(name)")
  }

  /// A URL relative to a base is written with its base, so the diff shows what `==` compares.
  @Test func aRelativeURLDiffersFromItsAbsoluteForm() throws {
    let relative = URL(string: "b", relativeTo: Self.base)!
    let absolute = URL(string: "https://example.com/a/b")!
    #expect(relative != absolute)
    let difference = try #require(diff(absolute, relative))
    #expect(difference.renderedPaths() == """
      absoluteString: removed "https://example.com/a/b"
      relativeString: inserted "b"
      baseURL: inserted URL(absoluteString: "https://example.com/a/")
      """)
  }
}
