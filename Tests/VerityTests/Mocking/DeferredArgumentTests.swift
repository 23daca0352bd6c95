import Foundation
import Testing
@testable import Verity
@testable import VerityCore

/// A call log that keeps values writes a pure value (a plain struct or enum of scalars, strings,
/// optionals and arrays) only when a query needs its bytes. These tests record the same calls into
/// a log that defers and one that writes every argument at once, and check that every kind of
/// query answers the same in both, before and after the deferred arguments are written.
@Suite struct DeferredArgumentTests {
  struct Line: Equatable, Sendable {
    var sku: String
    var quantity: Int
    var price: Double
    var tags: [String]
    var note: String?
  }

  enum Shape: Equatable, Sendable {
    case circle(Double)
    case rect(width: Int, height: Int)
    case none
  }

  struct Parcel: Equatable, Sendable {
    var line: Line
    var shape: Shape
    var lines: [Line]
  }

  final class Box: @unchecked Sendable {
    var count: Int
    init(_ count: Int) { self.count = count }
  }

  static let lines = [
    Line(sku: "A-1", quantity: 2, price: 9.5, tags: ["x"], note: nil),
    Line(sku: "B-2", quantity: 1, price: -0.0, tags: [], note: "gift"),
    Line(sku: "é", quantity: 3, price: .nan, tags: ["e\u{301}"], note: "e\u{301}"),
  ]
  static let parcels = [
    Parcel(line: lines[0], shape: .circle(2), lines: [lines[1]]),
    Parcel(line: lines[1], shape: .rect(width: 3, height: 4), lines: []),
    Parcel(line: lines[0], shape: .none, lines: lines),
  ]

