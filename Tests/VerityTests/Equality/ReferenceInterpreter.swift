import Foundation

@testable import Verity
@testable import VerityCore

/// The rule for a match (EqualityAndMatching.md, "Values of another type"), written to be
/// obviously right rather than fast: the oracle of ``EvaluatorDifferentialTests``. It shares no
/// code with the evaluators it judges but `Structure`, the canonical form the rule is stated in
/// (rule 2: "compares structures").
///
/// A matcher is described by a ``Spec``, which both builds the real matcher and answers by the
/// rule: for a matcher of type `T` and a recorded value,
/// 1. a value of type `T` (by identity, after optional layers; nil or `NSNull` is `T`'s nil when
///    `T` is optional) gets the leaf's own answer;
/// 2. an equality (`eq` of a value whose structure decides `==`, `isNil()`) compares structures;
/// 3. any other leaf reads a value of another type as a `T` when a plain reading exists (an
///    integer of another width that fits, a `Float` as a `Double`, a `Substring` or `Character` as
///    a `String`, an `NSNumber` by what it holds), else does not match;
/// 4. `&&`, `||`, `!` combine their parts' answers; a captor matches everything.
enum Reference {
  /// `value` with every optional layer looked through; nil for nil at any depth and for `NSNull`.
  static func flat(_ value: Any?) -> Any? {
    guard var current = value else { return nil }
    while Mirror(reflecting: current).displayStyle == .optional {
      guard let wrapped = Mirror(reflecting: current).children.first?.value else { return nil }
      current = wrapped
    }
    return current is NSNull ? nil : current
  }

  /// What an `NSNumber` holds.
  enum NumberKind { case bool, integer, floating }

  static func kind(of number: NSNumber) -> NumberKind {
    if String(describing: type(of: number)).contains("Boolean") { return .bool }
    switch String(cString: number.objCType) {
    case "f", "d": return .floating
    default: return .integer
    }
  }

  /// Rule 1, then rule 3's reading, for an `Int` matcher.
  static func int(_ value: Any?) -> Int? {
    guard let present = flat(value) else { return nil }
    if type(of: present) == Int.self { return (present as! Int) }
    switch present {
    case let x as Int8 where type(of: present) == Int8.self: return Int(exactly: x)
    case let x as Int16 where type(of: present) == Int16.self: return Int(exactly: x)
    case let x as Int32 where type(of: present) == Int32.self: return Int(exactly: x)
    case let x as Int64 where type(of: present) == Int64.self: return Int(exactly: x)
    case let x as UInt where type(of: present) == UInt.self: return Int(exactly: x)
    case let x as UInt8 where type(of: present) == UInt8.self: return Int(exactly: x)
    case let x as UInt16 where type(of: present) == UInt16.self: return Int(exactly: x)
    case let x as UInt32 where type(of: present) == UInt32.self: return Int(exactly: x)
    case let x as UInt64 where type(of: present) == UInt64.self: return Int(exactly: x)
    default: break
    }
    if let number = present as? NSNumber, type(of: present) is NSNumber.Type, kind(of: number) == .integer {
      return number.intValue
    }
    // A conformance that writes a raw integer reads as it (its structure is that integer, now).
    if let counter = present as? ReferenceCounter { return counter.value }
    return nil
  }

  /// Rule 1, then rule 3's reading, for a `Double` matcher.
  static func double(_ value: Any?) -> Double? {
    guard let present = flat(value) else { return nil }
    if type(of: present) == Double.self { return (present as! Double) }
    if type(of: present) == Float.self { return Double(present as! Float) }
    if let number = present as? NSNumber, type(of: present) is NSNumber.Type, kind(of: number) == .floating {
      return number.doubleValue
    }
    return nil
  }

  /// Rule 1, then rule 3's reading, for a `String` matcher.
  static func string(_ value: Any?) -> String? {
    guard let present = flat(value) else { return nil }
    if type(of: present) == String.self { return (present as! String) }
    if type(of: present) == Substring.self { return String(present as! Substring) }
    if type(of: present) == Character.self { return String(present as! Character) }
    if type(of: present) is NSString.Type { return (present as! NSString) as String }
    return nil
  }

  /// Rule 1, then rule 3's reading, for a `Bool` matcher.
  static func bool(_ value: Any?) -> Bool? {
    guard let present = flat(value) else { return nil }
    if type(of: present) == Bool.self { return (present as! Bool) }
    if let number = present as? NSNumber, type(of: present) is NSNumber.Type, kind(of: number) == .bool {
      return number.boolValue
    }
    return nil
  }

