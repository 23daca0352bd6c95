internal import CVerityEngine

/// What the engine's structural diff found, in the terms the Swift layer renders: a tree of steps
/// (shared path prefixes), the containers the steps leave, and the recorded edits. Built by
/// ``Structure/_engineDiff(to:options:)``; ``Difference`` is its public face.
package struct _EngineDifference: Sendable {
  package enum StepKind: Sendable { case field, index, key, member }

  /// One step from a container to a child. Positions are the child's place among the
  /// container's children on each side (array index; field, entry or member ordinal).
  package struct Step: Sendable {
    package var parent: Int?
    package var kind: StepKind
    /// The field label (`field`), or the rendered key (`key`).
    package var label: String
    /// A dictionary key's structure (`key`).
    package var key: Structure?
    package var positionInA: Int?
    package var positionInB: Int?
  }

  /// A container a step leaves: what it is and how many children it has on each side (entries
  /// for a dictionary).
  package struct Container: Sendable {
    package var tag: StructureTag
    package var typeName: String?
    package var caseName: String?
    package var countInA: Int
    package var countInB: Int
  }

  package enum EditKind: Sendable { case changed, typeChanged, inserted, removed, moved }

  package struct Edit: Sendable {
    package var kind: EditKind
    /// The last step of the path; nil for the root.
    package var step: Int?
    package var before: Structure?
    package var after: Structure?

    package init(kind: EditKind, step: Int?, before: Structure?, after: Structure?) {
      self.kind = kind
      self.step = step
      self.before = before
      self.after = after
    }
  }

  package var steps: [Step] = []
  /// The container each step leaves, by the parent step (`-1`: the root).
  package var containers: [Int: Container] = [:]
  package var edits: [Edit] = []
  package var changed = 0, typeChanged = 0, inserted = 0, removed = 0, moved = 0
  package var truncated = false

  package var total: Int { changed + typeChanged + inserted + removed + moved }

  package init() {}
}

/// Options for ``Structure/_engineDiff(to:options:)``, in engine terms.
package struct _EngineDiffOptions: Sendable {
  package enum PatternStep: Sendable, Hashable {
    case field(String)
    case index(Int)
    /// A dictionary key, as its structure.
    case key(Structure)
    case any
  }

  package var floatTolerance: Double = 0
  package var unorderedArrays = false
  package var maxEdits = 0
  package var identityLabel: String?
  package var ignoredLabels: [String] = []
  package var ignoredPaths: [[PatternStep]] = []
  /// Test seam: every node hash becomes this value, forcing collisions.
  package var constantHash: UInt64?

  package init() {}
}

extension Structure {
  /// Diffs this structure (the "before" side) against `other` (the "after" side) in the engine.
  /// Returns nil when nothing differs (under the options).
  ///
  /// - Throws: ``VerityEngineError`` `.outOfMemory`, or `.tooLarge` for more than 64 ignored paths.
  package func _engineDiff(
    to other: Structure, options: _EngineDiffOptions
  ) throws(VerityEngineError) -> _EngineDifference? {
    if options.constantHash == nil, self == other { return nil }
    var hashing = vrt_hash_options(seed: 0, flags: 0, constant: 0)
    if let constant = options.constantHash {
      hashing.flags = UInt32(VRT_HASH_CONSTANT)
      hashing.constant = constant
    }
    return try _storage.bytes.withUnsafeBufferPointer { a throws(VerityEngineError) in
      try other._storage.bytes.withUnsafeBufferPointer { b throws(VerityEngineError) in
        var aTable = vrt_node_table(nodes: nil, count: 0)
        var bTable = vrt_node_table(nodes: nil, count: 0)
        defer {
          vrt_node_table_free(&aTable)
          vrt_node_table_free(&bTable)
        }
        try vrt_node_table_build(a.baseAddress, a.count, &hashing, &aTable).check()
        try vrt_node_table_build(b.baseAddress, b.count, &hashing, &bTable).check()
        var result = vrt_diff_result()
        defer { vrt_diff_result_free(&result) }
        try _runDiff(a, &aTable, b, &bTable, options, &result)
        guard result.changed + result.type_changed + result.inserted + result.removed + result.moved > 0 else {
          return nil
        }
        let reader = _DiffReader(
          a: (UnsafeRawBufferPointer(a), UnsafeBufferPointer(start: aTable.nodes, count: aTable.count)),
          b: (UnsafeRawBufferPointer(b), UnsafeBufferPointer(start: bTable.nodes, count: bTable.count)))
        return reader.read(result)
      }
    }
  }
}

