// Reading the common scalars out of an `Any?` in place, without a dynamic cast, where the
// existential layout is the documented one (checked once at startup, with a fallback).

/// The layout of an `Any?` in memory, when it is the one Swift's ABI documents for opaque
/// existentials: a three-word inline buffer, then the type metadata pointer, which is null for
/// `nil`; Int, Double, Bool and String values are stored inline at the buffer's start. The layout
/// is checked once, on sample values, before it is relied on; if the check fails, ``known`` is nil
/// and every argument takes the general path.
struct _AnyLayout: Sendable {
  let int: UInt
  let double: UInt
  let bool: UInt
  let string: UInt

  static let known: _AnyLayout? = {
    let layout = _AnyLayout(
      int: UInt(bitPattern: ObjectIdentifier(Int.self)), double: UInt(bitPattern: ObjectIdentifier(Double.self)),
      bool: UInt(bitPattern: ObjectIdentifier(Bool.self)), string: UInt(bitPattern: ObjectIdentifier(String.self)))
    guard MemoryLayout<Any?>.size == 32, MemoryLayout<Any?>.stride == 32 else { return nil }
    let samples: [Any?] = [-42, 2.5, true, "a string that is longer than fifteen bytes", "é", nil]
    let ok = samples.withUnsafeBytes { raw -> Bool in
      func metadata(_ i: Int) -> UInt { raw.load(fromByteOffset: i * 32 + 24, as: UInt.self) }
      return metadata(0) == layout.int && raw.load(fromByteOffset: 0, as: Int.self) == -42
        && metadata(1) == layout.double && raw.load(fromByteOffset: 32, as: Double.self) == 2.5
        && metadata(2) == layout.bool && raw.load(fromByteOffset: 64, as: Bool.self) == true
        && metadata(3) == layout.string
        && raw.load(fromByteOffset: 96, as: String.self) == "a string that is longer than fifteen bytes"
        && metadata(4) == layout.string && raw.load(fromByteOffset: 128, as: String.self) == "é"
        && metadata(5) == 0
    }
    return ok ? layout : nil
  }()

  /// Writes `arguments[index...]` up to the first argument that is not nil or exactly an Int,
  /// Double, Bool or String (the bytes `encode(any:)` would write), recording each one's type, and
  /// returns that argument's index (`arguments.count` when every one was written).
  ///
  /// One pass over the array's storage: a debug build pays for the closure and the generic
  /// `withUnsafeBytes` once per call, not once per argument.
  @inline(__always)
  func encodeCommonScalars(
    in arguments: [Any?], from index: Int, into encoder: inout StructureEncoder, types: inout _ArgumentTypes
  ) -> Int {
    arguments.withUnsafeBytes { raw in
      let count = raw.count / 32
      var index = index
      while index < count {
        let offset = index &* 32
        let metadata = raw.load(fromByteOffset: offset &+ 24, as: UInt.self)
        if metadata == int {
          encoder._writeSigned(Int64(raw.load(fromByteOffset: offset, as: Int.self)))
        } else if metadata == string {
          encoder.encode(raw.load(fromByteOffset: offset, as: String.self))
        } else if metadata == double {
          encoder.encode(raw.load(fromByteOffset: offset, as: Double.self))
        } else if metadata == bool {
          encoder.encode(raw.load(fromByteOffset: offset, as: Bool.self))
        } else if metadata == 0 {
          encoder.encodeNil()
        } else {
          return index
        }
        types.append(id: metadata)
        index &+= 1
      }
      return index
    }
  }
}
