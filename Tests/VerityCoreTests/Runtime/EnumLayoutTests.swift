import Foundation
import Testing

@testable import VerityCore

// Enums with payloads, every kind the learned layouts take, and the ones they leave to `Mirror`.
private struct Spot { var x: Double; var y: Double }
private enum Single { case none, value(String) }
private enum Multi { case text(String), number(Int), real(Double), flag(Bool), list([Int]) }
private enum Labelled { case point(x: Double, y: Double), named(name: String, Int), both(a: String, b: String?) }
private enum Mixed { case idle, running(Int), paused, failed(reason: String, code: Int), done }
private enum Generic<T> { case nothing, one(T), two(T, label: T) }
extension Generic: Sendable where T: Sendable {}
private enum Large {
  case small(Int8)
  case wide(Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, String, String, Double, Double)
  case block(Spot, Spot, Spot, Spot)
}
private enum EmptyPayloads { case nothing(()), unit(Void), pair((), ()), bare }
private enum Nested { case inner(Multi), maybe(Mixed?), spot(Spot), spots([Spot]) }
private enum Packed { case a(Int8), b(UInt8), c(Bool) }
private struct Model {
  var id: Int
  var state: Mixed
  var last: Multi?
  var history: [Labelled]
  var nested: Nested
  var generic: Generic<String>
}
/// A payload the dynamic path writes through a frame: a dictionary of plain values.
private enum Boxed { case table([String: Spot]), count(Int) }
/// A payload that is a tuple holding a dictionary: its elements are boxed.
private enum BoxedTuple { case pair([String: Spot], label: String), none }
/// An enum inside itself through an array.
private enum Tree { case leaf(Int), node(String, [Tree]) }

private final class Holder { var value = 1 }
private protocol Shape {}
extension Spot: Shape {}
private enum WithObject { case object(Holder), none }
private enum WithOptionalObject { case object(Holder?), none }
private enum WithExistential { case shape(any Shape), none }
private enum WithTupleObject { case pair(Int, Holder) }
private indirect enum List { case end, cell(Int, List) }
private enum PartlyIndirect { case leaf(Int); indirect case wrap(PartlyIndirect) }
private struct TupleMirror: CustomReflectable {
  var value: Int
  var customMirror: Mirror { Mirror(self, children: [("a", value), ("b", value)], displayStyle: .tuple) }
}
private enum WithCustomMirror { case custom(TupleMirror), none }
/// A payload struct with a weak field: the struct has no layout, so the payload is boxed.
private struct WeakBox { weak var owner: Holder? }
private enum WithWeakStruct { case box(WeakBox, label: Int), none }
/// A payload of function type: boxed, written as `Mirror`'s child would be.
private enum WithFunction { case callback(@Sendable () -> Void), none }
private enum Describing: CustomStringConvertible {
  case a(Int), b
  var description: String { "described" }
}
/// A type used by one test only: its cases' first values are written by several threads at once.
private enum RacedCases { case a(Int), b(String), c(Double, Int), d }
/// A type used by one test only: cases whose payloads are empty, which the descriptor counts as
/// cases with no payload.
private enum OnlyEmptyPayloads { case first(()), second((), ()), plain }
/// A type used by one test only: its cases' states are watched.
private enum Watched { case a(Int8), b(UInt8), c(Bool) }
/// A type used by one test only: its layout is replaced by a broken one.
private enum Broken { case first(Int), second(String) }

/// Issue 37: enums with payloads take the learned path, and write `Mirror`'s bytes.
@Suite struct EnumLayoutTests {
  func dynamic(_ value: Any) -> [UInt8] {
    var encoder = StructureEncoder()
    encoder.encode(any: value)
    return encoder.writtenBytes
  }

  func mirrored(_ value: Any) -> [UInt8] {
    var encoder = StructureEncoder()
    var frames: [_DynamicFrame] = []
    encoder._emitMirror(value, into: &frames)
    encoder._drain(&frames)
    return encoder.writtenBytes
  }

  static let long = "a string that is longer than fifteen bytes"

