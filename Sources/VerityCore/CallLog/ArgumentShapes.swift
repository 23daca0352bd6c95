// The argument types of each recorded call, and the shapes (lists of types) calls share: what
// tells a call log which arguments it may keep as bytes only and rebuild on demand (see
// PlainValues.swift).

/// The types of the first eight arguments of one call, as metadata identities, in a plain value
/// (no allocation, nothing to release). `0` stands for a `nil` argument of the `[Any?]` form. Calls
/// with more than eight arguments get no shape: their values are kept.
///
/// Eight plain stored words and a `switch` rather than a tuple and raw-memory access: debug builds
/// (what `swift test` runs) then do no generic or metadata work per argument.
@usableFromInline
struct _ArgumentTypes: Sendable, Hashable {
  @usableFromInline static let capacity = 8
  @usableFromInline var count = 0
  @usableFromInline var id0: UInt = 0
  @usableFromInline var id1: UInt = 0
  @usableFromInline var id2: UInt = 0
  @usableFromInline var id3: UInt = 0
  @usableFromInline var id4: UInt = 0
  @usableFromInline var id5: UInt = 0
  @usableFromInline var id6: UInt = 0
  @usableFromInline var id7: UInt = 0

  @inlinable
  init() {}

  /// Appends a type (nil: a nil argument).
  @inlinable @inline(__always)
  mutating func append(_ type: Any.Type?) {
    if let type {
      append(id: UInt(bitPattern: ObjectIdentifier(type)))
    } else {
      append(id: 0)
    }
  }

  /// Appends a type by its metadata identity.
  @inlinable @inline(__always)
  mutating func append(id: UInt) {
    switch count {
    case 0: id0 = id
    case 1: id1 = id
    case 2: id2 = id
    case 3: id3 = id
    case 4: id4 = id
    case 5: id5 = id
    case 6: id6 = id
    case 7: id7 = id
    default: break
    }
    count += 1
  }

  /// Replaces the type appended last (an argument wrapper's, by the type it wraps).
  @usableFromInline
  mutating func replaceLast(with type: Any.Type?) {
    count -= 1
    append(type)
  }

  /// Whether the call has too many arguments for a shape.
  var overflows: Bool { count > Self.capacity }

  /// A nonzero word mixed from the count and the types, as a key for `_TypeMap` (not unique).
  var _digest: UnsafeRawPointer? {
    // Unrolled, with no array: this runs for every call of a mock whose previous call had
    // other argument types.
    @inline(__always) func mix(_ mixed: UInt64, _ id: UInt) -> UInt64 {
      let product = (mixed ^ UInt64(id)) &* 0x9E37_79B9_7F4A_7C15
      return product ^ (product >> 29)
    }
    var mixed = mix(UInt64(count) &+ 1, id0)
    mixed = mix(mix(mix(mixed, id1), id2), id3)
    mixed = mix(mix(mix(mix(mixed, id4), id5), id6), id7)
    return UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: mixed) | 1)
  }

  func id(at position: Int) -> UInt {
    switch position {
    case 0: id0
    case 1: id1
    case 2: id2
    case 3: id3
    case 4: id4
    case 5: id5
    case 6: id6
    default: id7
    }
  }

}

/// The argument types of calls recorded with the same types, and how to read each back.
///
/// A shape depends on its types only, so each one is built once per process (``shared(for:)``)
/// and shared by every log: a test's new mock does not rebuild the shapes of its members' calls
/// (arrays and conformance checks per shape), it finds them.
final class _ArgumentShape: Sendable {
  /// The types as metadata identities (0: a nil argument): the shape's key.
  let key: _ArgumentTypes
  /// The types (nil: a nil argument).
  let types: [Any.Type?]
  /// How to decode each argument; nil where the type is not plain.
  let decoders: [(any _PlainDecodable.Type)?]
  /// Whether every argument can be plain (some only after a per-call check of their contents).
  let canBePlain: Bool

  /// The shapes built so far, by their types (bounded as `_TypeMap` says).
  static let cache = _BoundedCache<_ArgumentTypes, _ArgumentShape>(capacity: 4096)

  /// The shapes again, read with no lock (see `_TypeMap`), under a one-word digest of their
  /// types: a shape found there is used only when its own types are the ones asked for (two
  /// argument lists may share a digest; the second is then looked up in ``cache``).
  static let fast = _TypeMap<_ArgumentShape>(capacity: 2048)

  /// The shape of calls with these argument types, built on first use.
  static func shared(for key: _ArgumentTypes) -> _ArgumentShape {
    if let shape = fast.value(forKey: key._digest), shape.key == key { return shape }
    return shared(for: key, cache: cache, fast: fast)
  }

  /// The shape of calls with these argument types, from these caches (tests pass small ones).
  static func shared(
    for key: _ArgumentTypes, cache: _BoundedCache<_ArgumentTypes, _ArgumentShape>, fast: _TypeMap<_ArgumentShape>
  ) -> _ArgumentShape {
    let digest = key._digest
    if let shape = fast.value(forKey: digest), shape.key == key { return shape }
    if let shape = cache.value(for: key) { return shape }
    let shape = _ArgumentShape(key)
    let recorded = cache.update(key) { entry in
      entry = entry ?? shape
      return entry ?? shape
    }
    fast.add(recorded, forKey: digest)
    return recorded
  }

  private init(_ key: _ArgumentTypes) {
    self.key = key
    var types: [Any.Type?] = []
    var decoders: [(any _PlainDecodable.Type)?] = []
    types.reserveCapacity(key.count)
    decoders.reserveCapacity(key.count)
    var plain = true
    for position in 0..<key.count {
      let id = key.id(at: position)
      guard id != 0 else {
        types.append(nil)
        decoders.append(nil)  // a nil argument: decodes to nil
        continue
      }
      let type = unsafeBitCast(id, to: Any.Type.self)
      types.append(type)
      if ObjectIdentifier(type) == _jsonTreeTypes.0 || ObjectIdentifier(type) == _jsonTreeTypes.1 {
        decoders.append(type as? any _PlainDecodable.Type)
      } else if let decodable = type as? any _PlainDecodable.Type, decodable._isPlainType {
        decoders.append(decodable)
      } else {
        decoders.append(nil)
        plain = false
      }
    }
    self.types = types
    self.decoders = decoders
    canBePlain = plain
  }

  /// The value of argument `position`, rebuilt from its bytes.
  func value(at position: Int, bytes: UnsafeRawBufferPointer) -> Any? {
    guard position < types.count, types[position] != nil, let decoder = decoders[position] else { return nil }
    var reader = _PlainReader(bytes)
    // The common scalars by metadata identity, read as themselves: the existential's `Self?`
    // would have its optional's metadata looked up on every call.
    let id = ObjectIdentifier(decoder)
    if id == ObjectIdentifier(Int.self) {
      guard let value = Int._decodePlain(&reader), reader.isAtEnd else { return nil }
      return value
    }
    if id == ObjectIdentifier(Bool.self) {
      guard let value = Bool._decodePlain(&reader), reader.isAtEnd else { return nil }
      return value
    }
    if id == ObjectIdentifier(String.self) {
      guard let value = String._decodePlain(&reader), reader.isAtEnd else { return nil }
      return value
    }
    if id == ObjectIdentifier(Double.self) {
      guard let value = Double._decodePlain(&reader), reader.isAtEnd else { return nil }
      return value
    }
    guard let value = decoder._decodePlain(&reader), reader.isAtEnd else { return nil }
    return value
  }
}
