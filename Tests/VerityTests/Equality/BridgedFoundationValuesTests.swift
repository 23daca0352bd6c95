import Foundation
import Testing

@testable import Verity
@testable import VerityCore

/// Issue "one plan for a match": a bridged Foundation value (`NSNumber`, `JSONSerialization`'s
/// output) gets one answer from a matcher in every place that asks, because "a value of the
/// matcher's type" is type identity, never Swift's bridging `as?` (an `NSNumber` is not an `Int`,
/// it is compared by its structure). Each row is a matcher or plain value, a recorded value and the
/// answer the table in EqualityAndMatching.md gives ("Bridged Foundation values").
@Suite struct BridgedFoundationValuesTests {
  /// The issue's hand-written mock, which records `[Any?]`.
  final class JSONFake: Mock, Sendable {
    let storage: MockStorage
    init(paths: _MatchingPaths = .automatic) { storage = MockStorage(paths: paths) }
    func report(_ value: Any?) { recordCall(withIdentifier: "report", arguments: [value]) }
    func other() { recordCall(withIdentifier: "other", arguments: []) }
    func g(_ value: Any?) -> String {
      recordCall(withIdentifier: "g", arguments: [value])
      return stubbedValue(forIdentifier: "g", arguments: [value], default: "miss")
    }
  }