  /// Every value, by the layout (twice: the first value of its case is checked, the second is
  /// written by the checked layout) and by `Mirror`: the same bytes.
  @Test(arguments: [
    ("single payload", Single.value(long)), ("single payload, empty case", Single.none),
    ("single payload, empty string", Single.value("")),
    ("multi payload text", Multi.text(long)), ("multi payload number", Multi.number(-3)),
    ("multi payload real", Multi.real(-0.0)), ("multi payload flag", Multi.flag(true)),
    ("multi payload list", Multi.list([1, 2, 3])), ("multi payload empty list", Multi.list([])),
    ("labeled tuple", Labelled.point(x: 1, y: .nan)), ("partly labeled tuple", Labelled.named(name: "n", 4)),
    ("labeled with optional", Labelled.both(a: "a", b: nil)), ("labeled with optional set", Labelled.both(a: "", b: long)),
    ("mixed idle", Mixed.idle), ("mixed running", Mixed.running(Int.min)), ("mixed paused", Mixed.paused),
    ("mixed failed", Mixed.failed(reason: long, code: 7)), ("mixed done", Mixed.done),
    ("generic nothing", Generic<Int>.nothing), ("generic one", Generic<Int>.one(1)),
    ("generic two", Generic<String>.two("a", label: long)), ("generic of a struct", Generic<Spot>.one(Spot(x: 1, y: 2))),
    ("generic of a tuple", Generic<(Int, s: String)>.two((1, s: "a"), label: (2, s: "b"))),
    ("generic of an enum", Generic<Multi>.one(.text("t"))), ("generic of optionals", Generic<Int?>.two(nil, label: 3)),
    ("large small", Large.small(-1)),
    ("large wide", Large.wide(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, long, "s", 1.5, -2.5)),
    ("large block", Large.block(Spot(x: 1, y: 2), Spot(x: 3, y: 4), Spot(x: 5, y: 6), Spot(x: 7, y: 8))),
    ("empty payload tuple", EmptyPayloads.nothing(())), ("void payload", EmptyPayloads.unit(())),
    ("tuple of empty tuples", EmptyPayloads.pair((), ())), ("bare beside empty payloads", EmptyPayloads.bare),
    ("nested enum", Nested.inner(.real(2))), ("optional enum payload", Nested.maybe(.failed(reason: "r", code: 1))),
    ("optional enum payload nil", Nested.maybe(nil)), ("struct payload", Nested.spot(Spot(x: 0, y: -1))),
    ("array payload", Nested.spots([Spot(x: 1, y: 1)])),
    ("packed a", Packed.a(-8)), ("packed b", Packed.b(255)), ("packed c", Packed.c(false)),
    ("boxed payload", Boxed.table(["b": Spot(x: 2, y: 2), "a": Spot(x: 1, y: 1)])), ("boxed payload, other case", Boxed.count(3)),
    ("boxed tuple", BoxedTuple.pair(["s": Spot(x: 1, y: 2)], label: "l")), ("boxed tuple, other case", BoxedTuple.none),
    ("tree", Tree.node("root", [.leaf(1), .node("inner", [.leaf(2)])])), ("tree leaf", Tree.leaf(0)),
    ("describing itself", Describing.a(1)), ("describing itself, empty case", Describing.b),
  ] as [(String, any Sendable)])
  func enumsWithPayloadsWriteWhatMirrorWrites(name: String, value: any Sendable) {
    #expect(dynamic(value) == mirrored(value), "\(name)")
    #expect(dynamic(value) == mirrored(value), "\(name), second value")
    var byReflection = StructureEncoder()
    byReflection._encodeByReflection(value)
    #expect(byReflection.writtenBytes == mirrored(value), "\(name), by reflection")
  }

  /// Enums in structs, optionals of enums and arrays of enums, written directly from memory.
  @Test func enumsInsideValuesWriteWhatMirrorWrites() throws {
    let models = [
      Model(
        id: 1, state: .failed(reason: "r", code: 2), last: .list([1]), history: [.point(x: 1, y: 2), .both(a: "a", b: nil)],
        nested: .maybe(.running(3)), generic: .two("x", label: "y")),
      Model(id: 2, state: .idle, last: nil, history: [], nested: .inner(.flag(false)), generic: .nothing),
      Model(
        id: 3, state: .running(-1), last: .text(Self.long), history: [.named(name: "", 0)], nested: .spot(Spot(x: 1, y: 1)),
        generic: .one("one")),
    ]
    for model in models {
      #expect(dynamic(model) == mirrored(model))
      #expect(dynamic(model) == mirrored(model))
      #expect(dynamic([model, model]) == mirrored([model, model]))
      let optional: Mixed? = model.state
      #expect(dynamic(optional as Any) == mirrored(model.state))
    }
    let layout = try #require(_TypeLayout.of(Model.self))
    #expect(layout.isDirect)
    #expect(layout.state.load(ordering: .acquiring) == _TypeLayout.checked)
  }

