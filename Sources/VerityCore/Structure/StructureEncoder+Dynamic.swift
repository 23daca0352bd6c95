import Foundation
internal import CVerityEngine

extension StructureEncoder {
  /// Writes a value whose type is known only at run time.
  ///
  /// Fastest first:
  /// 1. A ``StructurallyEncodable`` conformance (the existential is opened; no reflection).
  /// 2. Casts for the dynamic trees real code passes around: optionals of any depth,
  ///    `[String: Any]`, `[Any]`, `[AnyHashable: Any]`, and the Foundation objects
  ///    `JSONSerialization` and property lists produce: `NSNumber` (booleans, integers and doubles
  ///    told apart), `NSNull` (nil), `NSString`, `NSArray`, `NSDictionary`, `NSDecimalNumber`,
  ///    `NSData`, `NSDate`, `NSURL`, `NSUUID`. A decoded JSON document is the same structure as
  ///    the equivalent Swift literal.
  /// 3. Reflection for everything else. A struct, a tuple or an enum (with payloads or without)
  ///    is read from its field layout, learned once per type (no `Mirror`, no demangling per
  ///    field) and checked against `Mirror` on the type's first value (and on the first value of
  ///    each case of an enum with payloads); a type with a field or payload of class or
  ///    existential type (which may be `weak` or `unowned`), a custom mirror, an `indirect` case,
  ///    or a layout that disagreed with `Mirror` is read by `Mirror`. Either way the bytes are
  ///    `Mirror`'s:
  ///    - structs: `STRUCT`, fields by label;
  ///    - enums: `ENUM` with the case name and the associated values as fields (unlabeled ones
  ///      get the label `""`);
  ///    - tuples: `TUPLE` (unlabeled elements get `""`);
  ///    - classes: `OBJECT`, superclass fields first; an instance shared by two places is written
  ///      in full at each, and only a cycle (an instance inside itself) becomes a back-reference;
  ///      a class with no stored fields at all is written as an opaque value with its description;
  ///    - collections, sets and dictionaries by their mirror's display style;
  ///    - functions, metatypes and builtin storage: see `_emitUnreflectable(_:)`;
  ///    - anything else with no children: an opaque value of its type name and
  ///      `String(describing:)`.
  ///
  /// Type names are fully qualified (`"MyApp.User"`, `"Swift.Array<MyApp.Geo>"`, as
  /// `String(reflecting:)` spells them), so types of two modules with the same simple name and
  /// fields never give the same structure; renderings show the short name (`User`).
  ///
  /// Functions, metatypes and builtin storage (`SIMD2<Double>`'s, `Float16`'s, a pointer's) have
  /// no children to reflect: see `_emitUnreflectable(_:)`. A function cannot be compared by
  /// value: the encoder notes it in `incomparableContent`.
  ///
  /// Optionals are looked through at every depth: `.some(x)` is written as `x`, and nil at any
  /// depth (`Int??.some(nil)`, an `Any` holding `Int?.none`) and `NSNull` as nil. Verity has one
  /// nil, because an `Any?` conversion adds or drops optional layers that no reader can recover.
  ///
  /// The walk is iterative: very deep values (a 100 000-node linked list) don't overflow the stack.
  /// Beyond 100 000 levels of nesting a value is written as an opaque marker.
  ///
  /// ```swift
  /// let json = try JSONSerialization.jsonObject(with: data)
  /// encoder.encode(any: json)  // == the structure of the same [String: Any] literal
  /// ```
  public mutating func encode(any value: Any?) {
    guard let value else {
      encodeNil()
      return
    }
    var frames: [_DynamicFrame] = []
    _emit(value, into: &frames)
    _drain(&frames)
  }

  /// Writes `value` by reflection even when its type has a conformance (its children take the
  /// dynamic path as usual): what a type's encoding was before it adopted `@Matchable`, for tests
  /// that check the two agree.
  package mutating func _encodeByReflection(_ value: Any) {
    var frames: [_DynamicFrame] = []
    _emitReflecting(value, into: &frames)
    _drain(&frames)
  }

