import Foundation
import Testing
import Verity

// Types with no conformance: they take the Mirror fallback.
private struct Plain {
  var name: String
  var age: Int
  var tags: [String]
}

private enum Shape {
  case circle(radius: Double)
  case rect(Double, Double)
  case labeled(Int, y: String)
  case point
}

private enum Described: CustomStringConvertible {
  case alpha
  var description: String { "custom text" }
}

private final class MirrorNode {
  var value: Int
  var next: MirrorNode?
  init(_ value: Int) { self.value = value }
}

private class Base {
  var id = 1
}

private final class Derived: Base {
  var name = "d"
}

private final class Empty {}

private struct Generic<T> {
  var item: T
}

@Suite("StructureEncoder dynamic path")
struct DynamicEncodingTests {
  @Test func conformingValuesTakeTheirConformance() {
    let values: [Any] = [1, "x", 2.5, true, [1, 2], ["a": 1], Set([3]), Data([1]), Int?.some(4) as Any, 1..<2]
    let typed: [Structure] = [
      Structure(1), Structure("x"), Structure(2.5), Structure(true), Structure([1, 2]), Structure(["a": 1]),
      Structure(Set([3])), Structure(Data([1])), Structure(4), Structure(1..<2),
    ]
    for (value, expected) in zip(values, typed) {
      #expect(Structure(encoding: value) == expected)
    }
    #expect(Structure(encoding: nil) == Structure(Int?.none))
    #expect(Structure(encoding: ListNode(value: 1)) == Structure(ListNode(value: 1)))
  }

  @Test func stringKeyedAndAnyArraysEqualTypedValues() {
    let dynamic: [String: Any] = ["a": 1, "b": 2]
    #expect(Structure(encoding: dynamic) == Structure(["a": 1, "b": 2]))
    let list: [Any] = ["x", "y"]
    #expect(Structure(encoding: list) == Structure(["x", "y"]))
    let mixed: [String: Any] = ["n": 1, "s": "t", "list": [1, 2, [3]] as [Any]]
    let built = Structure {
      $0.encodeDictionary {
        $0.entry("s", "t")
        $0.entry("n", 1)
        $0.entry(key: { $0.encode("list") }, value: {
          $0.encodeArray {
            $0.encode(1)
            $0.encode(2)
            $0.encode([3])
          }
        })
      }
    }
    #expect(Structure(encoding: mixed) == built)
    let hashable: [AnyHashable: Any] = [1: "one", "k": [true]]
    let hashableBuilt = Structure {
      $0.encodeDictionary {
        $0.entry(1, "one")
        $0.entry("k", [true])
      }
    }
    #expect(Structure(encoding: hashable) == hashableBuilt)
    let optionals: [Any?] = [1, nil]
    #expect(Structure(encoding: optionals) == Structure([1, nil] as [Int?]))
  }

  /// One nil, typed or through `Any`, whatever the layers.
  @Test func nestedOptionalsThroughAny() {
    #expect(Structure(encoding: Int??.some(nil) as Any) == Structure(Int??.some(nil)))
    #expect(Structure(encoding: Int??.some(nil) as Any).bytes == [0x01])
    #expect(Structure(encoding: Int??.none as Any).bytes == [0x01])
    #expect(Structure(encoding: Int??.some(.some(1)) as Any).bytes == [0x04, 0x01])
    let anyWrapped: Any? = Optional<Any>.some(Optional<Int>.none as Any)
    #expect(Structure(encoding: anyWrapped as Any).bytes == [0x01])
    let payloadOptional: Any = Optional<Plain>.some(Plain(name: "a", age: 1, tags: [])) as Any
    #expect(Structure(encoding: payloadOptional) == Structure(encoding: Plain(name: "a", age: 1, tags: [])))
  }

