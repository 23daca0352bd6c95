import Foundation
import Testing

@testable import VerityCore

private struct Point { var x: Double; var y: Double }
private struct Line { var sku: String; var quantity: Int; var price: Double; var note: String?; var tags: [String] }
private struct Order { var id: Int; var lines: [Line]; var origin: Point?; var corners: (Point, label: String); var paid: Bool }
private struct Generic<T> { var value: T; var values: [T] }
private struct Empty {}
private enum Status { case open, closed(reason: String) }
private enum Color { case red, green, blue }
private enum Labelled: CustomStringConvertible {
  case plain, fancy
  var description: String { "custom text" }
}
/// Payload-less enums are written directly, by their case names.
private struct Paint { var color: Color; var label: Labelled; var previous: Color?; var history: [Color] }
/// An enum field and a dictionary of plain values: boxed fields, written by the dynamic path.
private struct WithEnum { var status: Status; var byName: [String: Point]; var count: Int }
/// A type inside itself (through an array): never written directly.
private struct Node { var name: String; var children: [Node] }
/// A type used by one test only: its first values are written by several threads at once.
private struct Raced { var id: Int; var name: String; var point: Point; var next: [Raced] }
/// A type inside itself used by one test only: its first value is a deep one.
private struct Chain { var name: String; var next: [Chain] }
private final class Owner { var name = "owner" }
private protocol Named {}
extension Point: Named {}
private struct WithWeak { var id: Int; weak var owner: Owner? }
private struct WithUnowned { var id: Int; unowned var owner: Owner }
private struct WithClass { var owner: Owner }
private struct WithExistential { var named: any Named }
private struct WithOptionalObject { var owner: AnyObject?? }
private struct Mirrored: CustomReflectable {
  var secret: Int
  var customMirror: Mirror { Mirror(self, children: ["shown": secret + 1]) }
}
private struct Cased { var values: [Double]; var text: String; var small: Int8; var when: Date }
/// Containers of scalars are written from memory, except where a conformance writes otherwise.
private struct Containers {
  var bytes: [UInt8]; var smalls: [Int8]; var nested: [[String]]; var maybe: [Double?]; var deep: Int??
  var flags: [Bool]; var points: [Point]?; var set: Set<Int>; var byName: [String: Int]
}
/// A conformance that writes something reflection would not: the dynamic path must use it, even
/// once the type's layout is learned.
private struct Custom: StructurallyEncodable {
  var value: Int
  func encode(to encoder: inout StructureEncoder) { encoder.encode("custom \(value)") }
}

/// Issue 37: field layouts learned once per type, checked against `Mirror` on the first value.
// Serialized: several tests meet the same types' first values, and one that asserts a layout was
// checked after its own first value would otherwise see another test's check still running
// (seen once, under load: one failed expectation in this suite, not reproduced in 11 reruns).
@Suite(.serialized) struct TypeLayoutTests {
  /// The bytes the dynamic path writes (by layout where it can).
  func dynamic(_ value: Any) -> [UInt8] {
    var encoder = StructureEncoder()
    encoder.encode(any: value)
    return encoder.writtenBytes
  }

  /// The bytes `Mirror` writes at the top level (children take the dynamic path).
  func mirrored(_ value: Any) -> [UInt8] {
    var encoder = StructureEncoder()
    var frames: [_DynamicFrame] = []
    encoder._emitMirror(value, into: &frames)
    encoder._drain(&frames)
    return encoder.writtenBytes
  }

