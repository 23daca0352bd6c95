internal import CVerityEngine

/// A process-lifetime map from types to immutable objects, read with no lock (the engine's
/// `vrt_ptr_map`: atomic loads, no allocation, no hashing of Swift values). Values are never
/// removed, so each one added is retained for the life of the process. A miss (a type not added
/// yet, one whose adding on another thread is not published yet, or one added while the map was
/// full) is answered by the caller's own, slower record.
///
/// Every cache is bounded, by the policy "first come, kept for good; when full, keep nothing
/// more": a full map answers a new key with a miss, and its caller takes its slower path, which
/// gives the same answer (a cache only remembers what the slower path would compute). The locked
/// caches behind some of these maps are ``_BoundedCache``s, under the same policy.
/// `TypeMapTests` checks the policy on a small map, `BoundedCacheTests` each locked cache. The
/// caches:
///
/// | cache | capacity | a miss costs |
/// |---|---|---|
/// | `_LayoutCache.shared.fast` (a type's learned field layout) | 4,096 types | the records' lock and lookup |
/// | `_LayoutCache.shared.records` (every layout, or that `Mirror` writes the type) | 8,192 types | building the layout, and checking its first value |
/// | `_ArgumentShape.fast` (a call's argument types) | 2,048 shapes | a lookup in `_ArgumentShape.cache` |
/// | `_ArgumentShape.cache` (locked) | 4,096 shapes | building the shape (an array and conformance checks per type) |
/// | `_TypeNames.cache` (a type's qualified name) | 4,096 types | demangling the name |
/// | `_UnevaluatedAssertionWarnings.sites` (each `Assert` left unevaluated) | 1,024 places | the warning printed again at each release there |
/// | `_PlainTypes.known` (whether a type's values rebuild from bytes) | 1,024 types | the conformance checks |
/// | `_SmallIntegers.known` (structures of small integers) | 8,192 values | encoding the integer |
/// | `_ArgumentElementKind.known` (whether a list element's type is a matcher) | 2,048 types | the casts to the matcher protocols |
///
/// `@unchecked Sendable`: the only state is the engine map, which synchronizes its readers and
/// adders itself (acquire/release atomics); `Value` is `Sendable`.
package final class _TypeMap<Value: AnyObject & Sendable>: @unchecked Sendable {
  private let map: OpaquePointer?

  package init(capacity: Int) {
    var created: OpaquePointer? = nil
    map = vrt_ptr_map_create(capacity, &created) == VRT_OK ? created : nil
  }

  deinit { vrt_ptr_map_free(map) }

  /// The value added for `type`, if any.
  @inline(__always)
  package func value(for type: Any.Type) -> Value? {
    value(forKey: Self.key(type))
  }

  /// The value added for a key other than a type (a nonzero word), if any.
  @inline(__always)
  package func value(forKey key: UnsafeRawPointer?) -> Value? {
    guard let raw = vrt_ptr_map_get(map, key) else { return nil }
    return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
  }

  /// A type's key: its metadata's address.
  @inline(__always)
  private static func key(_ type: Any.Type) -> UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(type)))
  }

  /// Adds `value` for `type` (kept for good) unless the type has one; a full map adds nothing.
  package func add(_ value: Value, for type: Any.Type) {
    add(value, forKey: Self.key(type))
  }

  /// The value for `key` (a nonzero word), made by `make` and added when there is none: usually
  /// the one value the map answers with for `key`, but not always. Callers racing to add the
  /// first may each get the value they made (two adders may both add, and one that looks again
  /// before the value the map answers with is published gets its own; see `vrt_ptr_map_add`),
  /// so the values made for one key must be interchangeable, as the immutable ones kept here
  /// are. A full map keeps nothing, and `make`'s value is returned unkept.
  package func value(forKey key: UnsafeRawPointer?, addingIfAbsent make: () -> Value) -> Value {
    if let known = value(forKey: key) { return known }
    let made = make()
    add(made, forKey: key)
    return value(forKey: key) ?? made
  }

  /// Adds `value` for a key other than a type (a nonzero word), as ``add(_:for:)``.
  package func add(_ value: Value, forKey key: UnsafeRawPointer?) {
    let retained = Unmanaged.passRetained(value)
    let now = vrt_ptr_map_add(map, key, retained.toOpaque())
    if now != UnsafeRawPointer(retained.toOpaque()) { retained.release() }
  }
}

/// A locked dictionary bounded by ``_TypeMap``'s policy: first come, kept for good; when full, a
/// new key is kept nowhere and its caller computes the answer again. A lookup that hits costs what
/// it did as a plain `_Lock` of a dictionary.
package final class _BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  package let capacity: Int
  private let entries = _Lock<[Key: Value]>([:])

  package init(capacity: Int) { self.capacity = capacity }

  /// The value kept for `key`, if any.
  package func value(for key: Key) -> Value? { entries._withLock { $0[key] } }

  /// How many values are kept.
  package var count: Int { entries._withLock { $0.count } }

  /// Runs `body` under the lock on the entry kept for `key` (nil: none); what it leaves there is
  /// kept if `key` had an entry or the cache has room.
  package func update<Result: Sendable>(_ key: Key, _ body: (inout Value?) -> Result) -> Result {
    entries._withLock { entries in
      var entry = entries[key]
      let result = body(&entry)
      if let entry, entries.count < capacity || entries[key] != nil { entries[key] = entry }
      return result
    }
  }
}
