internal import CVerityEngine
import Foundation

/// The JSON number rule: an `NSDecimalNumber` is what `JSONSerialization` makes of a number whose
/// text it does not keep as an `Int` or a `Double` (swift-corelibs-foundation does this for many
/// numbers with 16 or more significant digits, and for integers past 64 bits). Such a number is
/// written as the integer it spells when it is one that fits 64 bits, otherwise as the IEEE double
/// nearest to its decimal value, which is what a `Double` property decoded by `JSONDecoder` holds
/// and what another platform's parser returns. So a decoded document has the same structure as
/// the same document built from Swift values, on every platform.
///
/// A Swift `Decimal` is a value someone chose to keep exact; it is written as a decimal (see
/// ``Foundation/Decimal``), never rounded to a double.
extension StructureEncoder {
  mutating func _emitDecimalNumber(_ number: NSDecimalNumber) {
    let decimal = number.decimalValue
    guard let parts = _DecimalParts(decimal) else {
      _emitDecimalByText(decimal)
      return
    }
    if parts.isNaN {
      encode(Double.nan)
      return
    }
    if parts.high == 0, parts.exponent >= 0, let magnitude = parts.integerMagnitude {
      if !parts.negative {
        vrt_writer_write_uint(_writer, magnitude)
        return
      }
      if magnitude <= UInt64(Int64.max) + 1 {
        vrt_writer_write_int(_writer, magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        return
      }
    }
    encode(vrt_decimal_nearest_double(parts.high, parts.low, Int32(parts.exponent), parts.negative))
  }

  /// The same rule through the decimal's text, for a platform whose `Decimal` layout is not the
  /// one ``_DecimalParts`` reads (slower: one string per number).
  mutating func _emitDecimalByText(_ decimal: Decimal) {
    if decimal.isNaN {
      encode(Double.nan)
      return
    }
    let text = decimal.description
    if let integer = Int64(text) {
      vrt_writer_write_int(_writer, integer)
    } else if let integer = UInt64(text) {
      vrt_writer_write_uint(_writer, integer)
    } else {
      encode(Double(text) ?? .nan)
    }
  }
}

/// A `Decimal`'s sign, 128-bit mantissa and exponent, read from its storage: a 20-byte value with
/// the exponent in byte 0, the mantissa length and sign in byte 1, and eight little-endian 16-bit
/// mantissa words from byte 4. Where the length and sign bits sit in byte 1 differs between
/// swift-foundation (Linux, newer Apple releases) and `NSDecimal` (older Apple releases); the
/// layout is chosen once by reading known decimals, and nil is returned when neither reads them
/// right (then the caller goes through the text).
struct _DecimalParts {
  var exponent: Int
  var negative: Bool
  var isNaN: Bool
  var high: UInt64
  var low: UInt64

  enum Layout: Sendable { case lengthInHighNibble, lengthInLowNibble }

  static let layout: Layout? = {
    guard MemoryLayout<Decimal>.size == MemoryLayout<Words>.size else { return nil }  // the bit cast needs it
    let checks: [(Decimal, Int, Bool, UInt64, UInt64)] = [
      (Decimal(sign: .minus, exponent: -3, significand: 12345), -3, true, 0, 12345),
      (Decimal(sign: .plus, exponent: 23, significand: 1), 23, false, 0, 1),
      (Decimal(sign: .plus, exponent: -15, significand: Decimal(string: "65613616999999977")!), -15, false, 0,
        65_613_616_999_999_977),
      (Decimal(string: "-123456789012345678901234567891")!, 0, true, 6_692_605_942, 14_083_847_773_837_265_619),
    ]
    for candidate in [Layout.lengthInHighNibble, .lengthInLowNibble] {
      let passes = checks.allSatisfy { decimal, exponent, negative, high, low in
        guard let parts = _DecimalParts(decimal, layout: candidate) else { return false }
        // A decimal may store its mantissa with trailing zeros moved into the exponent.
        return parts.matches(exponent: exponent, negative: negative, high: high, low: low)
      }
      if passes { return candidate }
    }
    return nil
  }()

  init?(_ decimal: Decimal) {
    guard let layout = _DecimalParts.layout else { return nil }
    self.init(decimal, layout: layout)
  }

  /// A `Decimal`'s 20 bytes as ten 16-bit words (checked by `layout`: the size must be 20).
  typealias Words = (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)

  init?(_ decimal: Decimal, layout: Layout) {
    // A bit cast, not a closure over the bytes: this runs once per number of a JSON document, in
    // debug builds too. Word 0 holds the exponent (low byte) and the length and sign (high byte);
    // words 2...9 the mantissa, least significant first.
    let words = unsafeBitCast(decimal, to: Words.self)
    let flags = UInt8(truncatingIfNeeded: words.0 >> 8)
    let length: Int
    switch layout {
    case .lengthInHighNibble:
      length = Int(flags >> 4)
      negative = flags & 0x08 != 0
    case .lengthInLowNibble:
      length = Int(flags & 0x0F)
      negative = flags & 0x10 != 0
    }
    guard length <= 8 else { return nil }
    exponent = Int(Int8(truncatingIfNeeded: words.0))
    isNaN = length == 0 && negative
    low = UInt64(words.2) | UInt64(words.3) << 16 | UInt64(words.4) << 32 | UInt64(words.5) << 48
    high = UInt64(words.6) | UInt64(words.7) << 16 | UInt64(words.8) << 32 | UInt64(words.9) << 48
    // Words past the length must be zero for a well-formed decimal; mask them off regardless.
    if length < 8 {
      let bits = 16 * length
      if bits < 64 {
        low &= bits == 0 ? 0 : (UInt64.max >> UInt64(64 - bits))
        high = 0
      } else {
        high &= bits == 64 ? 0 : (UInt64.max >> UInt64(128 - bits))
      }
    }
  }

  /// Whether these parts spell the same number as (exponent, negative, high:low), allowing
  /// trailing zeros to sit in either the mantissa or the exponent.
  func matches(exponent: Int, negative: Bool, high: UInt64, low: UInt64) -> Bool {
    guard self.negative == negative, !isNaN else { return false }
    var (mine, theirs) = ((self.high, self.low, self.exponent), (high, low, exponent))
    func shrink(_ value: inout (UInt64, UInt64, Int)) {
      while value.0 == 0, value.1 != 0, value.1 % 10 == 0 {
        value.1 /= 10
        value.2 += 1
      }
    }
    shrink(&mine)
    shrink(&theirs)
    return mine == theirs
  }

  /// mantissa × 10^exponent when the mantissa fits 64 bits, the exponent is not negative and the
  /// product fits 64 bits; nil otherwise.
  var integerMagnitude: UInt64? {
    guard high == 0, exponent >= 0 else { return nil }
    var value = low
    for _ in 0..<exponent {
      let (product, overflow) = value.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      value = product
    }
    return value
  }
}
