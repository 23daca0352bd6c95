internal import CVerityEngine

/// The tag of a structure value (the first byte of its encoding after any SOME prefix).
package enum StructureTag: UInt8, Sendable, Equatable, CaseIterable {
  case `nil` = 0x01
  case `false` = 0x02
  case `true` = 0x03
  case unsigned = 0x04
  case negative = 0x05
  case double = 0x06
  case string = 0x07
  case bytes = 0x08
  case some = 0x09
  case backReference = 0x0A
  case opaque = 0x0B
  case array = 0x10
  case set = 0x11
  case dictionary = 0x12
  case `struct` = 0x13
  case `enum` = 0x14
  case object = 0x15
  case tuple = 0x16
}

/// One value node of a structure's node table (preorder), as the engine builds it.
///
/// Offsets index ``Structure/bytes``. Fields that may be absent hold ``StructureNode/none``;
/// use the optional accessors.
package struct StructureNode: Sendable, Equatable {
  /// Marks an absent index or offset.
  package static let none: UInt32 = 0xFFFF_FFFF

  /// Subtree hash: equal subtrees have equal hashes (confirm with the bytes).
  package var hash: UInt64
  /// Offset of the node's first byte (a SOME prefix belongs to its node).
  package var offset: UInt32
  /// Total bytes of the node, header and prefixes included.
  package var length: UInt32
  /// 0 for the root.
  package var depth: UInt32
  /// Node index of the parent, ``none`` for the root.
  package var parent: UInt32
  /// Direct children that are nodes (a dictionary counts keys and values).
  package var childCount: UInt32
  /// STRUCT/ENUM/OBJECT: offset of the type-name STRING.
  package var nameOffset: UInt32
  /// A field of STRUCT/ENUM/OBJECT/TUPLE: offset of its label STRING.
  package var labelOffset: UInt32
  /// A dictionary value: node index of its key.
  package var keyNode: UInt32
  /// One past the last node index of this subtree.
  package var endIndex: UInt32
  /// The value's tag, after any SOME prefixes.
  package var tag: StructureTag
  /// Number of SOME prefixes (saturates at 255).
  package var someDepth: UInt8

  init(_ node: vrt_node) {
    hash = node.hash
    offset = node.offset
    length = node.length
    depth = node.depth
    parent = node.parent
    childCount = node.child_count
    nameOffset = node.name_offset
    labelOffset = node.label_offset
    keyNode = node.key_node
    endIndex = node.end_index
    tag = StructureTag(rawValue: node.tag) ?? .opaque
    someDepth = node.some_depth
  }
}

extension Structure {
  /// The node table (one node per value, preorder), built on first use and cached.
  ///
  /// Thread-safe: the first caller builds the table under a lock; later callers share it.
  ///
  /// - Throws: ``VerityEngineError`` `.outOfMemory` (the bytes were validated when the structure
  ///   was made, so no other failure is expected).
  package func nodeTable() throws(VerityEngineError) -> [StructureNode] {
    try _storage._withNodes { cached throws(VerityEngineError) -> [StructureNode] in
      if let cached { return cached }
      let built = try buildNodeTable(constantHash: nil)
      cached = built
      return built
    }
  }

  /// Builds a fresh node table, uncached. `constantHash` is a test seam: every node hash becomes
  /// that value, to force collisions.
  package func buildNodeTable(constantHash: UInt64?) throws(VerityEngineError) -> [StructureNode] {
    var options = vrt_hash_options(seed: 0, flags: 0, constant: 0)
    if let constantHash {
      options.flags = UInt32(VRT_HASH_CONSTANT)
      options.constant = constantHash
    }
    var table = vrt_node_table(nodes: nil, count: 0)
    let status = bytes.withUnsafeBufferPointer { buffer in
      vrt_node_table_build(buffer.baseAddress, buffer.count, &options, &table)
    }
    try status.check()
    defer { vrt_node_table_free(&table) }
    return UnsafeBufferPointer(start: table.nodes, count: table.count).map(StructureNode.init)
  }

  /// The STRING scalar at `offset` (a label, type name or case name), or nil if there is none.
  ///
  /// ```swift
  /// structure.string(atOffset: Int(node.labelOffset))  // "name"
  /// ```
  package func string(atOffset offset: Int) -> String? {
    withUnsafeBytes { bytes in
      var reader = _StructureReader(bytes, at: offset)
      guard reader.readTag() == StructureTag.string.rawValue, let text = reader.readLengthPrefixed() else {
        return nil
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// The label of a field node (`""` for an unlabeled field), nil for a non-field.
  package func label(of node: StructureNode) -> String? {
    node.labelOffset == StructureNode.none ? nil : string(atOffset: Int(node.labelOffset))
  }

  /// The type name of a STRUCT, ENUM or OBJECT node.
  package func typeName(of node: StructureNode) -> String? {
    node.nameOffset == StructureNode.none ? nil : string(atOffset: Int(node.nameOffset))
  }
}

/// A bounds-checked cursor over structure bytes.
package struct _StructureReader {
  let bytes: UnsafeRawBufferPointer
  var position: Int

  package init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  package mutating func readTag() -> UInt8? {
    guard position >= 0, position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  func peekTag() -> UInt8? {
    guard position >= 0, position < bytes.count else { return nil }
    return bytes[position]
  }

  /// Unsigned LEB128, at most 10 bytes.
  mutating func readVarint() -> UInt64? {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while position < bytes.count, shift < 70 {
      let byte = bytes[position]
      position += 1
      if shift == 63 && byte > 1 { return nil }
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
    return nil
  }

  /// A varint length followed by that many bytes.
  package mutating func readLengthPrefixed() -> UnsafeRawBufferPointer? {
    guard let length = readVarint(), length <= UInt64(bytes.count - position) else { return nil }
    let start = position
    position += Int(length)
    return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
  }

  mutating func readUInt32() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[position + index]) << (8 * UInt32(index)) }
    position += 4
    return value
  }

  mutating func readUInt64() -> UInt64? {
    guard position + 8 <= bytes.count else { return nil }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
    position += 8
    return value
  }

  /// A STRING scalar (tag included) as text.
  mutating func readString() -> String? {
    guard readTag() == StructureTag.string.rawValue, let text = readLengthPrefixed() else { return nil }
    return String(decoding: text, as: UTF8.self)
  }
}
