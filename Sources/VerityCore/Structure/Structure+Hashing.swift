#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Structures are equal when their bytes are equal: the hashes are compared first, then the bytes.
///
/// ```swift
/// Structure([1, 2]) == Structure(ContiguousArray([1, 2]))  // true
/// Structure(Set([1, 2])) == Structure([1, 2])               // false: a set is not an array
/// ```
extension Structure: Equatable {
  public static func == (lhs: Structure, rhs: Structure) -> Bool {
    if lhs._storage === rhs._storage { return true }
    guard lhs._storage.hash == rhs._storage.hash,
      lhs._storage.bytes.count == rhs._storage.bytes.count
    else { return false }
    return lhs._storage.bytes.withUnsafeBytes { left in
      rhs._storage.bytes.withUnsafeBytes { right in
        left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
      }
    }
  }
}

extension Structure {
  /// Whether the structure's bytes are exactly `bytes` (what `==` answers against a structure of
  /// those bytes).
  package func _hasBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
    _storage.bytes.withUnsafeBytes { own in
      own.count == bytes.count && (own.count == 0 || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
    }
  }
}

/// Hashes the structure's 64-bit content hash.
///
/// ```swift
/// let seen: Set<Structure> = [Structure(1), Structure(UInt8(1))]  // one element
/// ```
extension Structure: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_storage.hash)
  }
}