  /// The same calls, recorded through both forms a mock uses: a generated mock's typed record with
  /// argument wrappers, and a hand-written mock's `[Any?]`.
  static func record(into log: CallLog, box: Box) {
    // A type's layout is learned from its first value and checked against Mirror (maybe on another
    // test's thread): only then can values of the type be deferred.
    for value in lines { #expect(_TypeLayout._learnForTesting(value)) }
    for value in parcels { #expect(_TypeLayout._learnForTesting(value)) }
    for value in [Shape.circle(1), .rect(width: 1, height: 1), .none] { #expect(_TypeLayout._learnForTesting(value)) }
    for (index, line) in lines.enumerated() {
      log.record("add(_:count:)", recordable(line), recordable(index))
      log.record("ship(_:box:)", arguments: [parcels[index], box])
      log.record("shape(_:)", recordable(parcels[index].shape))
    }
    log.record("add(_:count:)", arguments: [lines[1], 7])
    log.record("note(_:)", recordable(Optional(lines[0])))
  }

  /// The patterns the queries are asked with: equalities (which need the bytes), `any()`, a
  /// structure predicate and a value predicate (which need the kept value only).
  static let patterns: [CallPattern] = {
    var patterns: [CallPattern] = []
    for line in lines + [Line(sku: "none", quantity: 0, price: 0, tags: [], note: nil)] {
      patterns.append(CallPattern("add(_:count:)", arguments: .exactly([.equal(Structure(encoding: line)), .any])))
    }
    patterns.append(CallPattern("add(_:count:)", arguments: .exactly([.any, .equal(Structure(7))])))
    patterns.append(CallPattern("add(_:count:)", arguments: .exactly([.predicate({ $0.structure.description.contains("gift") }), .any])))
    patterns.append(CallPattern("add(_:count:)", arguments: .exactly([.valuePredicate({ ($0 as? Line)?.quantity == 2 }), .any])))
    patterns.append(CallPattern("add(_:count:)"))
    for parcel in parcels {
      patterns.append(CallPattern("ship(_:box:)", arguments: .exactly([.equal(Structure(encoding: parcel)), .any])))
    }
    patterns.append(CallPattern("shape(_:)", arguments: .exactly([.equal(Structure(encoding: Shape.none))])))
    patterns.append(CallPattern("shape(_:)", arguments: .exactly([.valuePredicate({ ($0 as? Shape) == .rect(width: 3, height: 4) })])))
    patterns.append(CallPattern("note(_:)", arguments: .exactly([.equal(Structure(encoding: lines[0]))])))
    return patterns
  }()

  /// A call as both logs must agree on it (the sequence numbers differ between two logs).
  static func comparable(_ call: RecordedCall?) -> String {
    guard let call else { return "nil" }
    return "\(call.index) \(call.method) \(call.arguments.map(\.description)) \(call.isVerified)"
  }

  @Test func everyQueryAnswersAsWhenEveryArgumentIsWrittenAtOnce() {
    let box = Box(1)
    let deferring = CallLog()
    let eager = CallLog(keepsValues: true, defersPureValues: false)
    Self.record(into: deferring, box: box)
    Self.record(into: eager, box: box)
    #expect(deferring._callsWithDeferredArguments > 0)
    #expect(eager._callsWithDeferredArguments == 0)
    #expect(deferring.count == eager.count)

    // Marks made before the arguments are written (a value predicate and `any()` read no bytes)
    // survive the writing.
    let byValue = CallPattern("add(_:count:)", arguments: .exactly([.valuePredicate({ ($0 as? Line)?.quantity == 2 }), .any]))
    #expect(deferring.markVerified(matching: byValue) == eager.markVerified(matching: byValue))
    #expect(deferring.markVerified(matching: CallPattern("shape(_:)", arguments: .exactly([.any]))) == 3)
    _ = eager.markVerified(matching: CallPattern("shape(_:)", arguments: .exactly([.any])))
    #expect(deferring._callsWithDeferredArguments > 0)
    #expect(deferring.unverified() == eager.unverified())

    for (number, pattern) in Self.patterns.enumerated() {
      #expect(deferring.count(matching: pattern) == eager.count(matching: pattern), "pattern \(number)")
      #expect(deferring.indices(matching: pattern) == eager.indices(matching: pattern), "pattern \(number)")
      #expect(deferring.firstIndex(matching: pattern) == eager.firstIndex(matching: pattern), "pattern \(number)")
      #expect(
        deferring.nearest(to: pattern).map { "\(Self.comparable($0.call)) \($0.mismatchedArguments)" }
          == eager.nearest(to: pattern).map { "\(Self.comparable($0.call)) \($0.mismatchedArguments)" },
        "pattern \(number)")
      // Compared as text: a line holding a NaN is not `==` to itself.
      #expect(
        "\(deferring.values(of: Line.self, argument: 0, matching: pattern))"
          == "\(eager.values(of: Line.self, argument: 0, matching: pattern))", "pattern \(number)")
    }
    #expect(deferring._callsWithDeferredArguments == 0)
    for index in 0..<eager.count {
      #expect(Self.comparable(deferring.call(at: index)) == Self.comparable(eager.call(at: index)))
      #expect(deferring.call(at: index)?.arguments == eager.call(at: index)?.arguments)
    }
    #expect(deferring.unverified() == eager.unverified())
    #expect(deferring.recordedMethods.map(\.method) == eager.recordedMethods.map(\.method))
    #expect(deferring.recordedMethods.map(\.count) == eager.recordedMethods.map(\.count))
    // Sequence numbers keep their order through the writing.
    let sequences = (0..<deferring.count).compactMap { deferring.call(at: $0)?.sequence }
    #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
  }

  /// A verification that needs no bytes leaves the arguments deferred; the first that does writes
  /// them, and the log writes later calls' arguments at once.
  @Test func onlyQueriesThatReadBytesWriteTheDeferredArguments() {
    let log = CallLog()
    #expect(_TypeLayout._learnForTesting(Self.lines[0]))
    log.record("add(_:count:)", recordable(Self.lines[0]), recordable(1))
    log.record("add(_:count:)", recordable(Self.lines[1]), recordable(2))
    #expect(log._callsWithDeferredArguments == 2)
    #expect(log.count(matching: CallPattern("add(_:count:)", arguments: .exactly([.any, .equal(Structure(2))]))) == 1)
    #expect(log.count(matching: CallPattern("add(_:count:)", arguments: .exactly([.valuePredicate({ $0 is Line }), .any]))) == 2)
    #expect(log.unverifiedCount() == 2)
    #expect(log._callsWithDeferredArguments == 2)
    #expect(log.count(matching: CallPattern("add(_:count:)", arguments: .exactly([.equal(Structure(encoding: Self.lines[1])), .any]))) == 1)
    #expect(log._callsWithDeferredArguments == 0)
    // A log that needed deferred bytes once writes later arguments at once: a test that asks for
    // bytes between recordings rebuilds its log once, not once per query.
    log.record("add(_:count:)", recordable(Self.lines[1]), recordable(3))
    #expect(log._callsWithDeferredArguments == 0)
    #expect(log.count(matching: CallPattern("add(_:count:)", arguments: .exactly([.equal(Structure(encoding: Self.lines[1])), .any]))) == 2)
    #expect(log.call(at: 2)?.arguments.first == Structure(encoding: Self.lines[1]))
  }

  /// What is deferred: pure values only. A class instance, a struct holding one, an existential
  /// field or a type with a conformance of its own is written at the call (its state then is the
  /// snapshot); a log that keeps no values defers nothing.
  @Test func onlyPureValuesAreDeferred() {
    struct Holder { var box: Box }
    struct Anything { var value: Any }
    let box = Box(1)
    _ = Structure(encoding: Holder(box: box))
    _ = Structure(encoding: Anything(value: 1))
    let log = CallLog()
    log.record("m", recordable(box), recordable(Holder(box: box)), recordable(Anything(value: 1)), recordable(3))
    #expect(log._callsWithDeferredArguments == 0)
    box.count = 2
    #expect(log.call(at: 0)?.arguments[1].description.contains("count: 1") == true)
    let lean = CallLog(keepsValues: false)
    #expect(_TypeLayout._learnForTesting(Self.lines[0]))
    lean.record("m", recordable(Self.lines[0]))
    #expect(lean._callsWithDeferredArguments == 0)
  }

  /// A hand-written mock recording as a generated one does (argument wrappers, then `answer`).
  final class Adder: Mock, Sendable {
    let storage = MockStorage()
    func add(_ line: Line, count: Int) -> Int {
      storage.log.record("add(_:count:)", recordable(line), recordable(count))
      return storage.answer("add(_:count:)", arguments: (line, count), values: [line, count])
    }
    func call(_ line: Matcher<Line>, _ count: Matcher<Int> = any()) -> MockCall<(Line, Int), Int> {
      MockCall(storage: storage, identifier: "add(_:count:)", typedArguments: [line, count])
    }
  }

  /// Through a mock: a stub, `verify`, a failing `verify`, the checks after it and `InOrder` give
  /// the answers they give when every argument is written at once.
  @Test func aMockAnswersAndVerifiesDeferredArgumentsAsBefore() {
    let line = Self.lines[0], other = Self.lines[1]
    #expect(_TypeLayout._learnForTesting(line))
    let mock = Adder()
    when(mock.call(eq(line))).thenReturn(5)
    #expect(mock.add(line, count: 1) == 5)
    #expect(mock.add(other, count: 2) == 0)
    #expect(mock.storage.log._callsWithDeferredArguments == 2)
    verify(mock.call(eq(line)))
    verify(mock.call(!eq(Self.lines[2])), .times(2))
    #expect(mock.storage.log._callsWithDeferredArguments == 2)
    withKnownIssue {
      verify(mock.call(eq(Self.lines[2])))
    } matching: { issue in
      // The message lists the recorded calls, written from their kept values.
      issue.description.contains("\"A-1\"") && issue.description.contains("\"B-2\"")
    }
    // The checks after a failure see the same calls.
    #expect(mock.storage.log._callsWithDeferredArguments == 0)
    verify(mock.call(eq(other), eq(2)))
    let inOrder = InOrder()
    inOrder.verifyCall(on: mock, withIdentifier: "add(_:count:)", arguments: .actual([line, 1]))
    inOrder.verifyCall(on: mock, withIdentifier: "add(_:count:)", arguments: .actual([other, any() as Matcher<Int>]))
    withKnownIssue {
      InOrder().verifyCall(on: mock, withIdentifier: "add(_:count:)", arguments: .actual([Self.lines[2], 1]))
    }
    // After the rebuild the log writes arguments at once; the stub still answers by `==`.
    #expect(mock.add(line, count: 3) == 5)
    #expect(mock.storage.log._callsWithDeferredArguments == 0)
    verify(mock.call(eq(line), eq(3)))
    mock.verifyNoMoreInteractions()
  }
}

extension _TypeLayout {
  /// Writes `value` until its type's layout is learned and checked against `Mirror` (the check of a
  /// type's first value may be running on another thread), and returns whether the layout is
  /// trusted (false for a type `Mirror` writes, or a layout the check rejected).
  static func _learnForTesting(_ value: Any) -> Bool {
    for _ in 0..<10_000 {
      _ = Structure(encoding: value)
      guard let layout = learned(type(of: value)) else { continue }
      switch layout.state.load(ordering: .acquiring) {
      case checked: return true
      case rejected: return false
      default: continue
      }
    }
    return false
  }
}
