import Synchronization
internal import CVerityEngine

/// A value written in Verity's canonical structure format: immutable bytes and their hash.
///
/// Two values have equal structures exactly when they are structurally equal: same shape, same
/// scalars, dictionaries and sets compared whatever their order, class instances compared by
/// contents. Equality checks the 64-bit hash first and confirms with a byte comparison, so a hash
/// collision can never make two different structures equal.
///
/// ```swift
/// let a = Structure(["b": 2, "a": 1])
/// let b = Structure(encoding: try JSONSerialization.jsonObject(with: #"{"a":1,"b":2}"#.data(using: .utf8)!))
/// a == b           // true
/// a.description    // ["a": 1, "b": 2]
/// ```
///
/// A `Structure` is a cheap-to-copy reference to shared immutable storage, and `Sendable`.
public struct Structure: Sendable {
  let _storage: _StructureStorage

  /// Wraps bytes known to be exactly one valid structure.
  init(_trusted bytes: [UInt8]) {
    _storage = _StructureStorage(bytes: bytes)
  }

  /// The structure of a small integer (|value| < 4096), made once per process and shared: `eq(7)`
  /// in a test's verifications and stubs then costs no encoding and no allocation. Nil for any
  /// other integer (encode it as usual).
  package static func _smallInteger(_ value: Int) -> Structure? {
    guard value > -4096, value < 4096 else { return nil }
    return _shared(key: UInt(bitPattern: value << 1) | 1, value)
  }

  /// The structure of `true` or `false`, made once per process and shared (as
  /// ``_smallInteger(_:)``).
  package static func _bool(_ value: Bool) -> Structure {
    _shared(key: value ? 2 : 4, value)
  }

  /// The shared structure of `value` under `key` (odd keys for integers, 2 and 4 for booleans),
  /// made on first use.
  private static func _shared<T: StructurallyEncodable>(key: UInt, _ value: T) -> Structure {
    Structure(_storage: _SmallIntegers.known.value(forKey: UnsafeRawPointer(bitPattern: key)) { Structure(value)._storage })
  }

  init(_storage storage: _StructureStorage) {
    _storage = storage
  }

