import Foundation
import Testing

@testable import Verity

/// One row of the table: a value, an equal copy made separately, and a different value of the same
/// type, with the checks the type allows.
struct ValueRow: CustomTestStringConvertible, Sendable {
  let name: String
  let value: @Sendable () -> Any
  let same: @Sendable () -> Any
  let other: @Sendable () -> Any
  /// The typed path (a conformance), when the type has one.
  let typed: (@Sendable (Any) -> Structure)?
  /// Swift's `==`, when the type is Equatable.
  let equals: (@Sendable (Any, Any) -> Bool)?
  /// The places that disagree with `==` (bare value in `verifyCall`, `eq`, a stub, `InOrder`).
  var disagreements: (@Sendable () -> [String])? = nil

  var testDescription: String { name }
}

/// Builds rows; the overloads pick up what the type offers (Equatable, a conformance).
enum Rows {
  static func row<T>(_ name: String, _ value: @escaping @Sendable () -> T, _ same: @escaping @Sendable () -> T,
    _ other: @escaping @Sendable () -> T) -> ValueRow {
    ValueRow(name: name, value: value, same: same, other: other, typed: nil, equals: nil)
  }

  /// An Equatable type that is not Sendable (pointers): `==` only.
  static func equatableRow<T: Equatable & SendableMetatype>(_ name: String, _ value: @escaping @Sendable () -> T,
    _ same: @escaping @Sendable () -> T, _ other: @escaping @Sendable () -> T) -> ValueRow {
    ValueRow(name: name, value: value, same: same, other: other, typed: nil,
      equals: { ($0 as! T) == ($1 as! T) })
  }

  static func row<T: Equatable & Sendable & SendableMetatype>(_ name: String, _ value: @escaping @Sendable () -> T,
    _ same: @escaping @Sendable () -> T, _ other: @escaping @Sendable () -> T) -> ValueRow {
    ValueRow(name: name, value: value, same: same, other: other, typed: nil,
      equals: { ($0 as! T) == ($1 as! T) }, disagreements: { disagreementsWithEquality(value(), same(), other()) })
  }

  static func row<T: Equatable & StructurallyEncodable & Sendable & SendableMetatype>(_ name: String,
    _ value: @escaping @Sendable () -> T,
    _ same: @escaping @Sendable () -> T, _ other: @escaping @Sendable () -> T) -> ValueRow {
    ValueRow(name: name, value: value, same: same, other: other, typed: { Structure($0 as! T) },
      equals: { ($0 as! T) == ($1 as! T) }, disagreements: { disagreementsWithEquality(value(), same(), other()) })
  }
}

/// Records `value` on a mock, then asks every path whether `same` and `other` match it; returns
/// each answer that differs from `==`.
func disagreementsWithEquality<T: Equatable & Sendable>(_ value: T, _ same: T, _ other: T) -> [String] {
  var problems: [String] = []
  for (candidate, label) in [(same, "same"), (other, "other")] {
    let expected = value == candidate
    var answers: [(String, Bool)] = []
    let forms = [("bare value", candidate as Any), ("eq", eq(candidate) as Any)]
      + composedForms(of: candidate).map { ($0.name, $0.matcher as Any) }
    for (form, argument) in forms {
      answers += answersOnEveryPath(argument, recorded: value).map { ("\(form) in \($0.path)", $0.answer) }
    }
    let asserted: Bool
    if case .pass = TestAnAssertion(on: value).isEqualTo(candidate).result { asserted = true } else { asserted = false }
    answers.append(("isEqualTo", asserted))
    for (path, answer) in answers where answer != expected {
      problems.append("\(label): \(path) says \(answer), == says \(expected)")
    }
  }
  return problems
}


private struct Payload: Equatable { var position: SIMD2<Double>; var scale: Float }

/// Two allocations that live for the whole test process, for pointer rows.
private let firstAddress: Int = Int(bitPattern: UnsafeMutablePointer<Int>.allocate(capacity: 1))
private let secondAddress: Int = Int(bitPattern: UnsafeMutablePointer<Int>.allocate(capacity: 1))
private let instant = ContinuousClock.Instant.now
private let suspendingInstant = SuspendingClock.Instant.now
private func pointer(_ address: Int) -> UnsafeMutablePointer<Int> { UnsafeMutablePointer(bitPattern: address)! }

