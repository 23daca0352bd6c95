import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import VerityMacrosPlugin

/// Expansions and diagnostics of `@Matchable` and `@MatchableIgnored`, member kind by member kind.
@Suite(
  "@Matchable expansion",
  .macros(
    [
      "Matchable": MacroSpec(type: MatchableMacro.self, conformances: ["StructurallyEncodable", "Matchable"]),
      "MatchableIgnored": MacroSpec(type: MatchableIgnoredMacro.self),
    ],
    record: .never))
struct MatchableExpansionTests {
  @Test func structStoredPropertiesInOrder() {
    assertMacro {
      """
      @Matchable
      struct User {
        var name: String
        let age: Int, nickname: String?
        var label: String { name }
        var score: Int { get { 1 } set {} }
        var observed = 0 { didSet { print(observed) } }
        static var shared = 0
        @MatchableIgnored var cache: [Int] = []
      }
      """
    } expansion: {
      """
      struct User {
        var name: String
        let age: Int, nickname: String?
        var label: String { name }
        var score: Int { get { 1 } set {} }
        var observed = 0 { didSet { print(observed) } }
        static var shared = 0
        var cache: [Int] = []
      }

      extension User: Verity.StructurallyEncodable, Verity.Matchable {
        func encode(to encoder: inout Verity.StructureEncoder) {
          encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
            fields.field("name", self.name)
            fields.field("age", self.age)
            fields.field("nickname", self.nickname)
            fields.field("observed", self.observed)
          }
        }
        static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
  }

  @Test func publicStructGetsAPublicWitness() {
    assertMacro {
      """
      @Matchable
      public struct Point {
        public var x: Double
        public var y: Double
      }
      """
    } expansion: {
      """
      public struct Point {
        public var x: Double
        public var y: Double
      }

      extension Point: Verity.StructurallyEncodable, Verity.Matchable {
        public func encode(to encoder: inout Verity.StructureEncoder) {
          encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
            fields.field("x", self.x)
            fields.field("y", self.y)
          }
        }
        public static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
  }

  @Test func enumCases() {
    assertMacro {
      """
      @Matchable
      enum Shape {
        case point, `default`
        case circle(radius: Double)
        case rect(width: Double, height: Double)
        case pair(Int, _ second: Int)
      }
      """
    } expansion: {
      """
      enum Shape {
        case point, `default`
        case circle(radius: Double)
        case rect(width: Double, height: Double)
        case pair(Int, _ second: Int)
      }

      extension Shape: Verity.StructurallyEncodable, Verity.Matchable {
        func encode(to encoder: inout Verity.StructureEncoder) {
          switch self {
          case .point:
            encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "point")
          case .`default`:
            encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "default")
          case let .circle(v0):
            encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "circle") { fields in
              fields.field("radius", v0)
            }
          case let .rect(v0, v1):
            encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "rect") { fields in
              fields.field("width", v0)
              fields.field("height", v1)
            }
          case let .pair(v0, v1):
            encoder.encodeEnum(Verity.StructureEncoder.typeName(of: Self.self), case: "pair") { fields in
              fields.field("", v0)
              fields.field("", v1)
            }
          }
        }
        static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
  }

  @Test func finalClassAndEmptyClass() {
    assertMacro {
      """
      @Matchable
      final class Node {
        var value = 0
        weak var parent: Node?
      }
      """
    } expansion: {
      """
      final class Node {
        var value = 0
        weak var parent: Node?
      }

      extension Node: Verity.StructurallyEncodable, Verity.Matchable {
        func encode(to encoder: inout Verity.StructureEncoder) {
          encoder.encodeObject(self, typeName: Verity.StructureEncoder.typeName(of: Self.self)) { fields in
            fields.field("value", self.value)
            fields.field("parent", self.parent)
          }
        }
        static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
    assertMacro {
      """
      @Matchable
      final class Marker {}
      """
    } expansion: {
      """
      final class Marker {}

      extension Marker: Verity.StructurallyEncodable, Verity.Matchable {
          func encode(to encoder: inout Verity.StructureEncoder) {
              encoder.encodeObject(self, typeName: Verity.StructureEncoder.typeName(of: Self.self))
          }
          static var structureDecidesEquality: Bool {
              false
          }
      }
      """
    }
  }

  @Test func propertyWrappersUseTheirStorage() {
    assertMacro {
      """
      @Matchable
      struct Settings {
        @Clamped var level: Int = 3
      }
      """
    } expansion: {
      """
      struct Settings {
        @Clamped var level: Int = 3
      }

      extension Settings: Verity.StructurallyEncodable, Verity.Matchable {
        func encode(to encoder: inout Verity.StructureEncoder) {
          encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in
            fields.field("_level", self._level)
          }
        }
        static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
  }

  @Test func existingConformancesAreNotRepeated() {
    assertMacro(
      ["Matchable": MacroSpec(type: MatchableMacro.self, conformances: ["Matchable"])]
    ) {
      """
      @Matchable
      struct Encoded: StructurallyEncodable {
        var value: Int
        func encode(to encoder: inout StructureEncoder) {}
      }
      """
    } expansion: {
      """
      struct Encoded: StructurallyEncodable {
        var value: Int
        func encode(to encoder: inout StructureEncoder) {}
      }

      extension Encoded: Verity.Matchable {

      }
      """
    }
  }

  @Test func diagnostics() {
    assertMacro {
      """
      @Matchable
      protocol Service {}
      """
    } diagnostics: {
      """
      @Matchable
      ┬─────────
      ╰─ 🛑 @Matchable applies to a struct, an enum or a class, not a protocol
      protocol Service {}
      """
    }
    assertMacro {
      """
      @Matchable
      actor Store {}
      """
    } diagnostics: {
      """
      @Matchable
      ┬─────────
      ╰─ 🛑 @Matchable applies to a struct, an enum or a class, not an actor
      actor Store {}
      """
    }
    assertMacro {
      """
      @Matchable
      struct Cached {
        lazy var summary: String = "x"
      }
      """
    } diagnostics: {
      """
      @Matchable
      struct Cached {
        lazy var summary: String = "x"
        ┬─────────────────────────────
        ╰─ 🛑 @Matchable cannot encode a lazy property the way reflection shows it (as its hidden storage); mark it @MatchableIgnored
           ✏️ Mark the property @MatchableIgnored
      }
      """
    } fixes: {
      """
      @Matchable
      struct Cached {
        @MatchableIgnored lazy var summary: String = "x"
      }
      """
    } expansion: {
      """
      struct Cached {
        lazy var summary: String = "x"
      }

      extension Cached: Verity.StructurallyEncodable, Verity.Matchable {
        func encode(to encoder: inout Verity.StructureEncoder) {
          encoder.encodeStruct(Verity.StructureEncoder.typeName(of: Self.self)) { fields in

          }
        }
        static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
    assertMacro {
      """
      @Matchable
      public class Vehicle {
        var wheels: Int
      }
      """
    } diagnostics: {
      """
      @Matchable
      public class Vehicle {
                   ┬──────
                   ╰─ 🛑 @Matchable applies to a final class: the stored properties of a subclass of 'Vehicle' would be invisible to its encoding, so instances differing only there would match
                      ✏️ Make the class final
        var wheels: Int
      }
      """
    } fixes: {
      """
      @Matchable
      public final class Vehicle {
        var wheels: Int
      }
      """
    } expansion: {
      """
      public final class Vehicle {
        var wheels: Int
      }

      extension Vehicle: Verity.StructurallyEncodable, Verity.Matchable {
        public func encode(to encoder: inout Verity.StructureEncoder) {
          encoder.encodeObject(self, typeName: Verity.StructureEncoder.typeName(of: Self.self)) { fields in
            fields.field("wheels", self.wheels)
          }
        }
        public static var structureDecidesEquality: Bool {
          false
        }
      }
      """
    }
    assertMacro {
      """
      struct Thing {
        @MatchableIgnored func run() {}
      }
      """
    } diagnostics: {
      """
      struct Thing {
        @MatchableIgnored func run() {}
        ┬────────────────
        ╰─ 🛑 @MatchableIgnored applies to a stored property
      }
      """
    }
  }
}
