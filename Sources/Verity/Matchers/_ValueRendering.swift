import Foundation

/// How Verity writes values into failure messages and matcher descriptions.
///
/// One rule everywhere, so messages read the same whatever produced them:
/// - `nil` (at any depth of `Optional`) is written `nil`, and a present optional is written as its
///   wrapped value (`5`, not `Optional(5)`);
/// - strings, substrings and characters are quoted and escaped (`"a\"b"`), so `"1"` and `1` differ;
/// - everything else is written with `String(describing:)`.
///
/// ```swift
/// _render(Optional(5))  // 5
/// _render("hi")         // "hi"
/// _render([1, 2])       // [1, 2]
/// ```
package func _render(_ value: Any) -> String {
  guard let unwrapped = _flattenOptional(value) else { return "nil" }
  switch unwrapped {
  case let string as String: return String(reflecting: string)
  case let substring as Substring: return String(reflecting: substring)
  case let character as Character: return String(reflecting: character)
  default: return String(describing: unwrapped)
  }
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