/// The value types of the standard library and Foundation that tests pass around. For each, on the
/// dynamic path (what a mock sees through `Any`) and the typed path alike: two different values
/// give different structures, two equal ones equal structures, and no rendering contains
/// reflection's `(Opaque Value)`.
let valueTable: [ValueRow] = {
  var rows: [ValueRow] = [
    Rows.row("Int", { 1 as Int }, { 1 as Int }, { 2 as Int }),
    Rows.row("Int8", { Int8(-1) }, { Int8(-1) }, { Int8(1) }),
    Rows.row("Int16", { Int16(300) }, { Int16(300) }, { Int16(301) }),
    Rows.row("Int32", { Int32.min }, { Int32.min }, { Int32.max }),
    Rows.row("Int64", { Int64.max }, { Int64.max }, { Int64.min }),
    Rows.row("UInt", { UInt.max }, { UInt.max }, { UInt(0) }),
    Rows.row("UInt8", { UInt8(255) }, { UInt8(255) }, { UInt8(254) }),
    Rows.row("UInt16", { UInt16(7) }, { UInt16(7) }, { UInt16(8) }),
    Rows.row("UInt32", { UInt32(7) }, { UInt32(7) }, { UInt32(8) }),
    Rows.row("UInt64", { UInt64.max }, { UInt64.max }, { UInt64(1) }),
    Rows.row("Int128", { Int128.max }, { Int128.max }, { Int128.min }),
    Rows.row("UInt128", { UInt128.max }, { UInt128.max }, { UInt128(1) << 100 }),
    Rows.row("Double", { 1.5 }, { 1.5 }, { 2.5 }),
    Rows.row("Float", { Float(1.5) }, { Float(1.5) }, { Float(-1.5) }),
    Rows.row("Bool", { true }, { true }, { false }),
    Rows.row("String", { "café" }, { "cafe\u{301}" }, { "cafe" }),
    Rows.row("Substring", { "xab".dropFirst() }, { "yab".dropFirst() }, { "xac".dropFirst() }),
    Rows.row("Character", { Character("a") }, { Character("a") }, { Character("b") }),
    Rows.row("Unicode.Scalar", { Unicode.Scalar("a") }, { Unicode.Scalar("a") }, { Unicode.Scalar("b") }),
    Rows.row("StaticString", { "abc" as StaticString }, { "abc" as StaticString }, { "abd" as StaticString }),
    Rows.row("SIMD2<Double>", { SIMD2<Double>(1, 2) }, { SIMD2<Double>(1, 2) }, { SIMD2<Double>(3, 4) }),
    Rows.row("SIMD3<Float>", { SIMD3<Float>(1, 2, 3) }, { SIMD3<Float>(1, 2, 3) }, { SIMD3<Float>(1, 2, 4) }),
    Rows.row("SIMD4<Int32>", { SIMD4<Int32>(1, 2, 3, 4) }, { SIMD4<Int32>(1, 2, 3, 4) }, { SIMD4<Int32>(0, 2, 3, 4) }),
    Rows.row("SIMD8<UInt8>", { SIMD8<UInt8>(repeating: 1) }, { SIMD8<UInt8>(repeating: 1) }, { SIMD8<UInt8>(repeating: 2) }),
    Rows.row("SIMD16<Int8>", { SIMD16<Int8>(repeating: -1) }, { SIMD16<Int8>(repeating: -1) }, { SIMD16<Int8>(repeating: 1) }),
    Rows.row("SIMD32<UInt16>", { SIMD32<UInt16>(repeating: 9) }, { SIMD32<UInt16>(repeating: 9) }, { SIMD32<UInt16>(repeating: 8) }),
    Rows.row("SIMD64<UInt8>", { SIMD64<UInt8>(repeating: 9) }, { SIMD64<UInt8>(repeating: 9) }, { SIMD64<UInt8>(repeating: 8) }),
    Rows.row("SIMD2<Int>", { SIMD2<Int>(1, 2) }, { SIMD2<Int>(1, 2) }, { SIMD2<Int>(2, 1) }),
    Rows.equatableRow("UnsafePointer", { UnsafePointer(pointer(firstAddress)) }, { UnsafePointer(pointer(firstAddress)) },
      { UnsafePointer(pointer(secondAddress)) }),
    Rows.equatableRow("UnsafeMutablePointer", { pointer(firstAddress) }, { pointer(firstAddress) }, { pointer(secondAddress) }),
    Rows.equatableRow("UnsafeRawPointer", { UnsafeRawPointer(pointer(firstAddress)) }, { UnsafeRawPointer(pointer(firstAddress)) },
      { UnsafeRawPointer(pointer(secondAddress)) }),
    Rows.equatableRow("UnsafeMutableRawPointer", { UnsafeMutableRawPointer(pointer(firstAddress)) },
      { UnsafeMutableRawPointer(pointer(firstAddress)) }, { UnsafeMutableRawPointer(pointer(secondAddress)) }),
    Rows.equatableRow("OpaquePointer", { OpaquePointer(pointer(firstAddress)) }, { OpaquePointer(pointer(firstAddress)) },
      { OpaquePointer(pointer(secondAddress)) }),
    Rows.row("ObjectIdentifier", { ObjectIdentifier(Int.self) }, { ObjectIdentifier(Int.self) }, { ObjectIdentifier(String.self) }),
    Rows.row("Range", { 1..<3 }, { 1..<3 }, { 1..<4 }),
    Rows.row("ClosedRange", { 1...3 }, { 1...3 }, { 0...3 }),
    Rows.row("PartialRangeFrom", { 1... }, { 1... }, { 2... }),
    Rows.row("PartialRangeUpTo", { ..<1 }, { ..<1 }, { ..<2 }),
    Rows.row("PartialRangeThrough", { ...1 }, { ...1 }, { ...2 }),
    Rows.row("Duration", { Duration.milliseconds(1500) }, { Duration.seconds(1.5) }, { Duration.milliseconds(1501) }),
    Rows.row("ContinuousClock.Instant", { instant }, { instant + .zero }, { instant + .nanoseconds(1) }),
    Rows.row("SuspendingClock.Instant", { suspendingInstant }, { suspendingInstant + .zero },
      { suspendingInstant + .seconds(1) }),
    Rows.row("KeyPath", { \Geo.lat }, { \Geo.lat }, { \Geo.lon }),
    Rows.row("Metatype", { Int.self as Any.Type }, { Int.self as Any.Type }, { String.self as Any.Type }),
    Rows.row("Date", { Date(timeIntervalSince1970: 1) }, { Date(timeIntervalSince1970: 1) }, { Date(timeIntervalSince1970: 2) }),
    Rows.row("UUID", { UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)) },
      { UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)) },
      { UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17)) }),
    Rows.row("URL", { URL(string: "https://a.example/x")! }, { URL(string: "https://a.example/x")! },
      { URL(string: "https://a.example/y")! }),
    Rows.row("Data", { Data([1, 2]) }, { Data([1, 2]) }, { Data([1, 3]) }),
    Rows.row("Decimal", { Decimal(string: "1.25")! }, { Decimal(string: "1.250")! }, { Decimal(string: "1.26")! }),
    Rows.row("IndexPath", { IndexPath(indexes: [1, 2]) }, { IndexPath(indexes: [1, 2]) }, { IndexPath(indexes: [2, 1]) }),
    Rows.row("IndexSet", { IndexSet([1, 3]) }, { IndexSet([1, 3]) }, { IndexSet([1, 4]) }),
    Rows.row("CharacterSet", { CharacterSet(charactersIn: "ab") }, { CharacterSet(charactersIn: "ba") },
      { CharacterSet(charactersIn: "ac") }),
    Rows.row("Locale", { Locale(identifier: "en_US") }, { Locale(identifier: "en_US") }, { Locale(identifier: "fr_FR") }),
    Rows.row("TimeZone", { TimeZone(identifier: "Europe/Paris")! }, { TimeZone(identifier: "Europe/Paris")! },
      { TimeZone(identifier: "Asia/Tokyo")! }),
    Rows.row("Calendar", { Calendar(identifier: .gregorian) }, { Calendar(identifier: .gregorian) },
      { Calendar(identifier: .japanese) }),
    Rows.row("DateComponents", { DateComponents(year: 2024, month: 2) }, { DateComponents(year: 2024, month: 2) },
      { DateComponents(year: 2024, month: 3) }),
    Rows.row("DateInterval", { DateInterval(start: Date(timeIntervalSince1970: 0), duration: 5) },
      { DateInterval(start: Date(timeIntervalSince1970: 0), duration: 5) },
      { DateInterval(start: Date(timeIntervalSince1970: 0), duration: 6) }),
    Rows.row("Measurement", { Measurement(value: 1, unit: UnitLength.meters) }, { Measurement(value: 1, unit: UnitLength.meters) },
      { Measurement(value: 1, unit: UnitLength.feet) }),
    Rows.row("AttributedString", { AttributedString("hello") }, { AttributedString("hello") }, { AttributedString("help") }),
    Rows.row("URLComponents", { URLComponents(string: "https://a.example/x?q=1")! },
      { URLComponents(string: "https://a.example/x?q=1")! }, { URLComponents(string: "https://a.example/x?q=2")! }),
    Rows.row("NSRange", { NSRange(location: 1, length: 2) }, { NSRange(location: 1, length: 2) }, { NSRange(location: 1, length: 3) }),
    Rows.row("PersonNameComponents", { PersonNameComponents(givenName: "Ada") }, { PersonNameComponents(givenName: "Ada") },
      { PersonNameComponents(givenName: "Alan") }),
    Rows.row("CGFloat", { CGFloat(1.5) }, { CGFloat(1.5) }, { CGFloat(2.5) }),
    Rows.row("NSNumber", { NSNumber(value: 3) }, { NSNumber(value: 3) }, { NSNumber(value: 4) }),
    Rows.row("NSString", { NSString(string: "a") }, { NSString(string: "a") }, { NSString(string: "b") }),
    Rows.row("struct with a SIMD field", { Payload(position: [1, 2], scale: 1) }, { Payload(position: [1, 2], scale: 1) },
      { Payload(position: [3, 4], scale: 1) }),
    Rows.row("[SIMD2<Double>]", { [SIMD2<Double>(1, 2)] }, { [SIMD2<Double>(1, 2)] }, { [SIMD2<Double>(1, 3)] }),
    Rows.row("SIMD2<Double>?", { SIMD2<Double>?.some([1, 2]) }, { SIMD2<Double>?.some([1, 2]) }, { SIMD2<Double>?.some([1, 9]) }),
  ]
  #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    rows.append(Rows.row("Float16", { Float16(1.5) }, { Float16(1.5) }, { Float16(2.5) }))
  #endif
  #if arch(x86_64) && !os(Windows) && !os(Android)
    rows.append(Rows.row("Float80", { Float80(1.5) }, { Float80(1.5) }, { Float80(2.5) }))
  #endif
  return rows
}()

@Suite("Values reflection cannot read")
struct UnreadableValuesTableTests {
  @Test(arguments: valueTable)
  func differentValuesNeverShareAStructure(_ row: ValueRow) {
    let value = Structure(encoding: row.value())
    let same = Structure(encoding: row.same())
    let other = Structure(encoding: row.other())
    #expect(value == same, "equal values, dynamic path: \(value) vs \(same)")
    #expect(value != other, "different values, dynamic path: both \(value)")
    if let typed = row.typed {
      #expect(typed(row.value()) == value, "typed and dynamic paths differ: \(typed(row.value())) vs \(value)")
      #expect(typed(row.value()) != typed(row.other()))
    }
    for structure in [value, other] {
      #expect(!structure.description.contains("(Opaque Value)"), "\(structure)")
    }
    if let equals = row.equals {
      // The table's own premise.
      #expect(equals(row.value(), row.same()))
      #expect(!equals(row.value(), row.other()))
    }
  }

  /// `eq`, a plain value in `verifyCall`, a stub, `InOrder` and `isEqualTo` agree with `==`.
  @Test(arguments: valueTable.filter { $0.disagreements != nil })
  func everyPathAgreesWithEquality(_ row: ValueRow) {
    #expect(row.disagreements?() == [])
  }
}
