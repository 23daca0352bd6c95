internal import CVerityEngine

/// Writes values into Verity's canonical structure format.
///
/// You meet an encoder inside ``StructurallyEncodable/encode(to:)``: write exactly one value with
/// one of the `encode` methods or one container (``encodeArray(_:)``, ``encodeStruct(_:_:)``, ...).
/// The encoder owns an engine writer; it is `~Copyable`, so it can't be copied or escape.
///
/// ```swift
/// extension Point: StructurallyEncodable {
///   func encode(to encoder: inout StructureEncoder) {
///     encoder.encodeStruct("Point") {
///       $0.field("x", x)
///       $0.field("y", y)
///     }
///   }
/// }
/// ```
///
/// How scalars are written:
/// - Every integer, whatever its width, is one canonical number: `Int8(3)`, `UInt64(3)` and `3`
///   are the same structure. Integers beyond 64 bits that don't fit in `Int64`/`UInt64` are
///   written as an opaque value with type name `"Integer"` and their decimal digits.
/// - `Float` is widened exactly to `Double`. Every NaN is one canonical NaN (so NaN equals NaN
///   structurally) and `-0.0` is written as `+0.0` (as `==` treats them).
/// - Strings are written in Unicode Normalization Form C, so canonically equivalent strings (which
///   Swift's `==` calls equal) are the same structure: `"é"` precomposed (U+00E9) and decomposed
///   (U+0065 U+0301) both write U+00E9. Strings with no code point at or above U+0300 (all ASCII
///   and most Latin text) are already in NFC and are copied as they are.
///
/// Sendability (`@unchecked`): an encoder is `~Copyable`, so it can move between threads but never
/// be shared. It either owns its writer alone, or borrows a call log's spare writer, which only
/// the recording that won the spare's atomic `inUse` flag (acquire) may touch until it gives the
/// spare back (release). Either way one thread at a time touches the writer's memory.
public struct StructureEncoder: ~Copyable, @unchecked Sendable {
  /// The engine writer, heap-allocated so its address is stable while the encoder moves.
  let _writer: UnsafeMutablePointer<vrt_writer>

  /// Set when the encoder wrote a value that cannot be compared by value (a function), for the
  /// comparisons that must report it instead of answering. Cleared by ``reset()``.
  package var incomparableContent: _IncomparableContent? = nil

  /// The encoder's flags, in one byte so that the encoder is two words and three scalars (every
  /// call records through one, and a debug build copies it field by field): see ``_Flag``.
  @usableFromInline
  package var _flags: UInt8

  /// The bits of ``_flags`` (transparent, so even a debug build reads them as constants).
  @usableFromInline
  package enum _Flag {
    /// A whole call argument is being written (see ``_encodeArgument(_:count:failure:types:plain:)``).
    @_transparent @usableFromInline static var writingArgument: UInt8 { 1 }
    /// An argument wrapper wrote itself as that argument (see ``noteWrappedArgument(_:type:contentsArePlain:)``).
    @_transparent @usableFromInline static var wrapperNoted: UInt8 { 2 }
    /// See ``_lossy``.
    @_transparent @usableFromInline static var lossy: UInt8 { 8 }
    /// See ``_untrustedContent``.
    @_transparent @usableFromInline static var untrusted: UInt8 { 16 }
    /// The encoder owns its writer (false for a call log's reusable writer it borrows).
    @_transparent @usableFromInline static var ownsWriter: UInt8 { 32 }
    /// The encoder writes a call for a log that keeps argument values, which may take a pure
    /// value's writing later (see ``_deferArgument(_:)``).
    @_transparent @usableFromInline static var mayDefer: UInt8 { 64 }
    /// The argument being written was deferred (a placeholder was written in its place).
    @_transparent @usableFromInline static var deferredNoted: UInt8 { 128 }
  }

  /// The positions (bit `i`: argument `i`, the first 64) of the call's arguments that were not
  /// written but deferred (see ``_deferArgument(_:)``). Cleared by ``reset()``.
  package var _deferredMask: UInt64 = 0

  /// What the call's argument wrappers handed over (see
  /// ``noteWrappedArgument(_:type:contentsArePlain:)``). Its positions are cleared by ``reset()``.
  @usableFromInline
  package var _wrapped = _WrappedArguments()

