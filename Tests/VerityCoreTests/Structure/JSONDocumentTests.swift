import Foundation
import Testing
@testable import VerityCore
import Verity
import VerityTestSupport

/// Real JSON documents (Tests/VerityTests/Resources/JSONDocuments): decoded by
/// `JSONSerialization`, they must have the same structure as the same document built from Swift
/// values by the JSON number rule, and a perturbed copy must diff to exactly its perturbations.
@Suite("JSON documents")
struct JSONDocumentTests {
  static let documents = ["canada", "citm_catalog", "github"]

  static func data(_ name: String) throws -> Data {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("VerityTests/Resources/JSONDocuments")
    return try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
  }

  @Test(arguments: documents)
  func decodedDocumentEqualsTheSameSwiftValues(_ name: String) throws {
    let bytes = try Self.data(name)
    let decoded = try JSONSerialization.jsonObject(with: bytes)
    var parser = SwiftValueJSONParser(Array(bytes))
    let literal = try parser.parseDocument()
    let difference = diff(literal, decoded)
    #expect(difference == nil, "\(name): \(difference?.description ?? "")")
  }

  @Test func canadaCoordinatesEqualACodableModel() throws {
    struct Geometry: Decodable { var coordinates: [[[Double]]] }
    struct Feature: Decodable { var geometry: Geometry }
    struct Collection: Decodable { var features: [Feature] }
    let bytes = try Self.data("canada")
    let model = try JSONDecoder().decode(Collection.self, from: bytes)
    let tree = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    let features = try #require(tree["features"] as? [[String: Any]])
    let geometry = try #require(features[0]["geometry"] as? [String: Any])
    // By the rule, numbers spelled as integers (`47`) are integers, where the model holds `47.0`:
    // those are the only differences.
    let difference = try #require(diff(model.features[0].geometry.coordinates, geometry["coordinates"] as Any))
    #expect(difference.count == 46)
    for edit in difference.edits {
      let before = try #require(edit.before?.description)
      #expect(edit.kind == .typeChanged && before.hasSuffix(".0") && edit.after?.description == String(before.dropLast(2)))
    }
  }