  /// `JSONSerialization`'s value for `text`'s key "v".
  static func json(_ text: String) -> Any? {
    let object = try! JSONSerialization.jsonObject(with: Data(#"{"v": \#(text)}"#.utf8)) as! [String: Any]
    return object["v"]
  }

  /// The answers of the nine places for one pair, named.
  static func answers(_ argument: Any?, recorded value: Any?) -> [(place: String, answer: Bool)] {
    var answers: [(String, Bool)] = []
    if let matcher = argument as? any AnyArgumentMatcher {
      answers.append(("matches(any:)", matcher.matches(any: value).isMatch))
    }
    for (paths, name) in [(_MatchingPaths.automatic, "automatic"), (.compiledOnly, "compiled")] {
      for padding in [0, CallLog._quickCallLimit + 6] {
        let size = padding == 0 ? "small log" : "large log"
        let fake = JSONFake(paths: paths)
        for _ in 0..<padding { fake.other() }
        fake.report(value)
        let once = issueMessages { fake.verifyCall(withIdentifier: "report", arguments: [argument]) }.isEmpty
        answers.append(("verifyCall .times(1) (\(name), \(size))", once))
        let never = issueMessages { fake.verifyCall(withIdentifier: "report", arguments: [argument], mode: .never) }.isEmpty
        answers.append(("verifyCall .never, negated (\(name), \(size))", !never))
        // The same verification again, on the unchanged mock: no history.
        let again = issueMessages { fake.verifyCall(withIdentifier: "report", arguments: [argument]) }.isEmpty
        answers.append(("verifyCall .times(1) again (\(name), \(size))", again))
        fake.stub(withIdentifier: "g", arguments: [argument], returning: "hit")
        answers.append(("a stub (\(name), \(size))", fake.g(value) == "hit"))
        let inOrder = InOrder()
        let ordered = issueMessages { inOrder.verifyCall(on: fake, withIdentifier: "report", arguments: [argument]) }.isEmpty
        answers.append(("InOrder (\(name), \(size))", ordered))
      }
    }
    return answers
  }

  struct Row: CustomStringConvertible, Sendable {
    let name: String
    nonisolated(unsafe) let argument: Any?
    nonisolated(unsafe) let recorded: Any?
    let expected: Bool
    var description: String { name }
  }

  static let rows: [Row] = [
    // `JSONSerialization` gives a double for `2.0`; an `Int` equality compares structures: 2.0 is not 2.
    Row(name: "eq(2), JSON 2.0", argument: eq(2), recorded: json("2.0"), expected: false),
    Row(name: "eq(2.0), JSON 2.0", argument: eq(2.0), recorded: json("2.0"), expected: true),
    Row(name: "eq(2), JSON 2", argument: eq(2), recorded: json("2"), expected: true),
    Row(name: "plain 2, JSON 2.0", argument: 2, recorded: json("2.0"), expected: false),
    Row(name: "eq(1), NSNumber(true)", argument: eq(1), recorded: NSNumber(value: true), expected: false),
    Row(name: "!eq(1), NSNumber(true)", argument: !eq(1), recorded: NSNumber(value: true), expected: true),
    Row(name: "eq(1) && any(), NSNumber(true)", argument: eq(1) && any(), recorded: NSNumber(value: true), expected: false),
    Row(name: "eq(1) || eq(7), NSNumber(true)", argument: eq(1) || eq(7), recorded: NSNumber(value: true), expected: false),
    Row(name: "eq(true), NSNumber(true)", argument: eq(true), recorded: NSNumber(value: true), expected: true),
    Row(name: "eq(1), JSON true", argument: eq(1), recorded: json("true"), expected: false),
    Row(name: "eq(true), JSON true", argument: eq(true), recorded: json("true"), expected: true),
    Row(name: "eq(1), NSNumber(1.0)", argument: eq(1), recorded: NSNumber(value: 1.0), expected: false),
    Row(name: "eq(1.0), NSNumber(1.0)", argument: eq(1.0), recorded: NSNumber(value: 1.0), expected: true),
    Row(name: "eq(1), Optional(NSNumber(true))", argument: eq(1), recorded: Optional(NSNumber(value: true)), expected: false),
    Row(name: "eq([1]), [NSNumber(true)]", argument: eq([1]), recorded: [NSNumber(value: true)], expected: false),
    Row(name: "eq([true]), [NSNumber(true)]", argument: eq([true]), recorded: [NSNumber(value: true)], expected: true),
    Row(name: "eq([\"a\": 1]), [\"a\": NSNumber(true)]", argument: eq(["a": 1]), recorded: ["a": NSNumber(value: true)], expected: false),
    Row(name: "eq(2), NSNumber(Float(2))", argument: eq(2), recorded: NSNumber(value: Float(2)), expected: false),
    Row(name: "eq(2.0), NSNumber(Float(2))", argument: eq(2.0), recorded: NSNumber(value: Float(2)), expected: true),
    Row(name: "eq(5), NSNumber(5)", argument: eq(5), recorded: NSNumber(value: 5), expected: true),
    Row(name: "any(Int.self), NSNumber(true)", argument: any(Int.self), recorded: NSNumber(value: true), expected: false),
    Row(name: "eq(\"a\"), NSString(\"a\")", argument: eq("a"), recorded: NSString(string: "a"), expected: true),
    Row(name: "eq(5), NSNull", argument: eq(5), recorded: NSNull(), expected: false),
    Row(name: "isNil(), NSNull", argument: isNil() as Matcher<Int?>, recorded: NSNull(), expected: true),
    // The table of EqualityAndMatching.md, "Bridged Foundation values". (A double is not read back
    // as an `Int`, whatever its value: rule 3 reads integers of other widths, not doubles.)
    Row(name: "eq(2.0), NSNumber(2)", argument: eq(2.0), recorded: NSNumber(value: 2), expected: false),
    Row(name: "eq(true), NSNumber(2)", argument: eq(true), recorded: NSNumber(value: 2), expected: false),
    Row(name: "eq(2), NSNumber(true)", argument: eq(2), recorded: NSNumber(value: true), expected: false),
    Row(name: "eq(2.0), NSNumber(true)", argument: eq(2.0), recorded: NSNumber(value: true), expected: false),
    Row(name: "eq(true), NSNumber(2.0)", argument: eq(true), recorded: NSNumber(value: 2.0), expected: false),
    Row(name: "lessThan(3), NSNumber(2)", argument: lessThan(3) as Matcher<Int>, recorded: NSNumber(value: 2), expected: true),
    Row(name: "lessThan(3), JSON 2.0", argument: lessThan(3) as Matcher<Int>, recorded: json("2.0"), expected: false),
    Row(name: "lessThan(3), NSNumber(Float(2))", argument: lessThan(3) as Matcher<Int>, recorded: NSNumber(value: Float(2)), expected: false),
    Row(name: "lessThan(3), NSNumber(true)", argument: lessThan(3) as Matcher<Int>, recorded: NSNumber(value: true), expected: false),
    Row(name: "lessThan(3), NSNull", argument: lessThan(3) as Matcher<Int>, recorded: NSNull(), expected: false),
    Row(name: "eq(2.0), NSNull", argument: eq(2.0), recorded: NSNull(), expected: false),
    Row(name: "eq(true), JSON null", argument: eq(true), recorded: json("null"), expected: false),
    Row(name: "eq([\"a\": true]), [\"a\": NSNumber(true)]", argument: eq(["a": true]), recorded: ["a": NSNumber(value: true)], expected: true),
    Row(name: "hasPrefix(\"a\"), NSString(\"ab\")", argument: hasPrefix("a") as Matcher<String>, recorded: NSString(string: "ab"), expected: true),
    Row(name: "isIn(1...2), NSNumber(2)", argument: isIn(1...2) as Matcher<Int>, recorded: NSNumber(value: 2), expected: true),
  ]

  @Test(arguments: rows)
  func everyPlaceGivesTheTablesAnswer(_ row: Row) {
    let answers = Self.answers(row.argument, recorded: row.recorded)
    let wrong = answers.filter { $0.answer != row.expected }.map { "\($0.place) says \($0.answer)" }
    #expect(wrong == [], "\(row.name): the table says \(row.expected)")
  }

  /// `x` and `!x` never both match, whatever ran before.
  @Test func aMatcherAndItsNegationNeverBothMatch() {
    let fake = JSONFake()
    for _ in 0..<70 { fake.other() }
    fake.report(NSNumber(value: true))
    let plain = issueMessages { fake.verifyCall(withIdentifier: "report", arguments: [eq(1)]) }.isEmpty
    let negated = issueMessages { fake.verifyCall(withIdentifier: "report", arguments: [!eq(1)]) }.isEmpty
    #expect(plain != negated)
    #expect(eq(1).matches(any: NSNumber(value: true)) == .mismatch("value of type NSNumber does not conform to expected type Int"))
  }

  /// A stub and a verification agree on a call made now.
  @Test func aStubAndAVerificationAgree() {
    let fake = JSONFake()
    fake.stub(withIdentifier: "g", arguments: [eq(1)], returning: "hit")
    let answered = fake.g(NSNumber(value: 1.0))
    let verified = issueMessages { fake.verifyCall(withIdentifier: "g", arguments: [eq(1)]) }.isEmpty
    #expect((answered == "hit") == verified)
  }
}
