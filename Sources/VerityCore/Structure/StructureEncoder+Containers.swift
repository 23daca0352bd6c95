internal import CVerityEngine

extension StructureEncoder {
  // MARK: Sequences

  /// Writes an array: `elements` writes each element with the encoder it is given.
  ///
  /// ```swift
  /// encoder.encodeArray {
  ///   for item in items { $0.encode(item) }
  /// }
  /// ```
  @inlinable
  public mutating func encodeArray(_ elements: (inout StructureEncoder) -> Void) {
    _begin(_Tag.array, nil)
    elements(&self)
    _end()
  }

  /// Writes an array of the elements of `sequence`.
  ///
  /// ```swift
  /// encoder.encodeArray(contentsOf: queue.pending)
  /// ```
  @inlinable
  public mutating func encodeArray<S: Sequence>(contentsOf sequence: S)
  where S.Element: StructurallyEncodable {
    _begin(_Tag.array, nil)
    for element in sequence { element.encode(to: &self) }
    _end()
  }

  /// Writes a set: the elements are written in any order and stored sorted by their encoded
  /// bytes, so equal sets give equal structures whatever their iteration order.
  ///
  /// ```swift
  /// encoder.encodeSet {
  ///   for tag in tags { $0.encode(tag) }
  /// }
  /// ```
  @inlinable
  public mutating func encodeSet(_ elements: (inout StructureEncoder) -> Void) {
    _begin(_Tag.set, nil)
    elements(&self)
    _end()
  }

  /// Writes a set of the elements of `sequence` (canonical order, see ``encodeSet(_:)``).
  ///
  /// ```swift
  /// encoder.encodeSet(contentsOf: permissions)
  /// ```
  @inlinable
  public mutating func encodeSet<S: Sequence>(contentsOf sequence: S)
  where S.Element: StructurallyEncodable {
    _begin(_Tag.set, nil)
    for element in sequence { element.encode(to: &self) }
    _end()
  }

  /// Writes a dictionary: `entries` writes each key and value with
  /// ``EntryEncoder/entry(_:_:)``. Entries are stored sorted by their encoded key bytes, so equal
  /// dictionaries give equal structures whatever their insertion order.
  ///
  /// ```swift
  /// encoder.encodeDictionary {
  ///   for (key, value) in headers { $0.entry(key, value) }
  /// }
  /// ```
  @inlinable
  public mutating func encodeDictionary(_ entries: (inout EntryEncoder) -> Void) {
    _begin(_Tag.dictionary, nil)
    var encoder = EntryEncoder(_encoder: self)
    entries(&encoder)
    self = encoder._take()
    _end()
  }

  // MARK: Named containers

  /// Writes a struct: its type name, then labeled fields written with
  /// ``FieldEncoder/field(_:_:)-(_,(StructureEncoder)->Void)``.
  ///
  /// ```swift
  /// encoder.encodeStruct("User") {
  ///   $0.field("name", name)
  ///   $0.field("age", age)
  /// }
  /// ```
  @inlinable
  public mutating func encodeStruct(_ typeName: String, _ fields: (inout FieldEncoder) -> Void) {
    _begin(_Tag.struct, typeName)
    _withFields(fields)
    _end()
  }

  /// Writes an enum case: type name, case name, and the associated values as fields (pass `""`
  /// as the label of an unlabeled associated value). The payload closure may be omitted.
  ///
  /// ```swift
  /// switch self {
  /// case .idle:
  ///   encoder.encodeEnum("State", case: "idle")
  /// case .failed(let code, let reason):
  ///   encoder.encodeEnum("State", case: "failed") {
  ///     $0.field("", code)
  ///     $0.field("reason", reason)
  ///   }
  /// }
  /// ```
  @inlinable
  public mutating func encodeEnum(
    _ typeName: String,
    case caseName: String,
    _ payload: (inout FieldEncoder) -> Void = { _ in }
  ) {
    _begin(_Tag.enum, typeName)
    encode(caseName)
    _withFields(payload)
    _end()
  }

  /// Writes a class instance by its contents, like a struct. If the same instance (same
  /// `identity`) was already written in this value, a back-reference is written instead and
  /// `fields` is not called, so cycles and shared instances terminate.
  ///
  /// ```swift
  /// final class Node: StructurallyEncodable {
  ///   var value = 0
  ///   var next: Node?
  ///   func encode(to encoder: inout StructureEncoder) {
  ///     encoder.encodeObject(identity: ObjectIdentifier(self), typeName: "Node") {
  ///       $0.field("value", value)
  ///       $0.field("next", next)
  ///     }
  ///   }
  /// }
  /// ```
  @inlinable
  public mutating func encodeObject(
    identity: ObjectIdentifier,
    typeName: String,
    _ fields: (inout FieldEncoder) -> Void
  ) {
    if _objectSeen(identity) { return }
    _begin(_Tag.object, typeName)
    _withFields(fields)
    _end()
  }

