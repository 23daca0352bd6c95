import Foundation

// Conformances of Foundation value types. Each maps the value to a small, documented structure.

/// Written as bytes: the same structure as a `[UInt8]` with the same bytes.
///
/// ```swift
/// Structure(Data([1, 2])) == Structure([1, 2] as [UInt8])  // true
/// ```
extension Data: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    withUnsafeBytes { encoder.encode(bytes: $0) }
  }
}

/// Written as `STRUCT "Date" { timeIntervalSinceReferenceDate: Double }`.
///
/// ```swift
/// Structure(Date(timeIntervalSinceReferenceDate: 5)).description
/// // Date(timeIntervalSinceReferenceDate: 5.0)
/// ```
extension Date: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Date") {
      $0.field("timeIntervalSinceReferenceDate", timeIntervalSinceReferenceDate)
    }
  }
}

/// Written as `STRUCT "UUID" { uuidString: String }` (upper-case, as `uuidString` gives it).
///
/// ```swift
/// Structure(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!).description
/// // UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
/// ```
extension UUID: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("UUID") {
      $0.field("uuidString", uuidString)
    }
  }
}

/// Written as `STRUCT "URL" { absoluteString: String }`, or, for a URL relative to a base, as
/// `STRUCT "URL" { relativeString: String, baseURL: URL }`: what `==` compares. So
/// `URL(string: "b", relativeTo: base)` differs from the absolute URL it resolves to, as `!=` says.
///
/// ```swift
/// Structure(URL(string: "https://example.com/a")!).description
/// // URL(absoluteString: "https://example.com/a")
/// ```
extension URL: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    if let baseURL {
      encoder.encodeStruct("URL") {
        $0.field("relativeString", relativeString)
        $0.field("baseURL", baseURL)
      }
    } else {
      encoder.encodeStruct("URL") {
        $0.field("absoluteString", absoluteString)
      }
    }
  }
}

/// Written as `STRUCT "Decimal" { description: String }`, so decimals compare by their printed
/// value (`Decimal(string: "1.50")` prints and compares as `1.5`).
///
/// ```swift
/// Structure(Decimal(string: "1.5")!).description  // Decimal(description: "1.5")
/// ```
extension Decimal: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Decimal") {
      $0.field("description", description)
    }
  }
}

// MARK: Foundation types whose storage reflection cannot read (or shows as internals)

/// Written as `STRUCT "Foundation.CharacterSet" { bitmap: Data }`, its bitmap representation:
/// equal sets give equal structures, whatever their storage. (The bitmap is 8 KiB or more.)
///
/// ```swift
/// Structure(CharacterSet(charactersIn: "ab")) == Structure(CharacterSet(charactersIn: "ba"))  // true
/// ```
extension CharacterSet: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Foundation.CharacterSet") { $0.field("bitmap", bitmapRepresentation) }
  }
}

/// Written as `STRUCT "Foundation.AttributedString" { runs: [(text, attributes)] }`: each run's
/// text and the description of its attributes.
///
/// ```swift
/// Structure(AttributedString("hi")) == Structure(AttributedString("hi"))  // true
/// ```
@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension AttributedString: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Foundation.AttributedString") { fields in
      fields.field("runs") { runsEncoder in
        runsEncoder.encodeArray { elements in
          for run in runs {
            elements.encodeTuple {
              $0.field("text", String(characters[run.range]))
              $0.field("attributes", String(describing: run.attributes))
            }
          }
        }
      }
    }
  }
}

/// Written as `STRUCT "Foundation.TimeZone" { identifier }`.
///
/// ```swift
/// Structure(TimeZone(identifier: "Europe/Paris")!).description  // TimeZone(identifier: "Europe/Paris")
/// ```
extension TimeZone: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Foundation.TimeZone") { $0.field("identifier", identifier) }
  }
}

/// Written as `STRUCT "Foundation.Locale" { identifier }`.
///
/// ```swift
/// Structure(Locale(identifier: "en_US")).description  // Locale(identifier: "en_US")
/// ```
extension Locale: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Foundation.Locale") { $0.field("identifier", identifier) }
  }
}

/// Written as `STRUCT "Foundation.Calendar" { identifier, locale, timeZone, firstWeekday,
/// minimumDaysInFirstWeek }`: what calendars compare by.
///
/// ```swift
/// Structure(Calendar(identifier: .gregorian)) != Structure(Calendar(identifier: .japanese))  // true
/// ```
extension Calendar: StructurallyEncodable, _TrustedEncodable {
  public func encode(to encoder: inout StructureEncoder) {
    encoder.encodeStruct("Foundation.Calendar") {
      $0.field("identifier", String(describing: identifier))
      $0.field("locale", locale?.identifier)
      $0.field("timeZone", timeZone.identifier)
      $0.field("firstWeekday", firstWeekday)
      $0.field("minimumDaysInFirstWeek", minimumDaysInFirstWeek)
    }
  }
}
