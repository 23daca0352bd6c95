internal import CVerityEngine

/// A process-lifetime map from types to immutable objects, read with no lock (the engine's
/// `vrt_ptr_map`: atomic loads, no allocation, no hashing of Swift values). Values are never
/// removed, so each one added is retained for the life of the process. A miss (a type not added
/// yet, one whose adding on another thread is not published yet, or one added while the map was
/// full) is answered by the caller's own, slower record.
///
/// Every cache is bounded, by the policy "first come, kept for good; when full, keep nothing
/// more": a full map answers a new key with a miss, and its caller takes its slower path, which
/// gives the same answer (a cache only remembers what the slower path would compute).
/// `TypeMapTests` checks the policy on a small map. The caches:
///
/// | cache | capacity | a miss costs |
/// |---|---|---|
/// | `_TypeLayout.fast` (a type's learned field layout) | 4,096 types | the layout cache's lock and lookup |
/// | `_ArgumentShape.fast` (a call's argument types) | 2,048 shapes | a lookup in the shapes' locked table |
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

  /// ``value(forKey:addingIfAbsent:)`` for a type.
  package func value(for type: Any.Type, addingIfAbsent make: () -> Value) -> Value {
    value(forKey: Self.key(type), addingIfAbsent: make)
  }

  /// Adds `value` for a key other than a type (a nonzero word), as ``add(_:for:)``.
  package func add(_ value: Value, forKey key: UnsafeRawPointer?) {
    let retained = Unmanaged.passRetained(value)
    let now = vrt_ptr_map_add(map, key, retained.toOpaque())
    if now != UnsafeRawPointer(retained.toOpaque()) { retained.release() }
  }
}
