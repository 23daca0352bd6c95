import Foundation

/// The standard library's and Foundation's types with a custom mirror (`CustomReflectable`) that
/// is never a tuple's: an enum payload of such a type is one field, as `Mirror` writes it. (A
/// payload of any other type with a custom mirror sends its enum to `Mirror`.)
protocol _MirrorIsNeverATuple {}
extension Bool: _MirrorIsNeverATuple {}
extension Int: _MirrorIsNeverATuple {}
extension Int8: _MirrorIsNeverATuple {}
extension Int16: _MirrorIsNeverATuple {}
extension Int32: _MirrorIsNeverATuple {}
extension Int64: _MirrorIsNeverATuple {}
extension UInt: _MirrorIsNeverATuple {}
extension UInt8: _MirrorIsNeverATuple {}
extension UInt16: _MirrorIsNeverATuple {}
extension UInt32: _MirrorIsNeverATuple {}
extension UInt64: _MirrorIsNeverATuple {}
extension Float: _MirrorIsNeverATuple {}
extension Double: _MirrorIsNeverATuple {}
extension String: _MirrorIsNeverATuple {}
extension Substring: _MirrorIsNeverATuple {}
extension Character: _MirrorIsNeverATuple {}
extension Unicode.Scalar: _MirrorIsNeverATuple {}
extension Optional: _MirrorIsNeverATuple {}
extension Array: _MirrorIsNeverATuple {}
extension ContiguousArray: _MirrorIsNeverATuple {}
extension ArraySlice: _MirrorIsNeverATuple {}
extension Set: _MirrorIsNeverATuple {}
extension Dictionary: _MirrorIsNeverATuple {}
extension Range: _MirrorIsNeverATuple {}
extension ClosedRange: _MirrorIsNeverATuple {}
extension Date: _MirrorIsNeverATuple {}
extension Data: _MirrorIsNeverATuple {}
extension UUID: _MirrorIsNeverATuple {}
extension URL: _MirrorIsNeverATuple {}
extension Decimal: _MirrorIsNeverATuple {}