  /// Writes a class instance with the stored properties `fields` writes, or, when the class
  /// inherits from another class (whose stored properties a subclass cannot list), the whole
  /// instance by reflection. `@Matchable` writes final classes this way.
  ///
  /// ```swift
  /// encoder.encodeObject(self, typeName: "Session") {
  ///   $0.field("token", token)
  /// }
  /// ```
  public mutating func encodeObject(
    _ object: AnyObject, typeName: String, _ fields: (inout FieldEncoder) -> Void
  ) {
    if Mirror(reflecting: object).superclassMirror != nil {
      _encodeByReflection(object)
    } else {
      encodeObject(identity: ObjectIdentifier(object), typeName: typeName, fields)
    }
  }

  /// Writes a class instance that declares no stored property: opaque, by its description (by
  /// reflection when it inherits from another class), as reflection would write it.
  public mutating func encodeObject(_ object: AnyObject, typeName: String) {
    if Mirror(reflecting: object).superclassMirror != nil {
      _encodeByReflection(object)
    } else {
      encodeOpaque(typeName: typeName, description: String(describing: object))
    }
  }

  /// Writes a tuple: its elements as fields (`""` for an unlabeled element).
  ///
  /// ```swift
  /// encoder.encodeTuple {
  ///   $0.field("", pair.0)
  ///   $0.field("count", pair.count)
  /// }
  /// ```
  @inlinable
  public mutating func encodeTuple(_ elements: (inout FieldEncoder) -> Void) {
    _begin(_Tag.tuple, nil)
    _withFields(elements)
    _end()
  }

  /// Writes `Optional.some(x)`: `wrapped` writes `x`, and that is the whole value. Verity has one
  /// nil: an optional holding nil at any depth (`Int??.some(nil)`) is written as nil, like `.none`
  /// and `NSNull` (the "Equality and matching" article states the rule).
  ///
  /// ```swift
  /// encoder.encodeSome { $0.encode(inner) }
  /// ```
  @inlinable
  public mutating func encodeSome(_ wrapped: (inout StructureEncoder) -> Void) {
    wrapped(&self)
  }

  // MARK: Internals

