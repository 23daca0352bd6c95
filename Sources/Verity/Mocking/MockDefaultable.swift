// The value an unstubbed call of a generated mock returns: decided by the result type alone.

/// A result type that an unstubbed call to a generated mock may return without failing: the
/// mock returns ``mockDefault``.
///
/// Many result types need no conformance: `Void`, every `Optional` and `ExpressibleByNilLiteral`
/// type (nil), every `RangeReplaceableCollection` and `SetAlgebra` type (empty), every
/// `AdditiveArithmetic` type (zero). Verity adds this conformance to `Bool` (`false`), the standard
/// scalars, `String`, `Array`, `Set`, `Dictionary`, `AsyncStream` and `AsyncThrowingStream`
/// (finished); the "Generated mocks" article (VerityMacros) lists them all, under *Calls with no
/// stub*. A conformance wins over those rules. Add it to your own types when an empty value is a
/// sensible answer:
///
/// ```swift
/// extension Page: MockDefaultable {
///   static var mockDefault: Page { Page(items: []) }
/// }
/// ```
public protocol MockDefaultable {
  /// The value an unstubbed call returns.
  static var mockDefault: Self { get }
}

extension Bool: MockDefaultable { public static var mockDefault: Bool { false } }
extension String: MockDefaultable { public static var mockDefault: String { "" } }
extension Int: MockDefaultable { public static var mockDefault: Int { 0 } }
extension Int8: MockDefaultable { public static var mockDefault: Int8 { 0 } }
extension Int16: MockDefaultable { public static var mockDefault: Int16 { 0 } }
extension Int32: MockDefaultable { public static var mockDefault: Int32 { 0 } }
extension Int64: MockDefaultable { public static var mockDefault: Int64 { 0 } }
extension UInt: MockDefaultable { public static var mockDefault: UInt { 0 } }
extension UInt8: MockDefaultable { public static var mockDefault: UInt8 { 0 } }
extension UInt16: MockDefaultable { public static var mockDefault: UInt16 { 0 } }
extension UInt32: MockDefaultable { public static var mockDefault: UInt32 { 0 } }
extension UInt64: MockDefaultable { public static var mockDefault: UInt64 { 0 } }
extension Double: MockDefaultable { public static var mockDefault: Double { 0 } }
extension Float: MockDefaultable { public static var mockDefault: Float { 0 } }
extension Array: MockDefaultable { public static var mockDefault: Array { [] } }
extension Set: MockDefaultable { public static var mockDefault: Set { [] } }
extension Dictionary: MockDefaultable { public static var mockDefault: Dictionary { [:] } }

/// A stream that has finished: iterating it ends at once.
extension AsyncStream: MockDefaultable {
  public static var mockDefault: AsyncStream { AsyncStream { $0.finish() } }
}

/// A stream that has finished without an error: iterating it ends at once.
extension AsyncThrowingStream: MockDefaultable where Failure == any Error {
  public static var mockDefault: AsyncThrowingStream { AsyncThrowingStream { $0.finish() } }
}

/// The default an unstubbed call returns: `()` for `Void`, nil for an optional,
/// ``MockDefaultable/mockDefault``, else the empty value of a standard protocol (see
/// ``_hasProtocolMockDefault(_:)``); nil when `Value` has none.
func _mockDefaultValue<Value>(_: Value.Type) -> Value? {
  _hasMockDefault(Value.self) ? _mockDefault(Value.self) : nil
}

/// Whether `Value` has a default (see ``_mockDefaultValue(_:)``), decided by the type alone, with
/// no optional of `Value` made: in generic code its metadata is looked up on every call.
func _hasMockDefault<Value>(_: Value.Type) -> Bool {
  if Value.self == Void.self || _isOptional(Value.self) { return true }
  if Value.self == Int.self || Value.self == Bool.self || Value.self == String.self { return true }
  return Value.self is any MockDefaultable.Type || _hasProtocolMockDefault(Value.self)
}

/// The default of a `Value` that ``_hasMockDefault(_:)`` says has one. `()` and a `Void` are the
/// same empty value, and the commonest results are found by metadata identity (no conformance
/// lookup, no dynamic cast); the values are their conformances'.
func _mockDefault<Value>(_: Value.Type) -> Value {
  if Value.self == Void.self { return unsafeBitCast((), to: Value.self) }
  if Value.self == Int.self { return unsafeBitCast(Int.mockDefault, to: Value.self) }
  if Value.self == Bool.self { return unsafeBitCast(Bool.mockDefault, to: Value.self) }
  if Value.self == String.self { return unsafeBitCast(String.mockDefault, to: Value.self) }
  return _otherMockDefault(Value.self)
}

/// ``_mockDefault(_:)`` for an optional, a ``MockDefaultable`` conformance or a standard protocol,
/// out of line: its casts to `Value` would otherwise have their metadata looked up on every call
/// of `_mockDefault`.
@inline(never)
func _otherMockDefault<Value>(_: Value.Type) -> Value {
  if _isOptional(Value.self), let optional = Value.self as? any _OptionalProtocol.Type { return optional._none as! Value }
  if let type = Value.self as? any MockDefaultable.Type { return type.mockDefault as! Value }
  return _protocolMockDefault(Value.self) as! Value
}

/// Whether `type` has an empty value by one of the standard protocols ``_protocolMockDefault(_:)``
/// reads, in its order.
func _hasProtocolMockDefault(_ type: Any.Type) -> Bool {
  type is any ExpressibleByNilLiteral.Type || type is any RangeReplaceableCollection.Type
    || type is any SetAlgebra.Type || type is any AdditiveArithmetic.Type
}

/// The empty value of a type by a standard protocol: nil (`ExpressibleByNilLiteral`), the empty
/// collection (`RangeReplaceableCollection`: `Data`, `ArraySlice`, `Substring`, ...), the empty set
/// (`SetAlgebra`: option sets too), zero (`AdditiveArithmetic`: `Decimal`, `Duration`, ...).
func _protocolMockDefault(_ type: Any.Type) -> Any? {
  if let type = type as? any ExpressibleByNilLiteral.Type { return type.init(nilLiteral: ()) }
  if let type = type as? any RangeReplaceableCollection.Type { return type.init() }
  if let type = type as? any SetAlgebra.Type { return type.init() }
  if let type = type as? any AdditiveArithmetic.Type { return type.zero }
  return nil
}
