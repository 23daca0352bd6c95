import Foundation

// Conformances of Foundation value types. Each maps the value to a small, documented structure.

/// Written as bytes: the same structure as a `[UInt8]` with the same bytes.
///
/// ```swift
/// Structure(Data([1, 2])) == Structure([1, 2] as [UInt8])  // true
/// ```
extension Data: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    withUnsafeBytes { encoder.encode(bytes: $0) }
  }

  @inlinable
  public static var _verityTrustedEncoding: Bool { true }
}

/// Written as `STRUCT "Date" { timeIntervalSinceReferenceDate: Double }`.
///
/// ```swift
/// Structure(Date(timeIntervalSinceReferenceDate: 5)).description
/// // Date(timeIntervalSinceReferenceDate: 5.0)
/// ```
extension Date: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Date") {
      $0.field("timeIntervalSinceReferenceDate", timeIntervalSinceReferenceDate)
    }
  }

  @inlinable
  public static var _verityTrustedEncoding: Bool { true }
}

/// Written as `STRUCT "UUID" { uuidString: String }` (upper-case, as `uuidString` gives it).
///
/// ```swift
/// Structure(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!).description
/// // UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
/// ```
extension UUID: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("UUID") {
      $0.field("uuidString", uuidString)
    }
  }

  @inlinable
  public static var _verityTrustedEncoding: Bool { true }
}

/// Written as `STRUCT "URL" { absoluteString: String }`.
///
/// ```swift
/// Structure(URL(string: "https://example.com/a")!).description
/// // URL(absoluteString: "https://example.com/a")
/// ```
extension URL: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("URL") {
      $0.field("absoluteString", absoluteString)
    }
  }

  @inlinable
  public static var _verityTrustedEncoding: Bool { true }
}

/// Written as `STRUCT "Decimal" { description: String }`, so decimals compare by their printed
/// value (`Decimal(string: "1.50")` prints and compares as `1.5`).
///
/// ```swift
/// Structure(Decimal(string: "1.5")!).description  // Decimal(description: "1.5")
/// ```
extension Decimal: StructurallyEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Decimal") {
      $0.field("description", description)
    }
  }

  @inlinable
  public static var _verityTrustedEncoding: Bool { true }
}