  /// Writes the children of the open containers on `frames` until none is left open.
  mutating func _drain(_ frames: inout [_DynamicFrame]) {
    // Each pass runs through the top container's children in a loop until one of them opens a
    // container of its own (a new frame): scalars never go back through the frame stack.
    while !frames.isEmpty {
      if !vrt_writer_status(_writer)._isOK { return }
      let top = frames.count - 1
      switch frames[top] {
      case .values(let values, var next):
        while frames.count == top + 1, next < values.endIndex {
          let element = values[next]
          next += 1
          _emit(element, into: &frames)
        }
        frames[top] = .values(values, next)
      case .fields(let fields, var next):
        while frames.count == top + 1, next < fields.endIndex {
          let field = fields[next]
          next += 1
          _encodeLabel(field.label)
          _emit(field.value, into: &frames)
        }
        frames[top] = .fields(fields, next)
      case .stringDictionary(let dictionary, var next):
        while frames.count == top + 1, next != dictionary.endIndex {
          let (key, value) = dictionary[next]
          next = dictionary.index(after: next)
          encode(key)
          _emit(value, into: &frames)
        }
        frames[top] = .stringDictionary(dictionary, next)
      }
      if frames.count == top + 1 {  // every child written
        frames.removeLast()
        _end()
      }
    }
  }

  /// The type name the dynamic path writes for values of `type`: its fully qualified name, as
  /// `String(reflecting:)` spells it (`"MyApp.Geo"`, `"Swift.Array<MyApp.Geo>"`).
  ///
  /// Use it in a hand-written conformance to keep the bytes reflection would write, so adding the
  /// conformance changes no comparison:
  ///
  /// ```swift
  /// func encode(to encoder: inout StructureEncoder) {
  ///   encoder.encodeStruct(StructureEncoder.typeName(of: Geo.self)) {
  ///     $0.field("lat", lat)
  ///     $0.field("lon", lon)
  ///   }
  /// }
  /// ```
  public static func typeName(of type: Any.Type) -> String {
    _TypeNames.qualified(type)
  }

  /// Writes `value`, whose dynamic type is `type`, if it is exactly an `Int`, `String`, `Double` or
  /// `Bool` (what most dynamic argument lists hold) and returns true; returns false, writing
  /// nothing, otherwise. The value is opened, not cast: its type is already known, so no dynamic
  /// cast runs.
  ///
  /// What it writes is exactly one well-formed value with no object in it (the same bytes
  /// ``encode(any:)`` writes), so a call log can skip its per-argument check.
  @inline(__always)
  mutating func _encodeCommonScalar<T>(_ value: T, type: ObjectIdentifier) -> Bool {
    if type == ObjectIdentifier(Int.self) {
      _writeSigned(Int64(unsafeBitCast(value, to: Int.self)))
    } else if type == ObjectIdentifier(String.self) {
      encode(unsafeBitCast(value, to: String.self))
    } else if type == ObjectIdentifier(Double.self) {
      encode(unsafeBitCast(value, to: Double.self))
    } else if type == ObjectIdentifier(Bool.self) {
      encode(unsafeBitCast(value, to: Bool.self))
    } else {
      return false
    }
    return true
  }

  /// Writes one value, or opens its container and pushes a frame for its children.
  mutating func _emit(_ value: Any, into frames: inout [_DynamicFrame]) {
    // 0. The exact types of decoded JSON, recognized by metadata identity (no conformance lookup).
    if _emitKnownType(value, into: &frames) { return }
    _emitOtherType(value, into: &frames)
  }