  /// Set when the encoder wrote a value whose structure does not determine it exactly: a NaN or a
  /// negative zero (written canonically), or a string not already in NFC. A call log keeps the
  /// values of such a call instead of rebuilding them from bytes. Cleared by ``reset()``.
  @inlinable
  package var _lossy: Bool {
    get { _flags & _Flag.lossy != 0 }
    set { if newValue { _flags |= _Flag.lossy } else { _flags &= ~_Flag.lossy } }
  }

  /// Set when the dynamic path hands a value to a conformance Verity does not ship (whose output
  /// must be validated); what Verity writes itself (casts, reflection, its own conformances) is
  /// well formed by construction. Cleared by ``reset()``.
  package var _untrustedContent: Bool {
    get { _flags & _Flag.untrusted != 0 }
    set { if newValue { _flags |= _Flag.untrusted } else { _flags &= ~_Flag.untrusted } }
  }

  /// Creates an empty encoder. Use ``Structure/init(building:fileID:filePath:line:column:)`` to
  /// encode into a ``Structure``.
  @usableFromInline
  package init() {
    _writer = .allocate(capacity: 1)
    vrt_writer_init(_writer)
    _flags = _Flag.ownsWriter
  }

  /// An encoder over a writer that outlives it and that it doesn't free.
  init(_borrowing writer: UnsafeMutablePointer<vrt_writer>) {
    _writer = writer
    _flags = 0
  }

  deinit {
    if _flags & _Flag.ownsWriter != 0 {
      vrt_writer_destroy(_writer)
      _writer.deallocate()
    }
  }

  // MARK: Scalars

  /// Writes `nil` (`Optional.none`, `NSNull`).
  ///
  /// ```swift
  /// if let value { encoder.encode(value) } else { encoder.encodeNil() }
  /// ```
  public mutating func encodeNil() {
    vrt_writer_write_nil(_writer)
  }

  /// Writes `true` or `false`.
  ///
  /// ```swift
  /// encoder.encode(isEnabled)
  /// ```
  public mutating func encode(_ value: Bool) {
    vrt_writer_write_bool(_writer, value)
  }

  /// Writes an integer of any width as one canonical number.
  ///
  /// Fixed-width integers up to 64 bits take a direct path. Wider integers are written as numbers
  /// when they fit in `Int64` or `UInt64`, and otherwise as an opaque value (type name
  /// `"Integer"`, decimal digits), so equal values stay equal whatever their type.
  ///
  /// ```swift
  /// encoder.encode(UInt8(7))   // same structure as encoder.encode(7)
  /// ```
  @inlinable
  public mutating func encode<T: BinaryInteger>(_ value: T) {
    _encodeInteger(value)
  }

  /// Writes an integer that is also ``StructurallyEncodable`` through its conformance.
  ///
  /// This overload only resolves the ambiguity between the `encode(_:)` for `BinaryInteger` and
  /// the one for `StructurallyEncodable` for types that are both, such as `Int`.
  ///
  /// ```swift
  /// encoder.encode(42)
  /// ```
  @inlinable
  public mutating func encode<T: BinaryInteger & StructurallyEncodable>(_ value: T) {
    value.encode(to: &self)
  }

  /// Writes a `Double`; NaN and `-0.0` are canonicalized (see ``StructureEncoder``).
  ///
  /// ```swift
  /// encoder.encode(1.5)
  /// ```
  public mutating func encode(_ value: Double) {
    if _slowPath(!_isPlainDouble(value)) { _lossy = true }
    vrt_writer_write_double(_writer, value)
  }

  /// Writes a `Float`, widened exactly to `Double`: `Float(1.5)` and `1.5` are the same structure.
  ///
  /// ```swift
  /// encoder.encode(Float(0.25))
  /// ```
  public mutating func encode(_ value: Float) {
    if _slowPath(value.isNaN || (value == 0 && value.sign == .minus)) { _lossy = true }
    vrt_writer_write_double(_writer, Double(value))
  }