  /// Enums with payloads have a layout: their cases in the witnesses' order (payload cases
  /// first), each payload a tuple's fields or one field, directly written when they can be.
  @Test func enumsWithPayloadsHaveALayout() throws {
    let mixed = try #require(_TypeLayout.of(Mixed.self))
    #expect(mixed.cases?.map(\.name) == ["running", "failed", "idle", "paused", "done"])
    #expect(mixed.cases?.map(\.hasPayload) == [true, true, false, false, false])
    #expect(mixed.cases?[1].tuple?.fields.map(\.label) == ["reason", "code"])
    #expect(mixed.cases?[0].single?.kind == .int)
    #expect(mixed.isDirect && mixed.fields.isEmpty && mixed.caseNamer == nil)
    #expect(mixed.typeName == _TypeNames.qualified(Mixed.self))
    #expect(try #require(_TypeLayout.of(Generic<Spot>.self)).isDirect)
    #expect(try #require(_TypeLayout.of(Boxed.self)).isDirect == false)
    #expect(try #require(_TypeLayout.of(BoxedTuple.self)).isDirect == false)
    #expect(try #require(_TypeLayout.of(Tree.self)).isDirect == false)
    #expect(try #require(_TypeLayout.of(Large.self)).cases?.count == 3)
    #expect(try #require(_TypeLayout.of(EmptyPayloads.self)).cases?.first?.tuple?.fields.isEmpty == true)
  }

  /// An enum whose only payloads are empty is not written by its case names alone: `Mirror`
  /// shows its payloads (the first value's case, with no field, agreed with a name alone).
  @Test func emptyPayloadsAreNotCaseNamesAlone() throws {
    #expect(_EnumCases.payloadCases(of: OnlyEmptyPayloads.self) == 0)
    let layout = try #require(_TypeLayout.of(OnlyEmptyPayloads.self))
    #expect(layout.caseNamer == nil)
    #expect(layout.cases?.map(\.name) == ["first", "second", "plain"])
    for value in [OnlyEmptyPayloads.first(()), .second((), ()), .plain, .second((), ())] {
      #expect(dynamic(value) == mirrored(value))
      #expect(dynamic(Generic.one(value)) == mirrored(Generic.one(value)))
    }
  }

  /// Each case's first value is checked against `Mirror`, once.
  @Test func eachCaseIsCheckedOnItsFirstValue() throws {
    let layout = try #require(_TypeLayout.of(Watched.self))
    let states = { layout.cases?.map { $0.state.load(ordering: .acquiring) } }
    _ = dynamic(Watched.b(1))
    #expect(layout.state.load(ordering: .acquiring) == _TypeLayout.checked)
    #expect(states() == [_TypeLayout.unchecked, _TypeLayout.checked, _TypeLayout.unchecked])
    _ = dynamic([Watched.a(1), Watched.c(true)])
    #expect(states() == [_TypeLayout.checked, _TypeLayout.checked, _TypeLayout.checked])
  }

