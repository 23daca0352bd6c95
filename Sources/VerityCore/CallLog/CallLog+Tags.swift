// The tag each call carries in the engine log: the shape of its argument types when its values
// can be rebuilt from its bytes, or its slot among the kept values (`keptArguments`).

/// What a call's engine tag says about its argument values.
enum _ValueTag {
  /// No values kept (a log that keeps structures only).
  static let none: UInt32 = 0
  /// Tags from here on are kept argument arrays; below it (from 1), argument shapes.
  static let keptBase: UInt32 = 0x8000_0000
}

extension _CallLogState {
  /// The tag of a call with these argument types: its shape when its values are plain
  /// (`lossless`: nothing lossy was written and `[Any]` / `[String: Any]` contents are plain),
  /// else the next kept slot.
  @inline(__always)
  mutating func tag(for types: _ArgumentTypes, lossless: Bool) -> UInt32 {
    if _slowPath(types.overflows) { return keptTag }
    if lastShape == 0 || types != lastShapeTypes {
      let id = shapeID(for: types)
      guard id < _ValueTag.keptBase else { return keptTag }
      lastShape = id
      lastShapeTypes = types
      lastShapeCanBePlain = shapes[Int(id) - 1].canBePlain
    }
    return lossless && lastShapeCanBePlain ? lastShape : keptTag
  }

  /// The tag of the next kept call; `none` (values not kept) once 2^31 - 1 calls are kept,
  /// where tags would run out.
  var keptTag: UInt32 {
    keptArguments.count < Int(UInt32.max - _ValueTag.keptBase) ? _ValueTag.keptBase + UInt32(keptArguments.count) : _ValueTag.none
  }

  /// Finds or adds the shape of `types` (kept out of line: a mock's calls share a few shapes).
  @inline(never)
  mutating func shapeID(for types: _ArgumentTypes) -> UInt32 {
    if shapes.count <= Self.linearShapeLimit {
      for index in 0..<shapes.count where shapes[index].key == types {
        return UInt32(index + 1)
      }
    } else if let id = shapeIDs[types] {
      return id
    }
    guard shapes.count + 1 < Int(_ValueTag.keptBase) else { return _ValueTag.keptBase }
    if shapes.isEmpty {
      // Room for a small mock's shapes, so that its first calls do not grow the array one by one.
      shapes.reserveCapacity(4)
    }
    shapes.append(_ArgumentShape.shared(for: types))
    let id = UInt32(shapes.count)
    if shapes.count > Self.linearShapeLimit {
      if shapeIDs.isEmpty {
        for index in 0..<shapes.count { shapeIDs[shapes[index].key] = UInt32(index + 1) }
      } else {
        shapeIDs[types] = id
      }
    }
    return id
  }
}