  /// Rule 1, then rule 3's reading, for an `[Int]` matcher.
  static func ints(_ value: Any?) -> [Int]? {
    guard let present = flat(value) else { return nil }
    if type(of: present) == [Int].self { return (present as! [Int]) }
    // (An array, Swift's or Foundation's; not `Data` nor `[UInt8]`, which are written as bytes,
    // not as lists of numbers.)
    guard String(describing: type(of: present)).hasPrefix("Array<") || type(of: present) is NSArray.Type,
      type(of: present) != [UInt8].self, let elements = present as? [Any]
    else { return nil }
    var read: [Int] = []
    for element in elements {
      guard let number = int(element) else { return nil }
      read.append(number)
    }
    return read
  }

  /// Rule 1 alone (no reading): the value when its type is exactly `T`.
  static func exactly<T>(_ value: Any?, _: T.Type) -> T? {
    guard let present = flat(value), type(of: present) == T.self else { return nil }
    return (present as! T)
  }

  /// Rule 2: an equality compares structures.
  static func sameStructure(_ value: Any?, _ expected: Any?) -> Bool {
    Structure(encoding: value) == Structure(encoding: expected)
  }
}

/// A matcher tree of one type: the real matcher, the reference's answer, and its captors.
struct Spec<T> {
  let matcher: Matcher<T>
  let reference: (Any?) -> Bool
  /// For each captor in the tree: how many values it holds now.
  let captors: [() -> Int]
  /// Whether the tree's captors can all take a value (read it as a `T`, by rules 1 and 3).
  let captorsTake: (Any?) -> Bool

  static func leaf(_ matcher: Matcher<T>, _ reference: @escaping (Any?) -> Bool) -> Spec {
    Spec(matcher: matcher, reference: reference, captors: [], captorsTake: { _ in true })
  }

  /// A captor of `T`: it matches every value, and takes those `reads` reads as a `T`.
  static func captor(reads: @escaping (Any?) -> Bool) -> Spec {
    let captor = ArgumentCaptor<T>()
    return Spec(matcher: captor.capture(), reference: { _ in true }, captors: [{ captor.allValues.count }], captorsTake: reads)
  }

  static func && (a: Spec, b: Spec) -> Spec {
    Spec(
      matcher: a.matcher && b.matcher, reference: { a.reference($0) && b.reference($0) }, captors: a.captors + b.captors,
      captorsTake: { a.captorsTake($0) && b.captorsTake($0) })
  }

  static func || (a: Spec, b: Spec) -> Spec {
    Spec(
      matcher: a.matcher || b.matcher, reference: { a.reference($0) || b.reference($0) }, captors: a.captors + b.captors,
      captorsTake: { a.captorsTake($0) && b.captorsTake($0) })
  }

  static prefix func ! (a: Spec) -> Spec {
    Spec(matcher: !a.matcher, reference: { !a.reference($0) }, captors: a.captors, captorsTake: a.captorsTake)
  }
}

/// The leaves of each family, with the reference's answer of each.
enum ReferenceFamilies {
  /// `eq(x)` of an `Int`: `==` on an `Int`, else structures.
  static func eqInt(_ x: Int) -> Spec<Int> {
    .leaf(eq(x)) { value in
      if let exact = Reference.exactly(value, Int.self) { return exact == x }
      return Reference.sameStructure(value, x)
    }
  }

  static func predicateInt(_ matcher: Matcher<Int>, _ test: @escaping (Int) -> Bool) -> Spec<Int> {
    .leaf(matcher) { value in Reference.int(value).map(test) ?? false }
  }

  static var int: [() -> Spec<Int>] {
    [
      { eqInt(5) }, { eqInt(-1) },
      { predicateInt(lessThan(6), { $0 < 6 }) }, { predicateInt(greaterThan(0), { $0 > 0 }) },
      { predicateInt(isIn(0..<10), { (0..<10).contains($0) }) },
      { predicateInt(any(), { _ in true }) }, { predicateInt(any(Int.self), { _ in true }) },
      { predicateInt(Matcher<Int>("isOdd()", where: { $0 % 2 != 0 }), { $0 % 2 != 0 }) },
      { .captor(reads: { Reference.int($0) != nil }) },
    ]
  }

  static func eqDouble(_ x: Double) -> Spec<Double> {
    .leaf(eq(x)) { value in
      if let exact = Reference.exactly(value, Double.self) { return exact == x }
      return Reference.sameStructure(value, x)
    }
  }

  static var double: [() -> Spec<Double>] {
    [
      { eqDouble(0.5) }, { eqDouble(0.1) }, { eqDouble(-0.0) },
      { .leaf(lessThan(1.0)) { Reference.double($0).map { $0 < 1.0 } ?? false } },
      { .leaf(Matcher<Double>("isNaN()", where: { $0.isNaN })) { Reference.double($0)?.isNaN ?? false } },
      { .captor(reads: { Reference.double($0) != nil }) },
    ]
  }

  static func eqString(_ x: String) -> Spec<String> {
    .leaf(eq(x)) { value in
      if let exact = Reference.exactly(value, String.self) { return exact == x }
      return Reference.sameStructure(value, x)
    }
  }

