import Foundation
import Testing
import VerityTestSupport

@testable import Verity
@testable import VerityCore

/// Issue "one rule for a match": whether a recorded value matches a matcher is decided by one rule
/// (`_MatcherCore.verdictOnAny`, ValuesOfOtherTypes.swift), and every other path gives its answer or
/// declines. Seeded trials draw recorded values (every kind the structure knows, other widths and
/// text forms, optionals, class instances changed after the call) and matchers (built-ins, plain
/// values, `&&`, `||`, `!`, captors inside), and run each through every path: the message path
/// (`matches(any:)`), the compiled pattern, stubs, in-order search, and the public verification
/// on logs either side of the quick path's limit, with the storage's test switch set to each of
/// its paths. A disagreement fails with the seed that reproduces it.
@Suite struct MatchingPathsDifferentialTests {
  /// A value's type with no conformance, `Equatable`.
  struct Point: Equatable, Sendable { var x: Int }

  /// An `Equatable` class: `==` runs on the object as it is now.
  final class Box: Equatable, @unchecked Sendable, CustomStringConvertible {
    var value: Int
    init(_ value: Int) { self.value = value }
    static func == (a: Box, b: Box) -> Bool { a.value == b.value }
    var description: String { "Box(\(value))" }
  }

  /// A class that is not `Equatable`.
  final class Note: @unchecked Sendable {
    var text: String
    init(_ text: String) { self.text = text }
  }

  /// A typed member, recorded as `@Mock` records it: every value has the matcher's type.
  final class IntTaker: Mock, Sendable {
    let storage: MockStorage
    init(paths: _MatchingPaths) { storage = MockStorage(paths: paths) }
    func take(_ value: Int) { storage.log.record("take(_:)", recordable(value)) }
    func takeCall(_ value: Matcher<Int>) -> MockCall<Int, Void> {
      MockCall(storage: storage, identifier: "take(_:)", matchers: value)
    }
    func answer(_ value: Int) -> Int {
      storage.log.record("answer(_:)", recordable(value))
      return stubbedValue(forIdentifier: "answer(_:)", arguments: [value], default: 0)
    }
    func answerCall(_ value: Matcher<Int>) -> MockCall<Int, Int> {
      MockCall(storage: storage, identifier: "answer(_:)", matchers: value)
    }
  }

  /// The recorded values: each made fresh per trial (class instances are changed after the call).
  static let values: [@Sendable () -> (value: Any?, changeAfterCall: @Sendable () -> Void)] = {
    func plain(_ value: Any?) -> @Sendable () -> (value: Any?, changeAfterCall: @Sendable () -> Void) {
      nonisolated(unsafe) let value = value
      return { (value, {}) }
    }
    return [
      plain(5), plain(-1), plain(0), plain(9), plain(Int8(5)), plain(UInt8(5)), plain(Int64(-1)), plain(UInt(9)),
      plain(Int16(300)), plain(Int.max), plain(UInt64.max),
      plain(0.5), plain(-0.0), plain(0.0), plain(Double.nan), plain(Float(0.5)), plain(Float(0.1)), plain(0.1),
      plain("ab"), plain("x"), plain(Substring("ab")), plain(Character("x")), plain("caf\u{E9}"), plain("cafe\u{301}"),
      plain(true), plain(false), plain(nil), plain(Int?.some(5)), plain(Int??.some(nil) as Any), plain(NSNull()),
      plain(NSNumber(value: 5)), plain([1, 2]), plain([Int8(1), Int8(2)]), plain(["a": 1]), plain(Point(x: 1)),
      plain(Point(x: 2)),
      {
        let box = Box(1)
        return (box, { box.value = 2 })
      },
      {
        let box = Box(2)
        return (box, {})
      },
      {
        let note = Note("a")
        return (note, { note.text = "b" })
      },
    ]
  }()

  /// A matcher as a list element, with the rule's answer for a value (`verdictOnAny`, or `eq`'s
  /// for a plain value), and its captors.
  struct Candidate {
    let element: Any?
    let rule: (Any?) -> Bool
    let message: (Any?) -> Bool
    let captors: [(Any?) -> Int]
    let description: String
  }

  /// Random matcher trees of one type.
  struct Family {
    let leaves: [() -> (matcher: Any, captor: ((Any?) -> Int)?)]
    let compose: (_ random: inout SeededGenerator, _ depth: Int, _ family: Family) -> (Any, [(Any?) -> Int])
  }