  /// Writes a string as its UTF-8 bytes in Unicode Normalization Form C (see ``StructureEncoder``):
  /// `"caf\u{E9}"` and `"cafe\u{301}"` are the same structure, as they are equal under `==`.
  ///
  /// ```swift
  /// encoder.encode("Ada")
  /// ```
  public mutating func encode(_ value: String) {
    var value = value
    let written = value.withUTF8 { utf8 in
      guard vrt_utf8_is_nfc_quick(utf8.baseAddress, utf8.count) else { return false }
      vrt_writer_write_data(_writer, UInt8(VRT_TAG_STRING), utf8.baseAddress, utf8.count)
      return true
    }
    if !written {
      _lossy = true
      _writeNormalized(value)
    }
  }

  /// Writes a substring as a string: `"abc".dropFirst()` and `"bc"` are the same structure.
  ///
  /// ```swift
  /// encoder.encode(line.prefix(3))
  /// ```
  public mutating func encode(_ value: Substring) {
    var value = value
    let written = value.withUTF8 { utf8 in
      guard vrt_utf8_is_nfc_quick(utf8.baseAddress, utf8.count) else { return false }
      vrt_writer_write_data(_writer, UInt8(VRT_TAG_STRING), utf8.baseAddress, utf8.count)
      return true
    }
    if !written { _writeNormalized(String(value)) }
  }

  /// Writes a STRING of the NFC form of `value` (the slow path: the text has code points at or
  /// above U+0300, where composition may apply).
  @inline(never)
  mutating func _writeNormalized(_ value: String) {
    value._nfcCodeUnits.withUnsafeBufferPointer { utf8 in
      vrt_writer_write_data(_writer, UInt8(VRT_TAG_STRING), utf8.baseAddress, utf8.count)
    }
  }