  /// Payloads that may hide a reference (a class, an existential, an optional of one, inside a
  /// tuple too), a payload with a custom mirror, and indirect cases send the enum to `Mirror`.
  @Test func enumsTheLayoutsCannotReadGoToMirror() {
    #expect(_TypeLayout.of(WithObject.self) == nil)
    #expect(_TypeLayout.of(WithOptionalObject.self) == nil)
    #expect(_TypeLayout.of(WithExistential.self) == nil)
    #expect(_TypeLayout.of(WithTupleObject.self) == nil)
    #expect(_TypeLayout.of(List.self) == nil)
    #expect(_TypeLayout.of(PartlyIndirect.self) == nil)
    #expect(_TypeLayout.of(WithCustomMirror.self) == nil)
    #expect(_TypeLayout.of(Result<Int, any Error>.self) == nil)
    let holder = Holder()
    let values: [Any] = [
      WithObject.object(holder), WithOptionalObject.object(nil), WithExistential.shape(Spot(x: 1, y: 2)),
      WithTupleObject.pair(1, holder), List.cell(1, .cell(2, .end)), PartlyIndirect.wrap(.leaf(1)),
      WithCustomMirror.custom(TupleMirror(value: 3)), Result<Int, any Error>.success(1),
    ]
    for value in values { #expect(dynamic(value) == mirrored(value)) }
    withExtendedLifetime(holder) {}
  }

  /// A payload with no layout of its own (a function, a struct with a weak field) keeps its enum on
  /// its layout: the payload is boxed from memory and written by the dynamic path.
  @Test func payloadsWithoutALayoutAreBoxed() throws {
    let holder = Holder()
    // Where weak storage is not bitwise takable (its enum's witnesses say so), the enum is never
    // copied byte by byte: `Mirror` writes it.
    if _EnumPayloads.witnessesAvailable(WithWeakStruct.self) {
      #expect(try #require(_TypeLayout.of(WithWeakStruct.self)).isDirect == false)
    } else {
      #expect(_TypeLayout.of(WithWeakStruct.self) == nil)
    }
    #expect(try #require(_TypeLayout.of(WithFunction.self)).isDirect == false)
    let values: [Any] = [
      WithWeakStruct.box(WeakBox(owner: holder), label: 1), WithWeakStruct.box(WeakBox(owner: nil), label: 2),
      WithWeakStruct.none, WithFunction.callback({}), WithFunction.none,
    ]
    for value in values {
      #expect(dynamic(value) == mirrored(value))
      #expect(dynamic(value) == mirrored(value))
    }
    withExtendedLifetime(holder) {}
  }

  /// Threads that meet a case's first values at once agree: one checks, the others write by
  /// `Mirror` until the answer.
  @Test func concurrentFirstValuesOfCasesWriteMirrorsBytes() throws {
    let values: [RacedCases] = (0..<64).map {
      switch $0 % 4 {
      case 0: .a($0)
      case 1: .b("b\($0)")
      case 2: .c(Double($0), $0)
      default: .d
      }
    }
    let expected = values.map { mirrored($0) }
    let written = _Lock([[UInt8]](repeating: [], count: values.count))
    DispatchQueue.concurrentPerform(iterations: values.count) { index in
      let bytes = dynamic(values[index])
      written._withLock { $0[index] = bytes }
    }
    #expect(written._withLock { $0 } == expected)
    let layout = try #require(_TypeLayout.of(RacedCases.self))
    #expect(layout.cases?.allSatisfy { $0.state.load(ordering: .acquiring) == _TypeLayout.checked } == true)
  }

  /// A layout whose case disagrees with `Mirror` is rejected, on the type's first value or on the
  /// first value of another case, and values of its type are then written by `Mirror`.
  @Test func anEnumLayoutThatDisagreesWithMirrorIsRejected() throws {
    let learned = try #require(_TypeLayout.of(Broken.self))
    let cases = try #require(learned.cases)
    // The second case's name wrong: what a misread field record would give.
    let misnamed = _TypeLayout(
      tag: learned.tag, typeName: learned.typeName, fields: [], isDirect: true, depth: learned.depth,
      boxer: learned.boxer,
      cases: [cases[0], _EnumCaseLayout(name: "wrong", single: cases[1].single, boxer: cases[1].boxer)],
      enumAt: learned.enumAt)
    var encoder = StructureEncoder()
    // The first value, of the right case, agrees.
    let agreed = encoder._checkLayout(misnamed, on: Broken.first(1))
    #expect(agreed)
    #expect(misnamed.cases?[0].state.load(ordering: .acquiring) == _TypeLayout.checked)
    // The first value of the misnamed case disagrees: written by Mirror, and the type rejected.
    let second = Broken.second("s")
    var nested = StructureEncoder()
    withUnsafePointer(to: second) { nested._writeNested(misnamed, at: UnsafeRawPointer($0)) }
    #expect(nested.writtenBytes == mirrored(second))
    #expect(misnamed.cases?[1].state.load(ordering: .acquiring) == _TypeLayout.rejected)
    #expect(misnamed.state.load(ordering: .acquiring) == _TypeLayout.rejected)
    // Every value, of either case, by Mirror from now on.
    var top = StructureEncoder()
    var frames: [_DynamicFrame] = []
    let written = top._emitByLayout(Broken.first(2), misnamed, into: &frames)
    #expect(!written)
    var again = StructureEncoder()
    withUnsafePointer(to: Broken.first(2)) { again._writeNested(misnamed, at: UnsafeRawPointer($0)) }
    #expect(again.writtenBytes == mirrored(Broken.first(2)))
  }
}