  @Test func jsonSerializationOutputEqualsLiterals() throws {
    let json = #"""
      {"name": "Ada", "age": 36, "score": 1.5, "whole": 2.0, "ok": true, "off": false, "none": null,
       "tags": ["a", "b"], "nested": {"k": [1, -3, 18446744073709551615]}}
      """#
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let literal: [String: Any] = [
      "name": "Ada", "age": 36, "score": 1.5, "whole": 2.0, "ok": true, "off": false, "none": Optional<Int>.none as Any,
      "tags": ["a", "b"], "nested": ["k": [1, -3, UInt64.max] as [Any]] as [String: Any],
    ]
    #expect(Structure(encoding: decoded) == Structure(encoding: literal))
    #expect(
      Structure(encoding: decoded).description
        == #"["ok": true, "age": 36, "off": false, "name": "Ada", "none": nil, "tags": ["a", "b"], "score": 1.5, "whole": 2.0, "nested": ["k": [1, -3, 18446744073709551615]]]"#
    )  // canonical order: by encoded key bytes, which start with the key's length
  }

  @Test func foundationObjects() {
    #expect(Structure(encoding: NSNumber(value: true)) == Structure(true))
    #expect(Structure(encoding: NSNumber(value: false)) == Structure(false))
    #expect(Structure(encoding: NSNumber(value: 1)) == Structure(1))
    #expect(Structure(encoding: NSNumber(value: -7)) == Structure(-7))
    #expect(Structure(encoding: NSNumber(value: UInt64.max)) == Structure(UInt64.max))
    #expect(Structure(encoding: NSNumber(value: 2.5)) == Structure(2.5))
    #expect(Structure(encoding: NSNumber(value: Float(0.5))) == Structure(0.5))
    #expect(Structure(encoding: NSNull()) == Structure(Int?.none))
    #expect(Structure(encoding: NSString(string: "s")) == Structure("s"))
    #expect(Structure(encoding: NSArray(array: [1, "a"])) == Structure(encoding: [1, "a"] as [Any]))
    #expect(Structure(encoding: NSDictionary(dictionary: ["a": 1])) == Structure(["a": 1]))
    #expect(Structure(encoding: NSData(data: Data([1, 2]))) == Structure(Data([1, 2])))
    let date = Date(timeIntervalSinceReferenceDate: 10)
    #expect(Structure(encoding: NSDate(timeIntervalSinceReferenceDate: 10)) == Structure(date))
    // NSDecimalNumber follows the JSON number rule (see JSONDocumentTests); a Decimal stays exact.
    #expect(Structure(encoding: NSDecimalNumber(string: "1.25")) == Structure(1.25))
    #expect(Structure(encoding: NSDecimalNumber(string: "1.25")) != Structure(Decimal(string: "1.25")!))
  }

  @Test func mirrorFallbackForStructs() {
    let value = Plain(name: "Ada", age: 36, tags: ["x"])
    let expected = Structure {
      $0.encodeStruct(StructureEncoder.typeName(of: Plain.self)) {
        $0.field("name", "Ada")
        $0.field("age", 36)
        $0.field("tags", ["x"])
      }
    }
    #expect(Structure(encoding: value) == expected)
    #expect(Structure(encoding: Generic(item: 1)) == Structure { $0.encodeStruct(StructureEncoder.typeName(of: Generic<Int>.self)) { $0.field("item", 1) } })
  }

  @Test func mirrorFallbackForEnums() {
    #expect(
      Structure(encoding: Shape.circle(radius: 2))
        == Structure { $0.encodeEnum(StructureEncoder.typeName(of: Shape.self), case: "circle") { $0.field("radius", 2.0) } })
    #expect(
      Structure(encoding: Shape.rect(1, 2))
        == Structure {
          $0.encodeEnum(StructureEncoder.typeName(of: Shape.self), case: "rect") {
            $0.field("", 1.0)
            $0.field("", 2.0)
          }
        })
    #expect(
      Structure(encoding: Shape.labeled(1, y: "q"))
        == Structure {
          $0.encodeEnum(StructureEncoder.typeName(of: Shape.self), case: "labeled") {
            $0.field("", 1)
            $0.field("y", "q")
          }
        })
    #expect(Structure(encoding: Shape.point) == Structure { $0.encodeEnum(StructureEncoder.typeName(of: Shape.self), case: "point") })
    // The case name comes from the runtime, not from a custom description.
    #expect(Structure(encoding: Described.alpha) == Structure { $0.encodeEnum(StructureEncoder.typeName(of: Described.self), case: "alpha") })
  }

  @Test func mirrorFallbackForTuples() {
    let tuple: Any = (1, x: "a")
    #expect(
      Structure(encoding: tuple)
        == Structure {
          $0.encodeTuple {
            $0.field("", 1)
            $0.field("x", "a")
          }
        })
  }

  @Test func mirrorFallbackForClassesWithCycles() {
    let a = MirrorNode(1)
    let b = MirrorNode(2)
    a.next = b
    b.next = a
    let c = MirrorNode(1)
    let d = MirrorNode(2)
    c.next = d
    d.next = c
    let structure = Structure(encoding: a)
    #expect(structure == Structure(encoding: c))
    #expect(structure.description == "MirrorNode(value: 1, next: MirrorNode(value: 2, next: <cycle to MirrorNode, 2 objects out>))")
    let inner = Bytes.container(
      0x15, Bytes.string(StructureEncoder.typeName(of: MirrorNode.self)) + Bytes.string("value") + [0x04, 2] + Bytes.string("next") + [0x0A, 0x01])
    #expect(
      structure.bytes
        == Bytes.container(0x15, Bytes.string(StructureEncoder.typeName(of: MirrorNode.self)) + Bytes.string("value") + [0x04, 1] + Bytes.string("next") + inner))
    let loop = MirrorNode(1)
    loop.next = loop
    #expect(Structure(encoding: loop) != structure)
    // Break the cycles, so LeakSanitizer sees no leak.
    for node in [a, c, loop] { node.next = nil }
  }

  @Test func mirrorFallbackIncludesSuperclassFieldsFirst() {
    #expect(
      Structure(encoding: Derived())
        == Structure {
          $0.encodeObject(identity: ObjectIdentifier(Derived()), typeName: StructureEncoder.typeName(of: Derived.self)) {
            $0.field("id", 1)
            $0.field("name", "d")
          }
        })
  }

  @Test func valuesWithoutChildrenAreOpaque() {
    let closure: (Int) -> Int = { $0 }
    #expect(
      Structure(encoding: closure)
        == Structure { $0.encodeOpaque(typeName: "(Swift.Int) -> Swift.Int", description: "<function (Int) -> Int>") })
    #expect(
      Structure(encoding: Int.self) == Structure { $0.encodeOpaque(typeName: "Swift.Int.Type", description: "Int.self") })
    let empty = Empty()
    let description = String(describing: empty)
    #expect(
      Structure(encoding: empty)
        == Structure { $0.encodeOpaque(typeName: StructureEncoder.typeName(of: Empty.self), description: description) })
  }

  @Test func deepDynamicValuesDoNotOverflowTheStack() throws {
    var value: Any = 1
    for _ in 0..<10_000 { value = [value] }
    let structure = Structure(encoding: value)
    #expect(structure.byteCount == 10_000 * 5 + 2)
    #expect(try Structure(validating: structure.bytes) == structure)

    let head = MirrorNode(0)
    var tail = head
    for index in 1..<10_000 {
      let next = MirrorNode(index)
      tail.next = next
      tail = next
    }
    let list = Structure(encoding: head)
    #expect(try list.nodeTable().count == 20_001)  // 10 000 objects, their values, one final nil
    // Unlink iteratively so deinitialization doesn't recurse 10 000 levels either.
    var cursor: MirrorNode? = head
    while let node = cursor {
      cursor = node.next
      node.next = nil
    }
  }

  @Test func mirrorCollectionsUseDisplayStyle() {
    #expect(Structure(encoding: MirroredCollection()) == Structure([1, 2]))
    #expect(Structure(encoding: MirroredSet()) == Structure(Set([2, 1])))
    #expect(Structure(encoding: MirroredDictionary()) == Structure(["b": 2, "a": 1]))
    #expect(Structure(encoding: MirroredOptional()) == Structure(Int?.some(5)))
  }
}

private struct MirroredCollection: CustomReflectable {
  var customMirror: Mirror { Mirror(self, unlabeledChildren: [1, 2], displayStyle: .collection) }
}

private struct MirroredSet: CustomReflectable {
  var customMirror: Mirror { Mirror(self, unlabeledChildren: [2, 1], displayStyle: .set) }
}

private struct MirroredDictionary: CustomReflectable {
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: [(key: "b", value: 2), (key: "a", value: 1)], displayStyle: .dictionary)
  }
}

private struct MirroredOptional: CustomReflectable {
  var customMirror: Mirror { Mirror(self, children: ["some": 5], displayStyle: .optional) }
}