  static func family<T>(_ leaves: [Matcher<T>], captors: Bool = true) -> Family {
    var makers: [() -> (matcher: Any, captor: ((Any?) -> Int)?)] = leaves.map { leaf in { (leaf, nil) } }
    if captors {
      makers.append {
        let captor = ArgumentCaptor<T>()
        return (captor.capture(), { _ in captor.allValues.count })
      }
    }
    return Family(leaves: makers) { random, depth, family in
      func tree(_ depth: Int) -> (Matcher<T>, [(Any?) -> Int]) {
        if depth == 0 || Int.random(in: 0..<3, using: &random) == 0 {
          let (matcher, captor) = family.leaves[Int.random(in: 0..<family.leaves.count, using: &random)]()
          return (matcher as! Matcher<T>, captor.map { [$0] } ?? [])
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          let (a, ca) = tree(depth - 1)
          let (b, cb) = tree(depth - 1)
          return (a && b, ca + cb)
        case 1:
          let (a, ca) = tree(depth - 1)
          let (b, cb) = tree(depth - 1)
          return (a || b, ca + cb)
        default:
          let (a, ca) = tree(depth - 1)
          return (!a, ca)
        }
      }
      let (matcher, captors) = tree(depth)
      return (matcher, captors)
    }
  }

  static var families: [Family] {
    [
    family([eq(5), eq(-1), lessThan(6), greaterThan(0), isIn(0..<10), any(), any(Int.self),
      Matcher<Int>("isOdd()", where: { $0 % 2 != 0 })]),
    family([eq(0.5), eq(0.1), lessThan(1.0), eq(-0.0), Matcher<Double>("isNaN()", where: { $0.isNaN })]),
    family([eq("ab"), eq("café"), hasPrefix("a"), hasSuffix("b"), eq("x", ignoringCase: true)]),
    family([eq(true), any()] as [Matcher<Bool>]),
    family([isNil(), isNotNil(), eq(Int?.some(5)), eq(Int?.none)] as [Matcher<Int?>]),
    family([any(), isNil(), isNotNil()] as [Matcher<Any?>]),
    family([eq([1, 2]), any()] as [Matcher<[Int]>]),
    family([eq(Point(x: 1)), any()] as [Matcher<Point>]),
    family([eq(Box(2)), eq(Box(1)), any()] as [Matcher<Box>]),
    ]
  }

  /// Plain values in a list mean `eq(value)`.
  static var plainValues: [(Any, Any)] {
    [
      (5, eq(5)), (Int8(5), eq(Int8(5))), ("ab", eq("ab")), (0.5, eq(0.5)), (true, eq(true)),
      ([1, 2], eq([1, 2])), (Point(x: 1), eq(Point(x: 1))), (Box(2), eq(Box(2))),
    ]
  }

  static func candidate(_ random: inout SeededGenerator) -> Candidate {
    if Int.random(in: 0..<6, using: &random) == 0 {
      let (plain, equal) = plainValues[Int.random(in: 0..<plainValues.count, using: &random)]
      let matcher = equal as! any _CompilableMatcher
      return Candidate(
        element: plain, rule: { matcher.verdictOnAny($0) }, message: { matcher.matches(any: $0).isMatch },
        captors: [], description: "plain \(plain)")
    }
    let families = families
    let family = families[Int.random(in: 0..<families.count, using: &random)]
    let (element, captors) = family.compose(&random, Int.random(in: 0...3, using: &random), family)
    let matcher = element as! any _CompilableMatcher
    return Candidate(
      element: element, rule: { matcher.verdictOnAny($0) }, message: { matcher.matches(any: $0).isMatch },
      captors: captors, description: matcher.description)
  }