  /// Writes raw bytes (the structure `Data` and `[UInt8]` use).
  ///
  /// ```swift
  /// encoder.encode(bytes: payload)  // Data, [UInt8], ArraySlice<UInt8>, ...
  /// ```
  @inlinable
  public mutating func encode<C: Collection>(bytes: C) where C.Element == UInt8 {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      encode(bytes: UnsafeRawBufferPointer(buffer))
    }
    if done == nil {
      Array(bytes).withUnsafeBytes { encode(bytes: $0) }
    }
  }

  /// Writes raw bytes from memory you already hold.
  ///
  /// ```swift
  /// data.withUnsafeBytes { encoder.encode(bytes: $0) }
  /// ```
  public mutating func encode(bytes: UnsafeRawBufferPointer) {
    vrt_writer_write_data(_writer, UInt8(VRT_TAG_BYTES), bytes.baseAddress, bytes.count)
  }

  /// Writes a value with no inner structure: a type name and a description. Two opaque values
  /// are equal when both strings are equal. Verity uses this for closures and metatypes.
  ///
  /// ```swift
  /// encoder.encodeOpaque(typeName: "Handle", description: "fd 3")
  /// ```
  public mutating func encodeOpaque(typeName: String, description: String) {
    var typeName = typeName
    var description = description
    typeName.withUTF8 { name in
      description.withUTF8 { text in
        vrt_writer_write_opaque(
          _writer,
          UnsafeRawPointer(name.baseAddress)?.assumingMemoryBound(to: CChar.self), name.count,
          UnsafeRawPointer(text.baseAddress)?.assumingMemoryBound(to: CChar.self), text.count)
      }
    }
  }

  /// Writes any ``StructurallyEncodable`` value through its conformance (generic: no boxing, no
  /// reflection).
  ///
  /// ```swift
  /// encoder.encode(user.tags)  // [String] -> ARRAY of STRING
  /// ```
  @inlinable
  public mutating func encode<T: StructurallyEncodable>(_ value: T) {
    value.encode(to: &self)
  }

  // MARK: Internals

  /// Notes that a value which cannot be compared was written (see ``incomparableContent``).
  package mutating func _noteIncomparable(_ content: _IncomparableContent) {
    if incomparableContent == nil { incomparableContent = content }
  }

  /// The fixed-width fast path behind every integer conformance.
  @inlinable
  mutating func _encodeInteger<T: BinaryInteger>(_ value: T) {
    if T.isSigned {
      if value.bitWidth <= 64 {
        _writeSigned(Int64(truncatingIfNeeded: value))
      } else if let narrow = Int64(exactly: value) {
        _writeSigned(narrow)
      } else if let narrow = UInt64(exactly: value) {
        _writeUnsigned(narrow)
      } else {
        encodeOpaque(typeName: "Integer", description: String(value))
      }
    } else {
      if value.bitWidth <= 64 {
        _writeUnsigned(UInt64(truncatingIfNeeded: value))
      } else if let narrow = UInt64(exactly: value) {
        _writeUnsigned(narrow)
      } else {
        encodeOpaque(typeName: "Integer", description: String(value))
      }
    }
  }

  @usableFromInline
  mutating func _writeSigned(_ value: Int64) {
    vrt_writer_write_int(_writer, value)
  }

  @usableFromInline
  mutating func _writeUnsigned(_ value: UInt64) {
    vrt_writer_write_uint(_writer, value)
  }

  /// Writes a STRING label (field labels, names).
  @usableFromInline
  mutating func _encodeLabel(_ label: String) {
    encode(label)
  }

  /// Number of bytes written so far.
  @usableFromInline
  package var byteCount: Int { vrt_writer_length(_writer) }

  /// Calls `body` with the bytes written so far.
  package func withWrittenBytes<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    try body(UnsafeRawBufferPointer(start: vrt_writer_bytes(_writer), count: vrt_writer_length(_writer)))
  }

  /// Empties the encoder (keeping its capacity) for the next value.
  package mutating func reset() {
    vrt_writer_reset(_writer)
    incomparableContent = nil
    _flags &= _Flag.ownsWriter
    _deferredMask = 0
    _wrapped.forgetPositions()
  }

  /// Writes a placeholder instead of `value`, a whole call argument (directly inside an argument
  /// wrapper, or an element of an `[Any?]` argument list), when the log keeps argument values and
  /// the value is a pure value of a type whose layout was learned and checked (see
  /// `_TypeLayout.isPureValue`): the log keeps the value, and writes it only when a query needs
  /// the call's bytes (an equality, a structure predicate, a message). Writing it then gives the
  /// bytes writing it now would: nothing in a pure value can change after the call. Returns false,
  /// writing nothing, for any other value.
  package mutating func _deferArgument(_ value: Any) -> Bool {
    _deferArgument(ofType: type(of: value))
  }

  /// ``_deferArgument(_:)`` for a value of exactly `type`, which decides alone (a wrapper of a
  /// concrete type asks before it boxes its value).
  @usableFromInline
  package mutating func _deferArgument(ofType type: Any.Type) -> Bool {
    guard _flags & _Flag.writingArgument != 0, _deferIfPure(type: type) else { return false }
    _flags |= _Flag.deferredNoted
    return true
  }

  /// ``_deferArgument(_:)`` for an element of an `[Any?]` argument list (the caller notes the
  /// position in ``_deferredMask``), whose dynamic type the caller has in hand.
  mutating func _deferIfPure(type: Any.Type) -> Bool {
    guard _flags & _Flag.mayDefer != 0, vrt_writer_depth(_writer) == 0,
      let layout = _TypeLayout.learnedFast(type), layout.isPureValue,
      layout.state.load(ordering: .acquiring) == _TypeLayout.checked
    else { return false }
    // What a query that forgot to write the call would see: an opaque value no argument equals
    // (written from static text: no string to bridge on every deferred argument).
    let name: StaticString = "Verity.DeferredArgument"
    let text: StaticString = "<deferred>"
    vrt_writer_write_opaque(
      _writer, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self), name.utf8CodeUnitCount,
      UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self), text.utf8CodeUnitCount)
    return true
  }

  /// The sticky error, if any write failed or a container is still open.
  package func finish() -> VerityEngineError? {
    VerityEngineError(status: vrt_writer_finish(_writer))
  }

  /// The sticky error of a failed write, if any (open containers are not an error here).
  package var failure: VerityEngineError? {
    VerityEngineError(status: vrt_writer_status(_writer))
  }
}

/// What made a structure impossible to compare by value. A trivial value, so the encoder that
/// carries it stays cheap to move on the recording path.
package enum _IncomparableContent: UInt8, Sendable, Equatable {
  /// A function (closure); the structure shows it as `<function (Int) -> ()>`.
  case function
}