  static var string: [() -> Spec<String>] {
    [
      { eqString("ab") }, { eqString("café") },
      { .leaf(hasPrefix("a")) { Reference.string($0)?.hasPrefix("a") ?? false } },
      { .leaf(hasSuffix("b")) { Reference.string($0)?.hasSuffix("b") ?? false } },
      { .leaf(eq("x", ignoringCase: true)) { Reference.string($0)?.lowercased() == "x" } },
      { .captor(reads: { Reference.string($0) != nil }) },
    ]
  }

  static var bool: [() -> Spec<Bool>] {
    [
      {
        .leaf(eq(true)) { value in
          if let exact = Reference.exactly(value, Bool.self) { return exact }
          return Reference.sameStructure(value, true)
        }
      },
      { .leaf(any()) { Reference.bool($0) != nil } },
      { .captor(reads: { Reference.bool($0) != nil }) },
    ]
  }

  static var optionalInt: [() -> Spec<Int?>] {
    [
      { .leaf(isNil()) { Reference.flat($0) == nil } },
      { .leaf(isNotNil()) { Reference.flat($0) != nil } },
      {
        .leaf(eq(Int?.some(5))) { value in
          if let exact = Reference.exactly(value, Int.self) { return exact == 5 }
          return Reference.sameStructure(value, 5)
        }
      },
      { .leaf(eq(Int?.none)) { Reference.flat($0) == nil } },
    ]
  }

  static var anything: [() -> Spec<Any?>] {
    [
      { .leaf(any()) { _ in true } },
      { .leaf(isNil()) { Reference.flat($0) == nil } },
      { .leaf(isNotNil()) { Reference.flat($0) != nil } },
    ]
  }

  static var ints: [() -> Spec<[Int]>] {
    [
      {
        .leaf(eq([1, 2])) { value in
          if let exact = Reference.exactly(value, [Int].self) { return exact == [1, 2] }
          return Reference.sameStructure(value, [1, 2])
        }
      },
      { .leaf(any()) { Reference.ints($0) != nil } },
    ]
  }

  static var points: [() -> Spec<ReferencePoint>] {
    [
      { .leaf(eq(ReferencePoint(x: 1))) { Reference.exactly($0, ReferencePoint.self) == ReferencePoint(x: 1) } },
      { .leaf(any()) { Reference.exactly($0, ReferencePoint.self) != nil } },
    ]
  }

  /// `==` runs on the object as it is when the matcher is asked (it has no structure that decides).
  static var boxes: [() -> Spec<ReferenceBox>] {
    [
      { .leaf(eq(ReferenceBox(2))) { Reference.exactly($0, ReferenceBox.self) == ReferenceBox(2) } },
      { .leaf(eq(ReferenceBox(1))) { Reference.exactly($0, ReferenceBox.self) == ReferenceBox(1) } },
      { .leaf(any()) { Reference.exactly($0, ReferenceBox.self) != nil } },
    ]
  }
}

/// A class with a conformance that decides `==`, changed after the call in the trials.
extension ReferenceFamilies {
  static var counters: [() -> Spec<ReferenceCounter>] {
    [
      {
        .leaf(eq(ReferenceCounter(2))) { value in
          if let exact = Reference.exactly(value, ReferenceCounter.self) { return exact == ReferenceCounter(2) }
          return Reference.sameStructure(value, ReferenceCounter(2))
        }
      },
      { .leaf(any()) { Reference.exactly($0, ReferenceCounter.self) != nil } },
    ]
  }
}

/// A value's type with no conformance, `Equatable`.
struct ReferencePoint: Equatable, Sendable { var x: Int }

/// An `Equatable` class: `==` runs on the object as it is now.
final class ReferenceBox: Equatable, @unchecked Sendable, CustomStringConvertible {
  var value: Int
  init(_ value: Int) { self.value = value }
  static func == (a: ReferenceBox, b: ReferenceBox) -> Bool { a.value == b.value }
  var description: String { "Box(\(value))" }
}

/// An `Equatable` class whose own conformance writes its raw value and promises that equal
/// structures are `==`: `==` runs on the object as it is when asked, in every evaluator (its
/// recorded bytes may be of another state); a value of another type compares by structure, so a
/// recorded `Int` 2 is equal to a `ReferenceCounter(2)`.
final class ReferenceCounter: Equatable, StructurallyEncodable, @unchecked Sendable, CustomStringConvertible {
  var value: Int
  init(_ value: Int) { self.value = value }
  static func == (a: ReferenceCounter, b: ReferenceCounter) -> Bool { a.value == b.value }
  func encode(to encoder: inout StructureEncoder) { encoder.encode(value) }
  var description: String { "Counter(\(value))" }
}

/// A class that is not `Equatable`.
final class ReferenceNote: @unchecked Sendable {
  var text: String
  init(_ text: String) { self.text = text }
}