  @Test func plainValuesWriteWhatMirrorWrites() {
    let line = Line(sku: "a", quantity: 2, price: 1.5, note: nil, tags: ["x", "caf\u{65}\u{301}"])
    let values: [(String, Any)] = [
      ("point", Point(x: 1, y: -0.0)),
      ("line", line),
      ("order", Order(id: 7, lines: [line, line], origin: Point(x: .nan, y: 2), corners: (Point(x: 0, y: 0), "c"), paid: true)),
      ("order without origin", Order(id: 8, lines: [], origin: nil, corners: (Point(x: 1, y: 1), ""), paid: false)),
      ("generic", Generic(value: Point(x: 1, y: 2), values: [Point(x: 3, y: 4)])),
      ("generic of optionals", Generic<Int?>(value: nil, values: [1, nil])),
      ("empty", Empty()),
      ("tuple", (1, name: "n", Point(x: 1, y: 2))),
      ("enum field", WithEnum(status: .closed(reason: "done"), byName: ["a": Point(x: 1, y: 2)], count: 3)),
      ("recursive", Node(name: "root", children: [Node(name: "leaf", children: [])])),
      ("conformances and widths", Cased(values: [1, 2], text: "t", small: -3, when: Date(timeIntervalSince1970: 5))),
      ("array of plain structs", [Point(x: 1, y: 2), Point(x: 3, y: 4)]),
      ("payload-less enums", Paint(color: .green, label: .fancy, previous: .red, history: [.blue, .red])),
      ("payload-less enum", Color.blue),
      ("containers", Containers(bytes: [1, 2], smalls: [-1], nested: [["a"], []], maybe: [nil, 1.5], deep: .some(nil),
                                flags: [true], points: [Point(x: 1, y: 2)], set: [3, 1], byName: ["b": 2, "a": 1])),
      ("containers without values", Containers(bytes: [], smalls: [], nested: [], maybe: [], deep: 3,
                                               flags: [], points: nil, set: [], byName: [:])),
      ("enum describing itself", Labelled.plain),
    ]
    for (name, value) in values {
      #expect(dynamic(value) == mirrored(value), "\(name)")
      // Again, from the learned (and now checked) layout.
      #expect(dynamic(value) == mirrored(value), "\(name), second value")
    }
  }

  @Test func plainStructsAndTuplesHaveALayoutLearnedOnce() throws {
    let layout = try #require(_TypeLayout.of(Order.self))
    #expect(_TypeLayout.of(Order.self) === layout)
    #expect(layout.isDirect)
    #expect(layout.fields.map(\.label) == ["id", "lines", "origin", "corners", "paid"])
    #expect(layout.typeName == _TypeNames.qualified(Order.self))
    let tuple = try #require(_TypeLayout.of((Int, name: String).self))
    #expect(tuple.fields.map(\.label) == ["", "name"])
    #expect(tuple.typeName == nil)
    _ = dynamic(Order(id: 1, lines: [], origin: nil, corners: (Point(x: 0, y: 0), ""), paid: true))
    #expect(layout.state.load(ordering: .acquiring) == _TypeLayout.checked)
  }

  /// Boxed fields (an enum, a dictionary of plain values, a type inside itself) leave the type
  /// on its layout, written through frames instead of directly.
  @Test func typesWithBoxedFieldsAreNotDirect() throws {
    #expect(try #require(_TypeLayout.of(WithEnum.self)).isDirect == false)
    #expect(try #require(_TypeLayout.of(Node.self)).isDirect == false)
    #expect(try #require(_TypeLayout.of(Point.self)).isDirect)
    #expect(try #require(_TypeLayout.of(Paint.self)).isDirect)
  }

  /// A type inside itself is written through frames, never by recursion: a 10 000-level chain
  /// does not overflow the stack.
  @Test func deepPlainValuesDoNotOverflowTheStack() throws {
    var node = Node(name: "leaf", children: [])
    for index in 0..<10_000 { node = Node(name: "\(index)", children: [node]) }
    let structure = Structure(encoding: node)
    #expect(try structure.nodeTable().count == 30_003)  // per node: the struct, its name, its array
    #expect(dynamic(node) == mirrored(node))
    // Take the chain apart one level at a time: releasing it whole recurses 10 000 levels, more
    // than a test thread's stack holds.
    var rest: Node? = node
    node = Node(name: "", children: [])
    while let level = rest { rest = level.children.first }
  }

  /// The check of a type's first value never nests for the values of that type inside it: a
  /// 10 000-level first value is checked once (it recursed once per level, and overflowed a test
  /// thread's stack, when each inner value started a check of its own).
  @Test func aDeepFirstValueIsCheckedOnce() throws {
    var chain = Chain(name: "end", next: [])
    for index in 0..<10_000 { chain = Chain(name: "\(index)", next: [chain]) }
    let layout = try #require(_TypeLayout.of(Chain.self))
    #expect(layout.state.load(ordering: .acquiring) == _TypeLayout.unchecked)
    #expect(dynamic(chain) == mirrored(chain))
    #expect(layout.state.load(ordering: .acquiring) == _TypeLayout.checked)
    var rest: Chain? = chain
    chain = Chain(name: "", next: [])
    while let level = rest { rest = level.next.first }
  }