  /// Opens a container, with a type name for STRUCT, ENUM and OBJECT.
  @usableFromInline
  mutating func _begin(_ tag: UInt8, _ name: String?) {
    guard var name else {
      vrt_writer_begin(_writer, tag, nil, 0)
      return
    }
    name.withUTF8 { utf8 in
      vrt_writer_begin(
        _writer, tag, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self),
        utf8.count)
    }
  }

  /// Closes the innermost container.
  @usableFromInline
  mutating func _end() {
    vrt_writer_end(_writer)
  }

  /// Writes a BACKREF and returns true if the instance was already written in this value;
  /// otherwise remembers it and returns false.
  @usableFromInline
  mutating func _objectSeen(_ identity: ObjectIdentifier) -> Bool {
    vrt_writer_object_seen(_writer, UInt(bitPattern: identity))
  }

  /// Lends this encoder to `body` as a field encoder, and takes it back.
  @inlinable
  mutating func _withFields(_ body: (inout FieldEncoder) -> Void) {
    var fields = FieldEncoder(_encoder: self)
    body(&fields)
    self = fields._take()
  }

  /// Writes the labeled fields of a struct, enum payload, class instance or tuple.
  ///
  /// You get one inside ``StructureEncoder/encodeStruct(_:_:)``,
  /// ``StructureEncoder/encodeEnum(_:case:_:)``,
  /// ``StructureEncoder/encodeObject(identity:typeName:_:)`` and ``StructureEncoder/encodeTuple(_:)``.
  /// Each `field` call writes a label and exactly one value.
  ///
  /// ```swift
  /// encoder.encodeStruct("Size") {
  ///   $0.field("width", width)
  ///   $0.field("height", height)
  /// }
  /// ```
  public struct FieldEncoder: ~Copyable {
    @usableFromInline
    var _encoder: StructureEncoder

    @usableFromInline
    init(_encoder: consuming StructureEncoder) {
      self._encoder = _encoder
    }

    @usableFromInline
    consuming func _take() -> StructureEncoder {
      _encoder
    }

    /// Writes one field: its label (`""` for none) and its value.
    ///
    /// ```swift
    /// $0.field("name", name)
    /// ```
    @inlinable
    public mutating func field<T: StructurallyEncodable>(_ label: String, _ value: T) {
      _encoder._encodeLabel(label)
      value.encode(to: &_encoder)
    }

    /// Writes one `String` field. (The common scalar types have their own overloads so that
    /// conformances compiled without optimization, as tests are, make direct calls instead of
    /// generic ones; the bytes are those of ``field(_:_:)-6ulo7``.)
    @inlinable
    public mutating func field(_ label: String, _ value: String) {
      _encoder._encodeLabel(label)
      _encoder.encode(value)
    }

    /// Writes one `Int` field.
    @inlinable
    public mutating func field(_ label: String, _ value: Int) {
      _encoder._encodeLabel(label)
      value.encode(to: &_encoder)
    }

    /// Writes one `Double` field.
    @inlinable
    public mutating func field(_ label: String, _ value: Double) {
      _encoder._encodeLabel(label)
      _encoder.encode(value)
    }

    /// Writes one `Bool` field.
    @inlinable
    public mutating func field(_ label: String, _ value: Bool) {
      _encoder._encodeLabel(label)
      _encoder.encode(value)
    }

    /// Writes one field whose value takes the dynamic path (conformance, fast casts, then
    /// reflection); see ``StructureEncoder/encode(any:)``.
    ///
    /// ```swift
    /// $0.field("payload", any: json)  // json: [String: Any]
    /// ```
    @inlinable
    public mutating func field(_ label: String, any value: Any?) {
      _encoder._encodeLabel(label)
      _encoder.encode(any: value)
    }

    /// Writes one field of a type with no ``StructurallyEncodable`` conformance, by the dynamic
    /// path (conformances of its dynamic type, fast casts, then reflection), as
    /// ``field(_:any:)`` does. A value whose static type conforms takes the typed overloads
    /// instead; `@Matchable` writes every stored property through this name, so each one takes
    /// the fastest path its type allows.
    ///
    /// ```swift
    /// $0.field("location", location)  // location: CLLocationCoordinate2D, no conformance
    /// ```
    @inlinable
    @_disfavoredOverload
    public mutating func field<T>(_ label: String, _ value: T) {
      _encoder._encodeLabel(label)
      _encoder.encode(any: value)
    }

    /// Writes one field whose value `encodeValue` writes (exactly one value).
    ///
    /// ```swift
    /// $0.field("score") { $0.encode(Double(points) / 10) }
    /// ```
    @inlinable
    public mutating func field(_ label: String, _ encodeValue: (inout StructureEncoder) -> Void) {
      _encoder._encodeLabel(label)
      encodeValue(&_encoder)
    }
  }

  /// Writes the key-value entries of a dictionary.
  ///
  /// You get one inside ``StructureEncoder/encodeDictionary(_:)``. Each `entry` call writes one
  /// key and one value.
  ///
  /// ```swift
  /// encoder.encodeDictionary {
  ///   for (name, score) in scores { $0.entry(name, score) }
  /// }
  /// ```
  public struct EntryEncoder: ~Copyable {
    @usableFromInline
    var _encoder: StructureEncoder

    @usableFromInline
    init(_encoder: consuming StructureEncoder) {
      self._encoder = _encoder
    }

    @usableFromInline
    consuming func _take() -> StructureEncoder {
      _encoder
    }

    /// Writes one entry.
    ///
    /// ```swift
    /// $0.entry("retries", 3)
    /// ```
    @inlinable
    public mutating func entry<Key: StructurallyEncodable, Value: StructurallyEncodable>(
      _ key: Key, _ value: Value
    ) {
      key.encode(to: &_encoder)
      value.encode(to: &_encoder)
    }

    /// Writes one entry whose value takes the dynamic path (see ``StructureEncoder/encode(any:)``).
    ///
    /// ```swift
    /// for (key, value) in json { $0.entry(key, any: value) }
    /// ```
    @inlinable
    public mutating func entry<Key: StructurallyEncodable>(_ key: Key, any value: Any?) {
      key.encode(to: &_encoder)
      _encoder.encode(any: value)
    }

    /// Writes one entry whose key and value the closures write (exactly one value each).
    ///
    /// ```swift
    /// $0.entry(key: { $0.encode(id.rawValue) }, value: { $0.encode(name) })
    /// ```
    @inlinable
    public mutating func entry(
      key: (inout StructureEncoder) -> Void,
      value: (inout StructureEncoder) -> Void
    ) {
      key(&_encoder)
      value(&_encoder)
    }
  }
}

/// Container tags, mirrored from the engine header for inlinable code (the canonical-bytes tests
/// pin them).
@usableFromInline
enum _Tag {
  @usableFromInline static let array: UInt8 = 0x10
  @usableFromInline static let set: UInt8 = 0x11
  @usableFromInline static let dictionary: UInt8 = 0x12
  @usableFromInline static let `struct`: UInt8 = 0x13
  @usableFromInline static let `enum`: UInt8 = 0x14
  @usableFromInline static let object: UInt8 = 0x15
  @usableFromInline static let tuple: UInt8 = 0x16
}