/// Lays the options out as the engine's C structs (pointers valid only inside) and runs vrt_diff.
private func _runDiff(
  _ a: UnsafeBufferPointer<UInt8>, _ aTable: inout vrt_node_table,
  _ b: UnsafeBufferPointer<UInt8>, _ bTable: inout vrt_node_table,
  _ options: _EngineDiffOptions, _ result: inout vrt_diff_result
) throws(VerityEngineError) {
  // Every text the C options point into lives in one byte buffer; steps refer to it by offset.
  var text: [UInt8] = []
  func intern(_ bytes: [UInt8]) -> (Int, Int) {
    defer { text += bytes }
    return (text.count, bytes.count)
  }
  typealias Pending = (kind: UInt32, index: UInt32, offset: Int, length: Int)
  func pending(_ step: _EngineDiffOptions.PatternStep) -> Pending {
    switch step {
    case .field(let label):
      let (offset, length) = intern(Array(label.utf8))
      return (UInt32(VRT_DIFF_MATCH_FIELD.rawValue), 0, offset, length)
    case .index(let index):
      return (UInt32(VRT_DIFF_MATCH_INDEX.rawValue), UInt32(clamping: index), 0, 0)
    case .key(let key):
      let (offset, length) = intern(key.bytes)
      return (UInt32(VRT_DIFF_MATCH_KEY.rawValue), 0, offset, length)
    case .any:
      return (UInt32(VRT_DIFF_MATCH_ANY.rawValue), 0, 0, 0)
    }
  }
  let labels = options.ignoredLabels.map { pending(.field($0)) }
  let paths = options.ignoredPaths.map { $0.map(pending) }
  let identity = options.identityLabel.map { intern(Array($0.utf8)) }
  if text.isEmpty { text = [0] }

  let status = text.withUnsafeBufferPointer { textBuffer -> vrt_status in
    let base = textBuffer.baseAddress!
    func cStep(_ p: Pending) -> vrt_diff_pattern_step {
      vrt_diff_pattern_step(kind: p.kind, index: p.index, text: base + p.offset, length: p.length)
    }
    let labelSteps = labels.map(cStep)
    let pathSteps = paths.map { $0.map(cStep) }
    return labelSteps.withUnsafeBufferPointer { labelBuffer in
      // Each ignored path's steps need a stable address: one flat array, sliced.
      let flat = pathSteps.flatMap { $0 }
      return flat.withUnsafeBufferPointer { flatBuffer in
        var start = 0
        var ignored: [vrt_diff_ignored_path] = []
        for path in pathSteps {
          ignored.append(vrt_diff_ignored_path(steps: flatBuffer.baseAddress.map { $0 + start }, count: path.count))
          start += path.count
        }
        return ignored.withUnsafeBufferPointer { ignoredBuffer in
          var c = vrt_diff_options()
          c.float_tolerance = options.floatTolerance
          c.flags = options.unorderedArrays ? UInt32(VRT_DIFF_UNORDERED_ARRAYS) : 0
          c.max_edits = max(0, options.maxEdits)
          if let identity {
            c.identity_label = base + identity.0
            c.identity_label_length = identity.1
          }
          c.ignored_labels = labelBuffer.baseAddress
          c.ignored_label_count = labelBuffer.count
          c.ignored = ignoredBuffer.baseAddress
          c.ignored_count = ignoredBuffer.count
          return vrt_diff(a.baseAddress, a.count, &aTable, b.baseAddress, b.count, &bTable, &c, &result)
        }
      }
    }
  }
  try status.check()
}

/// Turns the engine's result (node indices) into Swift values while the node tables are alive.
private struct _DiffReader {
  typealias Side = (bytes: UnsafeRawBufferPointer, nodes: UnsafeBufferPointer<vrt_node>)
  let a: Side
  let b: Side