  /// Threads that meet a type's first values at once agree: one checks, the others write by
  /// `Mirror` until the answer, and every structure is `Mirror`'s.
  @Test func concurrentFirstValuesWriteMirrorsBytes() {
    let values = (0..<64).map { Raced(id: $0, name: "r\($0)", point: Point(x: 1, y: Double($0)), next: [Raced(id: -1, name: "", point: Point(x: 0, y: 0), next: [])]) }
    let expected = values.map { mirrored($0) }
    let written = _Lock([[UInt8]](repeating: [], count: values.count))
    DispatchQueue.concurrentPerform(iterations: values.count) { index in
      var encoder = StructureEncoder()
      encoder.encode(any: values[index])
      let bytes = encoder.writtenBytes
      written._withLock { $0[index] = bytes }
    }
    #expect(written._withLock { $0 } == expected)
    #expect(_TypeLayout.of(Raced.self)?.state.load(ordering: .acquiring) == _TypeLayout.checked)
  }

  /// A learned layout never replaces a conformance on the dynamic path.
  @Test func aConformanceWinsOverALearnedLayout() throws {
    let layout = try #require(_TypeLayout.of(Custom.self))
    #expect(layout.conforms)
    var expected = StructureEncoder()
    Custom(value: 3).encode(to: &expected)
    #expect(dynamic(Custom(value: 3)) == expected.writtenBytes)
    #expect(try #require(_TypeLayout.of(Point.self)).conforms == false)
  }

  /// An enum none of whose cases has a payload is its case name; one with a payload case has its
  /// cases (EnumLayoutTests).
  @Test func payloadLessEnumsHaveALayout() throws {
    let color = try #require(_TypeLayout.of(Color.self))
    #expect(color.caseNamer != nil && color.fields.isEmpty && color.typeName == _TypeNames.qualified(Color.self))
    #expect(color.cases == nil)
    #expect(try #require(_TypeLayout.of(Status.self)).cases?.map(\.name) == ["closed", "open"])
    #expect(_EnumCases.payloadCases(of: Color.self) == 0)
    #expect(_EnumCases.payloadCases(of: Status.self) == 1)
  }

  /// A field of class or existential type (or an optional of one) may be `weak` or `unowned`
  /// storage, which the field enumeration does not report: such a type goes to `Mirror`.
  @Test func fieldsThatMayHideReferencesSendTheTypeToMirror() {
    #expect(_TypeLayout.of(WithWeak.self) == nil)
    #expect(_TypeLayout.of(WithUnowned.self) == nil)
    #expect(_TypeLayout.of(WithClass.self) == nil)
    #expect(_TypeLayout.of(WithExistential.self) == nil)
    #expect(_TypeLayout.of(WithOptionalObject.self) == nil)
    #expect(_TypeLayout.of(Mirrored.self) == nil)
    #expect(_TypeLayout.of(Owner.self) == nil)
    #expect(_TypeLayout.of(Int.self) == nil)
    let owner = Owner()
    let values: [Any] = [WithWeak(id: 1, owner: owner), WithUnowned(id: 2, owner: owner), WithClass(owner: owner),
                         WithExistential(named: Point(x: 1, y: 2)), Mirrored(secret: 1)]
    for value in values { #expect(dynamic(value) == mirrored(value)) }
    withExtendedLifetime(owner) {}
  }

  /// A layout that disagrees with `Mirror` on its first value is rejected for good, and values of
  /// its type are written by `Mirror`.
  @Test func aLayoutThatDisagreesWithMirrorIsRejected() throws {
    let learned = try #require(_TypeLayout.of(Point.self))
    // The fields' labels swapped: what a broken enumeration would report.
    let swapped = _TypeLayout(
      tag: learned.tag, typeName: learned.typeName,
      fields: [
        _FieldLayout(label: "y", offset: learned.fields[0].offset, access: .double, boxer: learned.fields[0].boxer),
        _FieldLayout(label: "x", offset: learned.fields[1].offset, access: .double, boxer: learned.fields[1].boxer),
      ],
      isDirect: true, depth: 1, boxer: learned.boxer)
    var encoder = StructureEncoder()
    let agreed = encoder._checkLayout(swapped, on: Point(x: 1, y: 2))
    #expect(!agreed)
    #expect(swapped.state.load(ordering: .acquiring) == _TypeLayout.rejected)
    // Nested in a directly written value, a rejected layout's value is written by Mirror.
    let point = Point(x: 1, y: 2)
    var nested = StructureEncoder()
    withUnsafePointer(to: point) { nested._writeNested(swapped, at: UnsafeRawPointer($0)) }
    #expect(nested.writtenBytes == mirrored(point))
  }
}

extension StructureEncoder {
  /// The bytes written so far, copied.
  var writtenBytes: [UInt8] {
    withWrittenBytes { Array($0) }
  }
}
