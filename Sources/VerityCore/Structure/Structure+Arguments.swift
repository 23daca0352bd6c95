internal import CVerityEngine

extension Structure {
  /// Splits a call's concatenated argument bytes (one structure per argument, as the call log
  /// stores them) into one validated structure per argument.
  ///
  /// ```swift
  /// let arguments = try Structure.splitting(arguments: bytes, count: 2)
  /// ```
  ///
  /// - Throws: ``VerityEngineError`` `.truncated` / `.malformed` when the bytes don't hold exactly
  ///   `count` valid structures.
  package static func splitting(
    arguments bytes: UnsafeRawBufferPointer,
    count: Int
  ) throws(VerityEngineError) -> [Structure] {
    var result: [Structure] = []
    result.reserveCapacity(count)
    var offset = 0
    for _ in 0..<count {
      guard let base = bytes.baseAddress, offset < bytes.count else {
        throw VerityEngineError(.truncated)
      }
      let start = (base + offset).assumingMemoryBound(to: UInt8.self)
      var size = 0
      try vrt_value_size(start, bytes.count - offset, &size).check()
      try vrt_validate(start, size).check()
      result.append(Structure(_trusted: Array(UnsafeRawBufferPointer(start: start, count: size))))
      offset += size
    }
    guard offset == bytes.count else { throw VerityEngineError(.malformed) }
    return result
  }

  /// Like ``splitting(arguments:count:)``, but never fails: when the bytes are not `count` valid
  /// structures, the arguments that can't be read become opaque markers
  /// (`<malformed argument: ...>`), so a buggy conformance can still be shown in a message.
  package static func splittingLeniently(
    arguments bytes: UnsafeRawBufferPointer,
    count: Int
  ) -> [Structure] {
    do {
      return try splitting(arguments: bytes, count: count)
    } catch {
      var result: [Structure] = []
      var offset = 0
      for _ in 0..<count {
        var size = 0
        let piece: Structure?
        if let base = bytes.baseAddress, offset < bytes.count,
          vrt_value_size((base + offset).assumingMemoryBound(to: UInt8.self), bytes.count - offset, &size)
            == VRT_OK
        {
          piece = try? Structure(
            validating: Array(UnsafeRawBufferPointer(start: base + offset, count: size)))
          offset += size
        } else {
          piece = nil
          offset = bytes.count
        }
        result.append(
          piece
            ?? Structure {
              $0.encodeOpaque(
                typeName: "<malformed argument>", description: "<malformed argument: \(error.message)>")
            })
      }
      return result
    }
  }
}
