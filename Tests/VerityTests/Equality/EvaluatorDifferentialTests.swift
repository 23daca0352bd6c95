import Foundation
import Synchronization
import Testing
import VerityTestSupport

@testable import Verity
@testable import VerityCore

/// Issue "one plan for a match": every evaluator gives the rule's answer, as the reference
/// interpreter (ReferenceInterpreter.swift) gives it, for seeded matcher trees and recorded values.
/// Each evaluator is forced in turn, and counted where it may decline, so that one that never
/// answers cannot pass:
///
/// - `matches(any:)` (the message path) and `verdictOnAny`;
/// - the engine: the compiled pattern's count over the log;
/// - the small-log loop (`quickCountAndMark`), on the matchers it takes;
/// - stubs: the compiled call (`ExpectedCall.matches(values:log:)`) and a handle's kept matchers;
/// - `InOrder`'s search (`firstMatch`), captors, and the public `verifyCall` both ways.
///
/// A disagreement fails with its seed (`VERITY_DIFFERENTIAL_SEEDS=N` runs more seeds).
@Suite struct EvaluatorDifferentialTests {
  /// The recorded values: each made fresh per trial (a class instance is changed after the call).
  static let values: [@Sendable () -> (value: Any?, changeAfterCall: @Sendable () -> Void)] = {
    func plain(_ value: Any?) -> @Sendable () -> (value: Any?, changeAfterCall: @Sendable () -> Void) {
      nonisolated(unsafe) let value = value
      return { (value, {}) }
    }
    func json(_ text: String) -> Any? {
      (try! JSONSerialization.jsonObject(with: Data(#"{"v": \#(text)}"#.utf8)) as! [String: Any])["v"]
    }
    return [
      plain(5), plain(-1), plain(0), plain(9), plain(Int8(5)), plain(UInt8(5)), plain(Int64(-1)), plain(UInt(9)),
      plain(Int16(300)), plain(Int.max), plain(UInt64.max),
      plain(0.5), plain(-0.0), plain(0.0), plain(Double.nan), plain(Float(0.5)), plain(Float(0.1)), plain(0.1),
      plain("ab"), plain("x"), plain(Substring("ab")), plain(Character("x")), plain("caf\u{E9}"), plain("cafe\u{301}"),
      plain(true), plain(false), plain(nil), plain(Int?.some(5)), plain(Int??.some(nil) as Any), plain(NSNull()),
      plain([1, 2]), plain([Int8(1), Int8(2)]), plain(["a": 1]), plain(ReferencePoint(x: 1)), plain(ReferencePoint(x: 2)),
      // Bridged Foundation values: numbers of each kind, JSON, containers of them, text.
      plain(NSNumber(value: 5)), plain(NSNumber(value: true)), plain(NSNumber(value: false)), plain(NSNumber(value: 1)),
      plain(NSNumber(value: 0.5)), plain(NSNumber(value: 2.0)), plain(NSNumber(value: Float(2))),
      plain(NSNumber(value: Int8(5))), plain(json("2.0")), plain(json("true")), plain(json("5")), plain(json("null")),
      plain(Optional(NSNumber(value: true))), plain([NSNumber(value: true)]), plain([NSNumber(value: 1), NSNumber(value: 2)]),
      plain(["a": NSNumber(value: true)]), plain(NSString(string: "ab")), plain(Data([1, 2])), plain([UInt8]([1, 2])),
      {
        let box = ReferenceBox(1)
        return (box, { box.value = 2 })
      },
      {
        let box = ReferenceBox(2)
        return (box, {})
      },
      {
        let counter = ReferenceCounter(1)
        return (counter, { counter.value = 2 })
      },
      {
        let counter = ReferenceCounter(2)
        return (counter, { counter.value = 3 })
      },
      {
        let note = ReferenceNote("a")
        return (note, { note.text = "b" })
      },
    ]
  }()

  /// A random tree of one family's leaves.
  static func tree<T>(_ leaves: [() -> Spec<T>], depth: Int, _ random: inout SeededGenerator) -> Spec<T> {
    if depth == 0 || Int.random(in: 0..<3, using: &random) == 0 {
      return leaves[Int.random(in: 0..<leaves.count, using: &random)]()
    }
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return tree(leaves, depth: depth - 1, &random) && tree(leaves, depth: depth - 1, &random)
    case 1: return tree(leaves, depth: depth - 1, &random) || tree(leaves, depth: depth - 1, &random)
    default: return !tree(leaves, depth: depth - 1, &random)
    }
  }

  /// The families, by name; each draws a tree as an `[Any?]` element with its reference.
  static var families: [(name: String, draw: (inout SeededGenerator) -> (element: Any, spec: ErasedSpec))] {
    [
    ("Int", { random in erase(tree(ReferenceFamilies.int, depth: Int.random(in: 0...3, using: &random), &random)) }),
    ("Double", { random in erase(tree(ReferenceFamilies.double, depth: Int.random(in: 0...3, using: &random), &random)) }),
    ("String", { random in erase(tree(ReferenceFamilies.string, depth: Int.random(in: 0...3, using: &random), &random)) }),
    ("Bool", { random in erase(tree(ReferenceFamilies.bool, depth: Int.random(in: 0...3, using: &random), &random)) }),
    ("Int?", { random in erase(tree(ReferenceFamilies.optionalInt, depth: Int.random(in: 0...3, using: &random), &random)) }),
    ("Any?", { random in erase(tree(ReferenceFamilies.anything, depth: Int.random(in: 0...3, using: &random), &random)) }),
    ("[Int]", { random in erase(tree(ReferenceFamilies.ints, depth: Int.random(in: 0...2, using: &random), &random)) }),
    ("Point", { random in erase(tree(ReferenceFamilies.points, depth: Int.random(in: 0...2, using: &random), &random)) }),
    ("Box", { random in erase(tree(ReferenceFamilies.boxes, depth: Int.random(in: 0...2, using: &random), &random)) }),
    ("Counter", { random in erase(tree(ReferenceFamilies.counters, depth: Int.random(in: 0...2, using: &random), &random)) }),
    ]
  }

  /// A spec with its type erased.
  struct ErasedSpec {
    let reference: (Any?) -> Bool
    let captors: [() -> Int]
    let captorsTake: (Any?) -> Bool
    let description: String
    let core: any _HandleMatcher
    /// Whether a value has exactly the matcher's type (what a typed handle's member records).
    let isOfItsType: (Any?) -> Bool
    /// The public paths of a typed handle (`verify`, `when`) over these values of the matcher's
    /// type, after `padding` other calls: the disagreements with the reference, as lines.
    let typedHandle: (_ values: [Any?], _ padding: Int) -> [String]
    /// A storage whose log holds `padding` other calls, then these values recorded by a member
    /// whose parameter has the matcher's type (as `@Mock` records them).
    let typedStorage: (_ values: [Any?], _ padding: Int) -> MockStorage
  }

  /// A member with a parameter of type `T`, recorded and handled as `@Mock` does.
  final class TypedTaker<T>: Mock, Sendable {
    let storage: MockStorage
    init(paths: _MatchingPaths) { storage = MockStorage(paths: paths) }
    func take(_ value: T) { storage.log.record("take(_:)", recordable(value)) }
    func takeCall(_ value: Matcher<T>) -> MockCall<T, Void> {
      MockCall(storage: storage, identifier: "take(_:)", matchers: value)
    }
    func answer(_ value: T) -> Int {
      storage.log.record("answer(_:)", recordable(value))
      return storage.answer("answer(_:)", arguments: value, values: [value]) as Int
    }
    func answerCall(_ value: Matcher<T>) -> MockCall<T, Int> {
      MockCall(storage: storage, identifier: "answer(_:)", matchers: value)
    }
  }

  /// ``ErasedSpec/typedHandle``'s check for one spec.
  static func typedHandleDisagreements<T>(_ spec: Spec<T>, _ values: [Any?], padding: Int, cast: (Any?) -> T) -> [String] {
    let typed = values.map(cast)
    let reference = values.filter(spec.reference).count
    var found: [String] = []
    for paths in [_MatchingPaths.automatic, .compiledOnly] {
      let taker = TypedTaker<T>(paths: paths)
      for _ in 0..<padding { taker.recordCall(withIdentifier: "pad") }
      for value in typed { taker.take(value) }
      let before = spec.captors.map { $0() }
      let passed = issueMessages { verify(taker.takeCall(spec.matcher), .times(reference)) }.isEmpty
      if !passed { found.append("verify through a typed handle (\(paths)) fails at the reference's count \(reference)") }
      if issueMessages({ verify(taker.takeCall(spec.matcher), .times(reference + 1)) }).isEmpty {
        found.append("verify through a typed handle (\(paths)) passes at \(reference + 1)")
      }
      for (index, captor) in spec.captors.enumerated() where captor() - before[index] != (passed ? reference : 0) {
        found.append("captor \(index + 1) of a typed handle (\(paths)) took \(captor() - before[index]), the reference \(reference)")
      }
      when(taker.answerCall(spec.matcher)).thenReturn(1)
      let answered = typed.map(taker.answer).reduce(0, +)
      if answered != reference { found.append("a typed handle's stub (\(paths)) answers \(answered), the reference \(reference)") }
    }
    return found
  }

  static func erase<T>(_ spec: Spec<T>) -> (element: Any, spec: ErasedSpec) {
    let isOfItsType: (Any?) -> Bool
    let cast: (Any?) -> T
    switch T.self {
    case is Int?.Type:
      isOfItsType = { Reference.flat($0) == nil || Reference.exactly($0, Int.self) != nil }
      cast = { (Reference.flat($0) as! Int?) as! T }
    case is Any?.Type:
      isOfItsType = { _ in true }
      cast = { $0 as! T }
    default:
      isOfItsType = { Reference.exactly($0, T.self) != nil }
      cast = { Reference.flat($0) as! T }
    }
    return (spec.matcher, ErasedSpec(
      reference: spec.reference, captors: spec.captors, captorsTake: spec.captorsTake, description: spec.matcher.description,
      core: spec.matcher.handleMatcher, isOfItsType: isOfItsType,
      typedHandle: { typedHandleDisagreements(spec, $0, padding: $1, cast: cast) },
      typedStorage: { values, padding in
        let taker = TypedTaker<T>(paths: .automatic)
        for _ in 0..<padding { taker.recordCall(withIdentifier: "pad") }
        for value in values { taker.take(cast(value)) }
        return taker.storage
      }))
  }

  /// How often each evaluator answered, by family: an evaluator that may decline must answer in
  /// every family where it can.
  final class Answered: Sendable {
    let counts = Mutex<[String: Int]>([:])
    func note(_ evaluator: String, _ family: String) { counts.withLock { $0["\(evaluator) / \(family)", default: 0] += 1 } }
    func count(_ evaluator: String, _ family: String) -> Int { counts.withLock { $0["\(evaluator) / \(family)"] ?? 0 } }
  }

  /// One trial: a tree, a few recorded values, every evaluator against the reference.
  static func trial(seed: UInt64, answered: Answered) -> [String] {
    var random = SeededGenerator(seed: seed)
    let families = Self.families
    let (family, draw) = families[Int.random(in: 0..<families.count, using: &random)]
    let (element, spec) = draw(&random)
    let picked = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.values[Int.random(in: 0..<Self.values.count, using: &random)] }
    let padding = Bool.random(using: &random) ? CallLog._quickCallLimit + 1 : 0
    let writesBytesFirst = Bool.random(using: &random)
    return check(
      "seed \(seed)", family: family, element: element, spec: spec, recorded: picked.map { $0() }, padding: padding,
      writesBytesFirst: writesBytesFirst, answered: answered)
  }

  /// Every evaluator on one matcher and these recorded values, after `padding` other calls; the
  /// disagreements with the reference as lines headed `label`.
  static func check(
    _ label: String, family: String, element: Any, spec: ErasedSpec,
    recorded: [(value: Any?, changeAfterCall: @Sendable () -> Void)], padding: Int, writesBytesFirst: Bool,
    answered: Answered
  ) -> [String] {
    let seed = label
    var found: [String] = []
    func expect(_ evaluator: String, _ answer: Int, _ reference: Int) {
      if answer != reference {
        found.append(
          "\(seed): \(family) \(spec.description): \(evaluator) gives \(answer), the reference \(reference)"
            + " | recorded: \(recorded.map { String(reflecting: $0.value as Any) })")
      }
    }
    let taker = PathTaker(paths: .automatic)
    for _ in 0..<padding { taker.pad() }
    for (value, _) in recorded { taker.take(value) }
    for (_, change) in recorded { change() }
    let values: [Any?] = recorded.map { $0.value }
    let reference = values.filter(spec.reference).count
    let matcher = element as! any _CompilableMatcher

    // The message path and the verdict.
    expect("matches(any:)", values.filter { matcher.matches(any: $0).isMatch }.count, reference)
    expect("verdictOnAny", values.filter { matcher.verdictOnAny($0) }.count, reference)
    // The engine.
    let expected = ExpectedCall(identifier: "take", arguments: .actual([element]))
    expect("the engine", taker.storage.log.count(matching: expected.pattern), reference)
    // The small-log loop, where it takes these matchers (it declines on a large log, and for
    // matchers it leaves to the engine).
    let matchers = _HandleMatchers(spec.core, count: 1)
    func smallLogLoop(_ storage: MockStorage, typeIsExact: Bool) -> Int? {
      guard let tested = matchers.quickPlan(typeIsExact: typeIsExact) else { return nil }
      var counted: Int? = nil
      _ = storage.quickCountAndMark(typeIsExact ? "take(_:)" : "take", matchers, tested: tested) { count, _ in
        counted = count
        return false
      }
      return counted
    }
    if let counted = smallLogLoop(taker.storage, typeIsExact: false) {
      answered.note("small-log loop", family)
      expect("the small-log loop", counted, reference)
    }
    // Stubs: the compiled call.
    expect("a compiled stub", values.filter { expected.matches(values: [$0], log: taker.storage.log) }.count, reference)
    // A typed handle (`@Mock`'s), whose member records values of exactly the matcher's type: the
    // engine with the type known, the small-log loop, and a stub's kept matchers.
    let typedValues = values.filter(spec.isOfItsType)
    let typedReference = typedValues.filter(spec.reference).count
    let typed = spec.typedStorage(typedValues, padding)
    // Whatever ran before: in half the trials an equality was asked first, so the log wrote its
    // deferred arguments' bytes, and the engine's built-in tests run on them.
    if writesBytesFirst {
      _ = typed.log.count(matching: CallPattern("take(_:)", arguments: .exactly([.equal(Structure(encoding: 12345))])))
    }
    let typedCall = matchers.compiled(identifier: "take(_:)")
    expect("the engine, typed", typed.log.count(matching: typedCall.pattern), typedReference)
    if let counted = smallLogLoop(typed, typeIsExact: true) {
      answered.note("small-log loop, typed", family)
      expect("the small-log loop, typed", counted, typedReference)
    }
    expect("a compiled stub, typed", typedValues.filter { typedCall.matches(values: [$0], log: typed.log) }.count, typedReference)
    let kept = _StubCall(.matchers("take", matchers), resultType: nil)
    if kept.matchers != nil {
      answered.note("a stub's kept matchers", family)
      expect("a stub's kept matchers", typedValues.filter { kept.matches(values: [$0], log: typed.log) }.count, typedReference)
    }
    for line in spec.typedHandle(typedValues, padding) {
      found.append("\(seed): \(family) \(spec.description): \(line) | recorded: \(typedValues.map { String(reflecting: $0 as Any) })")
    }
    // InOrder's search.
    var inOrder = 0
    var after: UInt64 = 0
    while let next = taker.storage.log.firstMatch(matching: expected.pattern, afterSequence: after) {
      inOrder += 1
      after = next.sequence
    }
    expect("InOrder's search", inOrder, reference)
    // The public verification, each way: passing at the reference's count, failing above it; the
    // captors take the values of the calls it accepted.
    for paths in [_MatchingPaths.automatic, .compiledOnly] {
      let taker = PathTaker(paths: paths)
      for _ in 0..<padding { taker.pad() }
      for value in values { taker.take(value) }
      let before = spec.captors.map { $0() }
      let issues = issueMessages { taker.verifyCall(withIdentifier: "take", arguments: [element], mode: .times(reference)) }
      // A captor that cannot take an accepted value fails the verification, says so, and takes
      // nothing.
      let passed = issues.isEmpty
      let captorsTakeAll = values.filter(spec.reference).allSatisfy(spec.captorsTake)
      if passed != captorsTakeAll || !issues.allSatisfy({ $0.contains(" cannot capture argument 1 of take: it is ") }) {
        found.append(
          "\(seed): \(family) \(spec.description): verifyCall (\(paths)) at the reference's count \(reference) "
            + "(its captors take every accepted value: \(captorsTakeAll)): \(issues) | recorded: \(values.map { String(reflecting: $0 as Any) })")
      }
      if issueMessages({ taker.verifyCall(withIdentifier: "take", arguments: [element], mode: .times(reference + 1)) }).isEmpty {
        found.append("\(seed): \(family) \(spec.description): verifyCall (\(paths)) passes at \(reference + 1)")
      }
      for (index, captor) in spec.captors.enumerated() {
        expect("captor \(index + 1) (\(paths))", captor() - before[index], passed ? reference : 0)
      }
      // A stub through the same list answers a call being made now by the same rule.
      taker.stub(withIdentifier: "answer", arguments: [element], returning: 1)
      expect("a stub (\(paths))", values.map(taker.answer).reduce(0, +), reference)
    }
    return found
  }

  /// The seeds CI runs; `VERITY_DIFFERENTIAL_SEEDS=N` runs more.
  static var seeds: Range<UInt64> {
    let count = ProcessInfo.processInfo.environment["VERITY_DIFFERENTIAL_SEEDS"].flatMap(UInt64.init) ?? 1500
    return 0..<count
  }

  /// Every leaf of every family, alone and negated, on every value at once: each built-in meets
  /// each kind of value in every evaluator, with the log's bytes written first or not.
  @Test func everyLeafOnEveryValue() {
    let answered = Answered()
    var found: [String] = []
    func leaves<T>(_ family: String, _ makers: [() -> Spec<T>]) {
      for (index, make) in makers.enumerated() {
        for negated in [false, true] {
          for writesBytesFirst in [false, true] {
            let leaf = make()
            let (element, spec) = Self.erase(negated ? !leaf : leaf)
            found += Self.check(
              "leaf \(index)\(negated ? " negated" : "")\(writesBytesFirst ? ", bytes written first" : "")",
              family: family, element: element, spec: spec, recorded: Self.values.map { $0() }, padding: 0,
              writesBytesFirst: writesBytesFirst, answered: answered)
          }
        }
      }
    }
    leaves("Int", ReferenceFamilies.int)
    leaves("Double", ReferenceFamilies.double)
    leaves("String", ReferenceFamilies.string)
    leaves("Bool", ReferenceFamilies.bool)
    leaves("Int?", ReferenceFamilies.optionalInt)
    leaves("Any?", ReferenceFamilies.anything)
    leaves("[Int]", ReferenceFamilies.ints)
    leaves("Point", ReferenceFamilies.points)
    leaves("Box", ReferenceFamilies.boxes)
    leaves("Counter", ReferenceFamilies.counters)
    #expect(found == [], "\(found.count) disagreements:\n\(found.prefix(20).joined(separator: "\n"))")
  }

  @Test func everyEvaluatorGivesTheReferencesAnswer() {
    let answered = Answered()
    var found: [String] = []
    for seed in Self.seeds { found += Self.trial(seed: seed, answered: answered) }
    // One line per kind of disagreement (the family, the tree and the evaluator), with its first seed.
    var kinds: [String: String] = [:]
    for line in found {
      let kind = line.split(separator: ":", maxSplits: 1).last.map(String.init) ?? line
      let key = String(kind.prefix(while: { $0 != "," }))
      if kinds[key] == nil { kinds[key] = line }
    }
    #expect(found == [], "\(found.count) disagreements, \(kinds.count) kinds:\n\(kinds.values.sorted().prefix(40).joined(separator: "\n"))")
    // The evaluators that may decline answered in each family where they take some matcher.
    for family in ["Int", "Double", "String", "Bool", "Int?", "Any?", "[Int]", "Point", "Box", "Counter"] {
      #expect(answered.count("small-log loop", family) > 0, "the small-log loop never answered for \(family)")
      #expect(answered.count("small-log loop, typed", family) > 0, "the typed small-log loop never answered for \(family)")
      #expect(answered.count("a stub's kept matchers", family) > 0, "a stub's kept matchers never answered for \(family)")
    }
  }
}