  @Test func theJSONNumberRule() throws {
    let numbers = try #require(
      try JSONSerialization.jsonObject(
        with: Data("[-65.613616999999977, -0.000609427690506, 100000000000000000000000, 12345678901234567890]".utf8))
        as? [Any])
    // The article's example.
    let tree = try JSONSerialization.jsonObject(with: Data("[-65.613616999999977, 47]".utf8))
    #expect(Structure(encoding: tree) == Structure(encoding: [-65.613616999999977, 47] as [Any]))
    // The nearest double to the text, not NSDecimalNumber.doubleValue (off in the last place on Linux).
    #expect(Structure(encoding: numbers[0]) == Structure(Double("-65.613616999999977")!))
    #expect(Structure(encoding: numbers[1]) == Structure(Double("-0.000609427690506")!))
    // Integers past 64 bits are doubles; those within are integers.
    #expect(Structure(encoding: numbers[2]) == Structure(1e23))
    #expect(Structure(encoding: numbers[3]) == Structure(UInt64(12_345_678_901_234_567_890)))
    // NSDecimalNumber follows the rule wherever it comes from: integral values are integers.
    #expect(Structure(encoding: NSDecimalNumber(string: "42")) == Structure(42))
    #expect(Structure(encoding: NSDecimalNumber(string: "-9223372036854775808")) == Structure(Int64.min))
    #expect(Structure(encoding: NSDecimalNumber(string: "2.5")) == Structure(2.5))
    #expect(Structure(encoding: NSDecimalNumber.notANumber) == Structure(Double.nan))
    // A Swift Decimal keeps every digit: it is not rounded to a double.
    let exact = Decimal(string: "0.1000000000000000000001")!
    #expect(Structure(exact) != Structure(Decimal(string: "0.1")!))
    #expect(Structure(encoding: exact) != Structure(0.1))
    // The one edge case: an NSDecimalNumber built by hand is read as a JSON number, so digits
    // past a double's precision are not kept.
    #expect(Structure(encoding: NSDecimalNumber(string: "0.1000000000000000000001")) == Structure(0.1))
  }

  /// The fast path reads a Decimal's storage; if a platform's layout ever changes, the self-check
  /// must notice (and the slower text path takes over, with the same results).
  @Test func decimalStorageIsReadDirectly() throws {
    #expect(_DecimalParts.layout != nil)
    let parts = try #require(_DecimalParts(Decimal(string: "-65.613616999999977")!))
    #expect(parts.matches(exponent: -15, negative: true, high: 0, low: 65_613_616_999_999_977))
    var encoder = StructureEncoder()
    encoder._emitDecimalByText(Decimal(string: "-65.613616999999977")!)
    #expect(encoder.writtenBytes == Structure(Double("-65.613616999999977")!).bytes)
  }

  @Test(arguments: documents)
  func perturbedCopiesDiffToExactlyTheirPerturbations(_ name: String) throws {
    let bytes = try Self.data(name)
    let decoded = try JSONSerialization.jsonObject(with: bytes)
    var parser = SwiftValueJSONParser(Array(bytes))
    var perturbed = try parser.parseDocument()
    var leaves: [[PathStep]] = []
    collectLeaves(perturbed, path: [], into: &leaves)
    var rng = SeededGenerator(seed: 7)
    var chosen = Set<[PathStep]>()
    while chosen.count < min(25, leaves.count) { chosen.insert(leaves.randomElement(using: &rng)!) }
    for path in chosen { perturbed = replacing(perturbed, at: path[...]) { perturb($0) } }
    let difference = try #require(diff(decoded, perturbed))
    #expect(difference.count == chosen.count)
    #expect(difference.edits.allSatisfy { $0.kind == .changed })
    let reported = Set(difference.edits.map(\.path))
    let expected = Set(chosen.map { DifferencePath($0.map(\.component)) })
    #expect(reported == expected)
  }
}

/// One step into a JSON tree.
enum PathStep: Hashable {
  case key(String)
  case index(Int)
  var component: DifferencePath.Component {
    switch self {
    case .key(let key): .key(key)
    case .index(let index): .index(index)
    }
  }
}

private func collectLeaves(_ value: Any, path: [PathStep], into leaves: inout [[PathStep]]) {
  if let dictionary = value as? [String: Any] {
    for (key, child) in dictionary { collectLeaves(child, path: path + [.key(key)], into: &leaves) }
  } else if let array = value as? [Any] {
    for (index, child) in array.enumerated() { collectLeaves(child, path: path + [.index(index)], into: &leaves) }
  } else {
    leaves.append(path)
  }
}

private func replacing(_ value: Any, at path: ArraySlice<PathStep>, with change: (Any) -> Any) -> Any {
  guard let step = path.first else { return change(value) }
  switch step {
  case .key(let key):
    var dictionary = value as! [String: Any]
    dictionary[key] = replacing(dictionary[key]!, at: path.dropFirst(), with: change)
    return dictionary
  case .index(let index):
    var array = value as! [Any]
    array[index] = replacing(array[index], at: path.dropFirst(), with: change)
    return array
  }
}

/// A different value of the same kind.
private func perturb(_ value: Any) -> Any {
  switch value {
  case let number as Int: return number + 1
  case let number as UInt64: return number - 1
  case let number as Double: return number + 1
  case let text as String: return text + "!"
  case let flag as Bool: return !flag
  default: return "was null"
  }
}

/// A small JSON parser that builds Swift values by the JSON number rule, independently of
/// Foundation: an integer spelled without fraction or exponent that fits 64 bits is an `Int` (or
/// `UInt64`), any other number the `Double` nearest to its text; null is `nil`.
struct SwiftValueJSONParser {
  enum Failure: Error { case unexpected(Int) }
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() throws -> Any {
    let value = try parseValue()
    skipSpace()
    guard position == bytes.count else { throw Failure.unexpected(position) }
    return value
  }

  mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
  }

  mutating func expect(_ byte: UInt8) throws {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else { throw Failure.unexpected(position) }
    position += 1
  }

  mutating func parseValue() throws -> Any {
    skipSpace()
    guard position < bytes.count else { throw Failure.unexpected(position) }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      var dictionary: [String: Any] = [:]
      skipSpace()
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return dictionary
      }
      repeat {
        skipSpace()
        let key = try parseString()
        try expect(UInt8(ascii: ":"))
        dictionary[key] = try parseValue()
        skipSpace()
        position += 1
      } while bytes[position - 1] == UInt8(ascii: ",")
      guard bytes[position - 1] == UInt8(ascii: "}") else { throw Failure.unexpected(position) }
      return dictionary
    case UInt8(ascii: "["):
      position += 1
      var array: [Any] = []
      skipSpace()
      if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return array
      }
      repeat {
        array.append(try parseValue())
        skipSpace()
        position += 1
      } while bytes[position - 1] == UInt8(ascii: ",")
      guard bytes[position - 1] == UInt8(ascii: "]") else { throw Failure.unexpected(position) }
      return array
    case UInt8(ascii: "\""):
      return try parseString()
    case UInt8(ascii: "t"):
      position += 4
      return true
    case UInt8(ascii: "f"):
      position += 5
      return false
    case UInt8(ascii: "n"):
      position += 4
      return Optional<Int>.none as Any
    default:
      return try parseNumber()
    }
  }

  mutating func parseNumber() throws -> Any {
    let start = position
    var integral = true
    while position < bytes.count, let character = Optional(bytes[position]),
      (character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9")) || character == UInt8(ascii: "-")
        || character == UInt8(ascii: "+") || character == UInt8(ascii: ".") || character == UInt8(ascii: "e")
        || character == UInt8(ascii: "E")
    {
      if character == UInt8(ascii: ".") || character == UInt8(ascii: "e") || character == UInt8(ascii: "E") {
        integral = false
      }
      position += 1
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if integral, let value = Int(text) { return value }
    if integral, let value = UInt64(text) { return value }
    guard let value = Double(text) else { throw Failure.unexpected(start) }
    return value
  }

  mutating func parseString() throws -> String {
    skipSpace()
    guard bytes[position] == UInt8(ascii: "\"") else { throw Failure.unexpected(position) }
    position += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
      run.removeAll(keepingCapacity: true)
    }
    while bytes[position] != UInt8(ascii: "\"") {
      if bytes[position] == UInt8(ascii: "\\") {
        flush()
        position += 1
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), bytes[position] == UInt8(ascii: "\\") {
            position += 2
            let low = try hex4()
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        default: scalars.append(Unicode.Scalar(escape))
        }
      } else {
        run.append(bytes[position])
        position += 1
      }
    }
    flush()
    position += 1
    return String(scalars)
  }

  mutating func hex4() throws -> UInt32 {
    guard let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16) else {
      throw Failure.unexpected(position)
    }
    position += 4
    return value
  }
}

/// Documented in "Equality and matching": a decoded model and the JSON tree of the same bytes are
/// different kinds of value; the tree and a dictionary holding a Double differ at the number.
@Suite struct ModelVersusTreeTests {
  struct Reading: Decodable { var n: Double }

  @Test func aModelAndItsJSONTreeDifferAtTheRoot() throws {
    let data = Data(#"{"n": 47}"#.utf8)
    let model = try JSONDecoder().decode(Reading.self, from: data)
    let tree = try JSONSerialization.jsonObject(with: data)
    let difference = try #require(diff(model, tree))
    #expect(difference.count == 1)
    #expect(difference.typeChangedCount == 1)
    #expect(difference.edits.map(\.path.description) == [""])
    let numbers = try #require(diff(["n": 47.0] as [String: Any], tree))
    #expect(numbers.renderedPaths() == #"["n"]: 47.0 → 47 (type changed)"#)
  }
}