  /// ``_emit(_:into:)`` for a value that is not one of the exact types of decoded JSON: a function
  /// of its own, so that the JSON path's function stays small (a debug build encoded JSON trees
  /// 10% slower with the learned-layout step written inline, though JSON values never reach it).
  mutating func _emitOtherType(_ value: Any, into frames: inout [_DynamicFrame]) {
    // A plain struct, tuple or enum whose layout was learned skips every cast below, the failing
    // conformance cast included (the layout says the type has no conformance). The lookup reads
    // only the lock-free map of learned layouts: a conforming value pays an atomic load or two
    // for it, and a miss takes the order below, where the locked record is asked after the cast.
    let valueType = type(of: value)
    let learned = _TypeLayout.learnedFast(valueType)
    if let learned, !learned.conforms, frames.count < _maxDynamicDepth, _emitByLayout(value, learned, into: &frames) {
      return
    }
    // 1. A conformance. A cast from an optional may look through it: that case goes to 2.
    if learned == nil || learned!.conforms, let encodable = value as? any StructurallyEncodable {
      if ObjectIdentifier(type(of: encodable)) == ObjectIdentifier(valueType)
        || !(value is any _VerityOptional)
      {
        if !type(of: encodable).encodingCheck.isSkipped { _untrustedContent = true }
        encodable.encode(to: &self)
        return
      }
    }
    // A layout learned but not in the lock-free map (the map full, or a race with its adder).
    if learned == nil, frames.count < _maxDynamicDepth, let layout = _TypeLayout.learned(valueType), !layout.conforms,
      _emitByLayout(value, layout, into: &frames)
    {
      return
    }
    // 2. Fast paths.
    if let optional = value as? any _VerityOptional {
      _emitOptional(optional, into: &frames)
      return
    }
    if type(of: value) is NSObject.Type, _emitFoundation(value as AnyObject) {
      return
    }
    if frames.count >= _maxDynamicDepth {
      encodeOpaque(
        typeName: _TypeNames.qualified(type(of: value)),
        description: "<nesting deeper than \(_maxDynamicDepth) levels>")
      return
    }
    if let dictionary = value as? [String: Any] {
      _begin(UInt8(VRT_TAG_DICT), nil)
      frames.append(.stringDictionary(dictionary, dictionary.startIndex))
      return
    }
    if let array = value as? [Any] {
      _begin(UInt8(VRT_TAG_ARRAY), nil)
      frames.append(.values(array, 0))
      return
    }
    if let dictionary = value as? [AnyHashable: Any] {
      var flat: [Any] = []
      flat.reserveCapacity(dictionary.count * 2)
      for (key, value) in dictionary {
        flat.append(key.base)
        flat.append(value)
      }
      _begin(UInt8(VRT_TAG_DICT), nil)
      frames.append(.values(flat, 0))
      return
    }
    // 3. Reflection.
    _emitReflecting(value, into: &frames)
  }