  func read(_ result: vrt_diff_result) -> _EngineDifference {
    var difference = _EngineDifference()
    let none = UInt32(bitPattern: -1)
    let steps = UnsafeBufferPointer(start: result.steps, count: result.step_count)
    let edits = UnsafeBufferPointer(start: result.edits, count: result.edit_count)
    // Only the steps on the path of a recorded edit are kept (renumbered).
    var keep = [Int](repeating: -1, count: steps.count)
    var order: [Int] = []
    for edit in edits {
      var chain: [Int] = []
      var step = edit.step
      while step != none, keep[Int(step)] == -1 {
        chain.append(Int(step))
        keep[Int(step)] = -2
        step = steps[Int(step)].parent
      }
      order += chain
    }
    order.sort()  // steps are created in document order; parents before children
    for (newIndex, old) in order.enumerated() { keep[old] = newIndex }
    for old in order {
      let s = steps[old]
      let parent = s.parent == none ? nil : keep[Int(s.parent)]
      let onA = s.a_node != none
      let side = onA ? a : b
      let node = side.nodes[Int(onA ? s.a_node : s.b_node)]
      var step = _EngineDifference.Step(
        parent: parent, kind: .member, label: "", key: nil,
        positionInA: s.a_index == none ? nil : Int(s.a_index),
        positionInB: s.b_index == none ? nil : Int(s.b_index))
      switch Int(s.kind) {
      case Int(VRT_DIFF_STEP_FIELD.rawValue):
        step.kind = .field
        step.label = string(side.bytes, at: Int(node.label_offset)) ?? ""
      case Int(VRT_DIFF_STEP_INDEX.rawValue):
        step.kind = .index
      case Int(VRT_DIFF_STEP_KEY.rawValue):
        step.kind = .key
        let keyNode = side.nodes[Int(node.key_node)]
        step.key = structure(side, keyNode)
        step.label = string(side.bytes, at: Int(keyNode.offset)) ?? ""
      default:
        step.kind = .member
      }
      difference.steps.append(step)
      let parentKey = parent ?? -1
      if difference.containers[parentKey] == nil {
        let aParent = s.a_node != none ? a.nodes[Int(s.a_node)].parent : nil
        let bParent = s.b_node != none ? b.nodes[Int(s.b_node)].parent : nil
        difference.containers[parentKey] = container(aParent, bParent)
      }
    }
    for edit in edits {
      let kind: _EngineDifference.EditKind =
        switch Int(edit.kind) {
        case Int(VRT_DIFF_CHANGED.rawValue): .changed
        case Int(VRT_DIFF_TYPE_CHANGED.rawValue): .typeChanged
        case Int(VRT_DIFF_INSERTED.rawValue): .inserted
        case Int(VRT_DIFF_MOVED.rawValue): .moved
        default: .removed
        }
      difference.edits.append(
        _EngineDifference.Edit(
          kind: kind, step: edit.step == none ? nil : keep[Int(edit.step)],
          before: edit.a_node == none ? nil : structure(a, a.nodes[Int(edit.a_node)]),
          after: edit.b_node == none ? nil : structure(b, b.nodes[Int(edit.b_node)])))
    }
    difference.changed = Int(result.changed)
    difference.typeChanged = Int(result.type_changed)
    difference.inserted = Int(result.inserted)
    difference.removed = Int(result.removed)
    difference.moved = Int(result.moved)
    difference.truncated = result.truncated
    return difference
  }

  func container(_ aNode: UInt32?, _ bNode: UInt32?) -> _EngineDifference.Container {
    func describe(_ side: Side, _ index: UInt32?) -> (vrt_node, Int)? {
      guard let index, index != UInt32(bitPattern: -1) else { return nil }
      let node = side.nodes[Int(index)]
      let count = node.tag == UInt8(VRT_TAG_DICT) ? Int(node.child_count) / 2 : Int(node.child_count)
      return (node, count)
    }
    let x = describe(a, aNode)
    let y = describe(b, bNode)
    let (node, side) = x.map { ($0.0, a) } ?? (y!.0, b)
    var typeName: String?
    var caseName: String?
    if node.name_offset != UInt32(bitPattern: -1) {
      var reader = _StructureReader(side.bytes, at: Int(node.name_offset))
      typeName = reader.readString().map(_displayTypeName)
      if node.tag == UInt8(VRT_TAG_ENUM) { caseName = reader.readString() }
    }
    return _EngineDifference.Container(
      tag: StructureTag(rawValue: node.tag) ?? .array, typeName: typeName, caseName: caseName,
      countInA: x?.1 ?? 0, countInB: y?.1 ?? 0)
  }

  func structure(_ side: Side, _ node: vrt_node) -> Structure {
    let slice = UnsafeRawBufferPointer(rebasing: side.bytes[Int(node.offset)..<Int(node.offset + node.length)])
    return Structure(_trusted: Array(slice))
  }

  func string(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String? {
    var reader = _StructureReader(bytes, at: offset)
    return reader.peekTag() == StructureTag.string.rawValue ? reader.readString() : nil
  }
}
