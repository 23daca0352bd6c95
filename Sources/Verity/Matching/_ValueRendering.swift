import Foundation

/// How Verity writes values into failure messages and matcher descriptions.
///
/// One rule everywhere, so messages read the same whatever produced them:
/// - `nil` (at any depth of `Optional`) is written `nil`, and a present optional is written as its
///   wrapped value (`5`, not `Optional(5)`);
/// - strings, substrings and characters are quoted and escaped (`"a\"b"`), so `"1"` and `1` differ;
/// - the Foundation value types whose structure Verity defines (`UUID`, `Date`, `URL`, `Decimal`,
///   `Data`; StructurallyEncodable+Foundation.swift) are written as their structure renders them,
///   which is how a message shows a recorded argument of these types: `eq(UUID(uuidString: "…"))`
///   and the recorded `UUID(uuidString: "…")` beside it read alike (see ``_foundationValueRendering(_:)``);
/// - everything else is written with `String(describing:)`.
///
/// ```swift
/// _render(Optional(5))  // 5
/// _render("hi")         // "hi"
/// _render([1, 2])       // [1, 2]
/// _render(Date(timeIntervalSinceReferenceDate: 5))  // Date(timeIntervalSinceReferenceDate: 5.0)
/// ```
package func _render(_ value: Any) -> String {
  guard let unwrapped = _flattenOptional(value) else { return "nil" }
  switch unwrapped {
  case let string as String: return String(reflecting: string)
  case let substring as Substring: return String(reflecting: substring)
  case let character as Character: return String(reflecting: character)
  default: return _foundationValueRendering(unwrapped) ?? String(describing: unwrapped)
  }
}

/// A `UUID`, `Date`, `URL`, `Decimal` or `Data` (exactly that type, not a bridged object) written
/// as its structure renders it, or `nil` for a value of any other type.
///
/// A recorded argument is shown by its structure (`UUID(uuidString: "8CEBA865-…")`,
/// `Date(timeIntervalSinceReferenceDate: 5.0)`, `URL(absoluteString: "https://a.b/c")`,
/// `Decimal(description: "1.5")`, `Data(3 bytes)`), while these types' own descriptions are
/// `8CEBA865-…`, `2001-01-01 00:00:05 +0000`, `https://a.b/c`, `1.5` and `3 bytes`: written the
/// second way, the expected value of a failure would read differently from the recorded one beside
/// it. The structure's form also names the type (a `Decimal` 1.5 is not the `Double` 1.5) and
/// shows a date to the precision `==` compares.
///
/// ```swift
/// _foundationValueRendering(URL(string: "https://a.b/c")!)  // URL(absoluteString: "https://a.b/c")
/// _foundationValueRendering(5)                              // nil
/// ```
func _foundationValueRendering(_ value: Any) -> String? {
  let type = Swift.type(of: value)
  guard type == UUID.self || type == Date.self || type == URL.self || type == Decimal.self || type == Data.self
  else { return nil }
  return Structure(encoding: value).description
}

/// Writes a type name the way messages show it: `Int`, `Optional<String>`, `[Int]`.
package func _render(type: Any.Type) -> String {
  // Foundation's private subclasses (`__NSCFBoolean`, `__NSCFNumber`, `__NSCFString`, ...) by the
  // public class a test wrote.
  if let object = type as? NSObject.Type, String(describing: type).hasPrefix("__NS") {
    for known in [NSNumber.self, NSString.self, NSArray.self, NSDictionary.self, NSData.self, NSDate.self]
    where object.isSubclass(of: known) {
      return String(describing: known)
    }
  }
  return String(describing: type)
}

/// Removes every level of `Optional` around a value held in an `Any`: `nil` for an absent value at
/// any depth, otherwise the innermost wrapped value. `NSNull` (what `JSONSerialization` gives for
/// JSON `null`) is nil too, so every nil-like value answers alike in plain values, ``isNil()``,
/// ``isNotNil()``, captors and messages.
package func _flattenOptional(_ value: Any) -> Any? {
  var current = value
  while let optional = current as? any _OptionalProtocol {
    guard let wrapped = optional._wrappedValue else { return nil }
    current = wrapped
  }
  if current is NSNull { return nil }
  return current
}

/// Lets code that holds an `Any` see through `Optional` without `Mirror`.
package protocol _OptionalProtocol {
  /// The wrapped value, or `nil`.
  var _wrappedValue: Any? { get }
  /// The absent value of this optional type.
  static var _none: Self { get }
}

extension Optional: _OptionalProtocol {
  package var _wrappedValue: Any? {
    switch self {
    case .some(let wrapped): wrapped
    case .none: nil
    }
  }

  package static var _none: Self { .none }
}


/// How a failure message shows a value whose type describes itself: `String(describing:)`, for a
/// value that is `CustomStringConvertible` or `CustomDebugStringConvertible`, of a type from
/// neither the standard library nor Foundation (their values, `[String: Any]` included, keep the
/// structure's rendering, the one every message uses for them) and with no
/// ``StructurallyEncodable`` conformance; nil for every other value, and for an `NSObject` (whose
/// default description is its address).
///
/// ```swift
/// _selfDescription(buffer)   // "ByteBuffer { readerIndex: 0, writerIndex: 4, … }"
/// _selfDescription(album)    // nil: the structure is shown
/// ```
func _selfDescription(_ value: Any?) -> String? {
  // The common scalars by metadata identity: standard types render by structure (no casts).
  if let value {
    let type = ObjectIdentifier(type(of: value))
    if type == ObjectIdentifier(Int.self) || type == ObjectIdentifier(String.self) || type == ObjectIdentifier(Bool.self)
      || type == ObjectIdentifier(Double.self)
    {
      return nil
    }
  }
  guard let value, let present = _flattenOptional(value), !(present is any StructurallyEncodable),
    !(type(of: present) is NSObject.Type),
    present is any CustomStringConvertible || present is any CustomDebugStringConvertible
  else { return nil }
  let typeName = String(reflecting: type(of: present))
  if typeName.hasPrefix("Swift.") || typeName.hasPrefix("Foundation.") { return nil }
  return String(describing: present)
}