  /// Encodes a value through its ``StructurallyEncodable`` conformance.
  ///
  /// If the conformance writes something that isn't exactly one valid value, the failure is
  /// reported at the caller's location and the result is an opaque marker structure. (The output
  /// of Verity's own conformances for standard types is well-formed by construction and isn't
  /// re-validated.)
  ///
  /// ```swift
  /// let structure = Structure(User(name: "Ada", age: 36))
  /// ```
  @inlinable
  public init<T: StructurallyEncodable>(
    _ value: T,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = StructureEncoder()
    value.encode(to: &encoder)
    self = Structure._finishing(
      encoder, validate: !_isTrustedEncoding(T.self), typeName: String(describing: T.self),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Encodes a value of any type through the dynamic path (conformance, fast casts, reflection;
  /// see ``StructureEncoder/encode(any:)``). `nil` gives the nil structure.
  ///
  /// ```swift
  /// let structure = Structure(encoding: ["name": "Ada", "tags": ["x"]] as [String: Any])
  /// ```
  public init(
    encoding value: Any?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self = Structure._encodingNotingIncomparable(value, fileID: fileID, filePath: filePath, line: line, column: column).0
  }

  /// The dynamic path's structure of `value`, and what in it cannot be compared (a function), if
  /// anything. Failures are reported at the caller of Verity's public API that asked.
  package static func _encodingNotingIncomparable(
    _ value: Any?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> (Structure, _IncomparableContent?) {
    var encoder = StructureEncoder()
    encoder.encode(any: value)
    let incomparable = encoder.incomparableContent
    let structure = Structure._finishing(
      encoder, validate: encoder._untrustedContent,
      typeName: value.map { String(describing: type(of: $0)) } ?? "nil",
      fileID: fileID, filePath: filePath, line: line, column: column)
    return (structure, incomparable)
  }

  /// Whether the bytes hold the canonical NaN double anywhere (a text or data payload that happens
  /// to hold those nine bytes also answers true: callers then take a slower, exact path).
  package var _containsNaN: Bool {
    // The canonical NaN: the DOUBLE tag (0x06), then 0x7FF8000000000000 little-endian.
    let length = 9
    return withUnsafeBytes { bytes in
      guard bytes.count >= length else { return false }
      var index = 0
      while index <= bytes.count - length {
        if bytes[index] == 0x06, bytes[index + 7] == 0xF8, bytes[index + 8] == 0x7F,
          bytes[(index + 1)..<(index + 7)].allSatisfy({ $0 == 0 })
        {
          return true
        }
        index += 1
      }
      return false
    }
  }

  /// Builds a structure with an encoder: `body` must write exactly one value.
  ///
  /// ```swift
  /// let point = Structure {
  ///   $0.encodeStruct("Point") {
  ///     $0.field("x", 1)
  ///     $0.field("y", 2)
  ///   }
  /// }
  /// point.description  // Point(x: 1, y: 2)
  /// ```
  public init(
    building body: (inout StructureEncoder) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = StructureEncoder()
    body(&encoder)
    self = Structure._finishing(
      encoder, validate: true, typeName: nil,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Wraps bytes after checking that they are exactly one valid structure.
  ///
  /// ```swift
  /// let five = try Structure(validating: [0x04, 0x05])  // UINT 5
  /// five == Structure(5)                               // true
  /// ```
  ///
  /// - Throws: ``VerityEngineError`` with code `.truncated`, `.malformed` (an unknown tag, a bad
  ///   varint, a child overrunning its container, trailing bytes, a back-reference to an object not
  ///   yet seen, ...) or `.tooLarge`.
  public init(validating bytes: [UInt8]) throws(VerityEngineError) {
    try bytes.withUnsafeBufferPointer { buffer throws(VerityEngineError) in
      try vrt_validate(buffer.baseAddress, buffer.count).check()
    }
    self.init(_trusted: bytes)
  }

  /// The canonical bytes.
  ///
  /// ```swift
  /// Structure(-1).bytes  // [0x05, 0x00]
  /// ```
  public var bytes: [UInt8] { _storage.bytes }

  /// The number of bytes.
  ///
  /// ```swift
  /// Structure("hi").byteCount  // 4: tag, length, "h", "i"
  /// ```
  public var byteCount: Int { _storage.bytes.count }

  /// XXH3-64 of ``bytes`` (seed 0). Equal structures have equal hashes; equal hashes are only a
  /// hint that structures are equal.
  ///
  /// ```swift
  /// Structure(1).hash == Structure(UInt8(1)).hash  // true
  /// ```
  public var hash: UInt64 { _storage.hash }

  /// Calls `body` with the bytes, without copying them.
  ///
  /// ```swift
  /// let firstTag = structure.withUnsafeBytes { $0.first }
  /// ```
  public func withUnsafeBytes<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    try _storage.bytes.withUnsafeBufferPointer { buffer throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
  }

  /// Checks the encoder's output and wraps it, reporting a failure (and returning an opaque
  /// marker) when it isn't exactly one valid structure.
  @usableFromInline
  static func _finishing(
    _ encoder: borrowing StructureEncoder,
    validate: Bool,
    typeName: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> Structure {
    let result: Result<Structure, VerityEngineError> = _finish(encoder, validate: validate)
    switch result {
    case .success(let structure):
      return structure
    case .failure(let error):
      let what = typeName().map { "a value of type \($0)" } ?? "a built value"
      let message = "Verity could not encode \(what): \(error.message)"
      reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
      return Structure._marker(for: error)
    }
  }

  /// The encoder's output as a structure, or why it isn't one. `validate: false` skips the full
  /// validation for output known to be well-formed (Verity's own conformances); the encoder's
  /// sticky status and open containers are always checked.
  package static func _finish(
    _ encoder: borrowing StructureEncoder, validate: Bool = true
  ) -> Result<Structure, VerityEngineError> {
    if let error = encoder.finish() { return .failure(error) }
    return encoder.withWrittenBytes { buffer in
      if buffer.isEmpty { return .failure(VerityEngineError(.truncated)) }
      if validate,
        let error = VerityEngineError(
          status: vrt_validate(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count))
      {
        return .failure(error)
      }
      return .success(Structure(_trusted: Array(buffer)))
    }
  }

  /// A conformance's output, unvalidated (for callers that validate the bytes anyway, such as a
  /// node-table build); nil when the encoder itself failed.
  package static func _unvalidated<T: StructurallyEncodable>(_ value: T) -> Structure? {
    var encoder = StructureEncoder()
    value.encode(to: &encoder)
    return try? _finish(encoder, validate: false).get()
  }

  /// The opaque structure that stands in for a value that could not be encoded.
  package static func _marker(for error: VerityEngineError) -> Structure {
    Structure {
      $0.encodeOpaque(typeName: "<encoding failed>", description: "<encoding failed: \(error.message)>")
    }
  }
}

/// Shared immutable storage of a structure, plus its lazily built node table.
/// The shared structures of small integers and booleans (``Structure/_smallInteger(_:)``,
/// ``Structure/_bool(_:)``): odd keys for integers, 2 and 4 for `true` and `false`.
enum _SmallIntegers {
  static let known = _TypeMap<_StructureStorage>(capacity: 8192)
}

final class _StructureStorage: Sendable {
  let bytes: [UInt8]
  let hash: UInt64
  /// Built on first use by ``Structure/nodeTable()``; the mutex makes the lazy build thread-safe.
  /// Inline (see ``_withNodes(_:)``): most structures never build it.
  let nodes = Mutex<[StructureNode]?>(nil)

  init(bytes: [UInt8]) {
    self.bytes = bytes
    self.hash = bytes.withUnsafeBytes { vrt_hash_bytes($0.baseAddress, $0.count, nil) }
  }

  /// Runs `body` on the cached node table under its lock.
  func _withNodes<R, E: Error>(_ body: (inout sending [StructureNode]?) throws(E) -> sending R) throws(E) -> sending R {
    try nodes._withLock(token: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), body)
  }
}
