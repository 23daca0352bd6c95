// SIMD vectors: reflection sees only their builtin storage, so each width has a conformance that
// writes the lanes. `SIMD2<Double>(1, 2)` is `STRUCT "Swift.SIMD2<Swift.Double>" { "": 1.0, "": 2.0 }`
// and renders as `SIMD2<Double>(1.0, 2.0)`; equal vectors (lane by lane, as `==` says) give equal
// structures.

extension StructureEncoder {
  /// Writes a SIMD vector as a struct of unlabeled lanes, named by its qualified type.
  @inlinable
  mutating func _encodeSIMD<V: SIMD>(_ vector: V) where V.Scalar: StructurallyEncodable {
    encodeStruct(StructureEncoder.typeName(of: V.self)) { fields in
      for lane in vector.indices { fields.field("", vector[lane]) }
    }
  }
}

/// Written as its lanes: `SIMD2<Double>(1, 2)` renders `SIMD2<Double>(1.0, 2.0)`.
///
/// ```swift
/// Structure(SIMD2<Double>(1, 2)) == Structure(SIMD2<Double>(1, 2))  // true
/// ```
extension SIMD2: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}

/// Written as its lanes: `SIMD3<Float>(1, 2, 3)` renders `SIMD3<Float>(1.0, 2.0, 3.0)`.
///
/// ```swift
/// Structure(SIMD3<Float>(1, 2, 3)).description  // SIMD3<Float>(1.0, 2.0, 3.0)
/// ```
extension SIMD3: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}

/// Written as its lanes.
///
/// ```swift
/// Structure(SIMD4<Int32>(1, 2, 3, 4)).description  // SIMD4<Int32>(1, 2, 3, 4)
/// ```
extension SIMD4: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}

/// Written as its lanes.
///
/// ```swift
/// Structure(SIMD8<UInt8>(repeating: 1)) == Structure(SIMD8<UInt8>(repeating: 1))  // true
/// ```
extension SIMD8: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}

/// Written as its lanes.
///
/// ```swift
/// Structure(SIMD16<Int8>(repeating: 1)) == Structure(SIMD16<Int8>(repeating: 1))  // true
/// ```
extension SIMD16: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}

/// Written as its lanes.
///
/// ```swift
/// Structure(SIMD32<UInt8>(repeating: 1)) == Structure(SIMD32<UInt8>(repeating: 1))  // true
/// ```
extension SIMD32: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}

/// Written as its lanes.
///
/// ```swift
/// Structure(SIMD64<UInt8>(repeating: 1)) == Structure(SIMD64<UInt8>(repeating: 1))  // true
/// ```
extension SIMD64: StructurallyEncodable where Scalar: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) { encoder._encodeSIMD(self) }
}