  /// Values whose exact dynamic type is one of the few that JSON documents and argument lists are
  /// made of. Returns false for anything else.
  @inline(__always)
  mutating func _emitKnownType(_ value: Any, into frames: inout [_DynamicFrame]) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: value))
    let known = _KnownTypes.shared
    if type == known.string {
      encode(_exactCast(value, to: String.self))
    } else if type == known.int {
      _writeSigned(Int64(_exactCast(value, to: Int.self)))
    } else if type == known.double {
      encode(_exactCast(value, to: Double.self))
    } else if type == known.bool {
      encode(_exactCast(value, to: Bool.self))
    } else if type == known.number || type == known.boolean || type == known.otherNumber {
      _emitNumber(value as! NSNumber)
    } else if type == known.decimalNumber {
      _emitDecimalNumber(unsafeDowncast(value as AnyObject, to: NSDecimalNumber.self))
    } else if type == known.null {
      encodeNil()
    } else if type == known.stringDictionary {
      let dictionary = value as! [String: Any]
      _begin(UInt8(VRT_TAG_DICT), nil)
      frames.append(.stringDictionary(dictionary, dictionary.startIndex))
    } else if type == known.array {
      _begin(UInt8(VRT_TAG_ARRAY), nil)
      frames.append(.values(value as! [Any], 0))
    } else {
      return false
    }
    return true
  }

  /// `Optional.some` layers of any depth, then the wrapped value, or nil (one nil for every depth).
  mutating func _emitOptional(_ optional: any _VerityOptional, into frames: inout [_DynamicFrame]) {
    var wrapped = optional._verityWrapped
    while let value = wrapped {
      guard let nested = value as? any _VerityOptional else {
        _emit(value, into: &frames)
        return
      }
      wrapped = nested._verityWrapped
    }
    encodeNil()
  }

  /// Foundation scalars and value objects. Returns false for other objects (NSArray and
  /// NSDictionary go on to the collection casts, anything else to reflection).
  mutating func _emitFoundation(_ object: AnyObject) -> Bool {
    if let number = object as? NSNumber {
      _emitNumber(number)
    } else if object is NSNull {
      encodeNil()
    } else if let string = object as? NSString {
      encode(string as String)
    } else if let data = object as? NSData {
      encode(data as Data)
    } else if let date = object as? NSDate {
      encode(date as Date)
    } else if let url = object as? NSURL {
      encode(url as URL)
    } else if let uuid = object as? NSUUID {
      encode(uuid as UUID)
    } else {
      return false
    }
    return true
  }

  /// An `NSNumber`: a boolean (the boolean class), a double (`d`/`f` type encoding), an unsigned
  /// or a signed integer, or a decimal number.
  mutating func _emitNumber(_ number: NSNumber) {
    // The class of boxed booleans (`__NSCFBoolean`), which `JSONSerialization` uses for `true`/`false`.
    if ObjectIdentifier(type(of: number)) == _KnownTypes.shared.boolean {
      encode(number.boolValue)
    } else if let decimal = number as? NSDecimalNumber {
      _emitDecimalNumber(decimal)
    } else {
      switch UInt8(bitPattern: number.objCType.pointee) {
      case UInt8(ascii: "d"), UInt8(ascii: "f"):
        encode(number.doubleValue)
      case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
        vrt_writer_write_uint(_writer, number.uint64Value)
      default:
        vrt_writer_write_int(_writer, number.int64Value)
      }
    }
  }

}

/// Nesting below which the dynamic path writes an opaque marker instead of descending.
let _maxDynamicDepth = 100_000

/// One open container of the dynamic walk and where its next child is.
enum _DynamicFrame {
  /// ARRAY, SET or DICT (keys and values alternating) children.
  case values([Any], Int)
  /// STRUCT, ENUM, OBJECT or TUPLE fields.
  case fields([(label: String, value: Any)], Int)
  /// A `[String: Any]`: each step writes a key and its value.
  case stringDictionary([String: Any], Dictionary<String, Any>.Index)
}

/// Optionals of any depth, detected through a cast and unwrapped one level at a time.
protocol _VerityOptional {
  var _verityWrapped: Any? { get }
}

extension Optional: _VerityOptional {
  var _verityWrapped: Any? {
    switch self {
    case .some(let wrapped): return wrapped
    case .none: return nil
    }
  }
}

/// Metadata identities of the types `_emitKnownType` recognizes.
struct _KnownTypes: Sendable {
  let string = ObjectIdentifier(String.self)
  let int = ObjectIdentifier(Int.self)
  let double = ObjectIdentifier(Double.self)
  let bool = ObjectIdentifier(Bool.self)
  let stringDictionary = ObjectIdentifier([String: Any].self)
  let array = ObjectIdentifier([Any].self)
  /// The concrete classes of `NSNumber`s holding an integer, a double, and a boolean, and of
  /// `NSNull` (class clusters: the concrete class differs by platform).
  let number = ObjectIdentifier(type(of: NSNumber(value: 1)))
  let otherNumber = ObjectIdentifier(type(of: NSNumber(value: 1.5)))
  let boolean = ObjectIdentifier(type(of: NSNumber(value: true)))
  let null = ObjectIdentifier(type(of: NSNull()))
  /// What `JSONSerialization` returns for numbers it keeps as decimals (see the JSON number rule).
  let decimalNumber = ObjectIdentifier(NSDecimalNumber.self)

  static let shared = _KnownTypes()
}