  /// Runs one trial; returns its disagreements as readable lines.
  static func trial(seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    let candidate = candidate(&random)
    let picked = (0..<Int.random(in: 0...6, using: &random)).map { _ in values[Int.random(in: 0..<values.count, using: &random)] }
    let padding = Bool.random(using: &random) ? CallLog._quickCallLimit + 1 : 0
    var found: [String] = []
    func expect(_ path: String, _ answer: Int, _ rule: Int) {
      if answer != rule { found.append("seed \(seed): \(candidate.description): \(path) gives \(answer), the rule \(rule)") }
    }
    for paths in [_MatchingPaths.automatic, .compiledOnly] {
      let taker = PathTaker(paths: paths)
      for _ in 0..<padding { taker.pad() }
      let recorded = picked.map { $0() }
      for (value, _) in recorded { taker.take(value) }
      for (_, change) in recorded { change() }
      let values = recorded.map(\.value)
      let rule = values.filter(candidate.rule).count
      expect("matches(any:)", values.filter(candidate.message).count, rule)
      let expected = ExpectedCall(identifier: "take", arguments: .actual([candidate.element]))
      expect("the compiled pattern", taker.storage.log.count(matching: expected.pattern), rule)
      expect("a compiled stub", values.filter { expected.matches(values: [$0], log: taker.storage.log) }.count, rule)
      var inOrder = 0
      var after: UInt64 = 0
      while let next = taker.storage.log.firstMatch(matching: expected.pattern, afterSequence: after) {
        inOrder += 1
        after = next.sequence
      }
      expect("in-order search", inOrder, rule)
      // The public verification, passing at the rule's count and failing at any other.
      let before = candidate.captors.map { $0(nil) }
      let issues = issueMessages {
        taker.verifyCall(withIdentifier: "take", arguments: .actual([candidate.element]), mode: .times(rule))
      }
      let passed = issues.isEmpty
      // (A captor that cannot take an accepted value fails the verification, and says so.)
      if !issues.allSatisfy({ $0.contains(" cannot capture argument 1 of take: it is ") }) || (!passed && candidate.captors.isEmpty) {
        found.append("seed \(seed): \(candidate.description): verifyCall (\(paths)) fails at the rule's count \(rule): \(issues)")
      }
      let falsePass = issueMessages {
        taker.verifyCall(withIdentifier: "take", arguments: .actual([candidate.element]), mode: .times(rule + 1))
      }.isEmpty
      if falsePass { found.append("seed \(seed): \(candidate.description): verifyCall (\(paths)) passes at \(rule + 1)") }
      for (index, captor) in candidate.captors.enumerated() {
        expect("captor \(index + 1) (\(paths))", captor(nil) - before[index], passed ? rule : 0)
      }
      // A stub through the same list answers a call being made now by the same rule.
      when(MockCall<Any?, Int>(storage: taker.storage, identifier: "answer", arguments: [candidate.element])).thenReturn(1)
      expect("a stub (\(paths))", values.map(taker.answer).reduce(0, +), rule)
    }
    return found
  }

  /// Handles of `Int`: the typed path (every recorded value has the matcher's type).
  static func typedTrial(seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    let family = families[0]
    let (element, captors) = family.compose(&random, Int.random(in: 0...3, using: &random), family)
    let matcher = element as! Matcher<Int>
    let picked = (0..<Int.random(in: 0...8, using: &random)).map { _ in
      [5, -1, 0, 9, 3, Int.max, Int.min][Int.random(in: 0..<7, using: &random)]
    }
    let padding = Bool.random(using: &random) ? CallLog._quickCallLimit + 1 : 0
    let rule = picked.filter { matcher.verdictOnAny($0) }.count
    var found: [String] = []
    for paths in [_MatchingPaths.automatic, .compiledOnly] {
      let taker = IntTaker(paths: paths)
      for _ in 0..<padding { taker.recordCall(withIdentifier: "pad") }
      for value in picked { taker.take(value) }
      let before = captors.map { $0(nil) }
      let passed = issueMessages { verify(taker.takeCall(matcher), .times(rule)) }.isEmpty
      if !passed { found.append("seed \(seed): \(matcher): verify (\(paths)) fails at the rule's count") }
      if issueMessages({ verify(taker.takeCall(matcher), .times(rule + 1)) }).isEmpty {
        found.append("seed \(seed): \(matcher): verify (\(paths)) passes above the rule's count")
      }
      for (index, captor) in captors.enumerated() where captor(nil) - before[index] != (passed ? rule : 0) {
        found.append("seed \(seed): \(matcher): captor \(index + 1) (\(paths)) took \(captor(nil) - before[index])")
      }
      when(taker.answerCall(matcher)).thenReturn(1)
      let answered = picked.map(taker.answer).reduce(0, +)
      if answered != rule { found.append("seed \(seed): \(matcher): a stub (\(paths)) answers \(answered), the rule \(rule)") }
    }
    return found
  }

  /// The seeds CI runs; `VERITY_DIFFERENTIAL_SEEDS=N` runs more.
  static var seeds: Range<UInt64> {
    let count = ProcessInfo.processInfo.environment["VERITY_DIFFERENTIAL_SEEDS"].flatMap(UInt64.init) ?? 1000
    return 0..<count
  }

  @Test func everyPathGivesTheRulesAnswerForLists() {
    var found: [String] = []
    for seed in Self.seeds { found += Self.trial(seed: seed) }
    #expect(found == [], "\(found.prefix(20).joined(separator: "\n"))")
  }

  @Test func everyPathGivesTheRulesAnswerForTypedHandles() {
    var found: [String] = []
    for seed in Self.seeds { found += Self.typedTrial(seed: seed) }
    #expect(found == [], "\(found.prefix(20).joined(separator: "\n"))")
  }
}
