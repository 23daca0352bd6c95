import Foundation

/// `value` as a conformance whose structure decides `==` by its bytes: one that promises equal
/// structures ⇔ `==` (not a `@Matchable` type, whose own `==` decides, see
/// ``StructurallyEncodable/structureDecidesEquality``), and not a Foundation object, which
/// compares by content. Nil otherwise. The bytes must still hold no NaN (`==` says a NaN equals
/// nothing): the two functions below add that check.
func _conformanceWhoseBytesDecide(_ value: Any) -> (any StructurallyEncodable)? {
  let type = type(of: value)
  // The common scalars by metadata identity (a cast to the exact type, no conformance lookup);
  // a plain type whose layout was learned has no conformance (nor is it a class): no casts.
  let encodable: any StructurallyEncodable
  if type == Int.self {
    encodable = _exactCast(value, to: Int.self)
  } else if type == String.self {
    encodable = _exactCast(value, to: String.self)
  } else if type == Bool.self {
    encodable = _exactCast(value, to: Bool.self)
  } else if type == Double.self {
    encodable = _exactCast(value, to: Double.self)
  } else if _bytesNeverDecideEquality(type) {
    return nil
  } else if !(type is NSObject.Type), let conforming = value as? any StructurallyEncodable {
    encodable = conforming
  } else {
    return nil
  }
  return Swift.type(of: encodable).structureDecidesEquality ? encodable : nil
}

/// Whether values of `type` never have their `==` decided by their bytes, as far as the type alone
/// tells: a plain type whose learned layout has no conformance (and is not a class). False means
/// "not known from the type": ``_conformanceWhoseBytesDecide(_:)`` looks at the value.
func _bytesNeverDecideEquality(_ type: Any.Type) -> Bool {
  if let layout = _TypeLayout.learnedFast(type), !layout.conforms { return true }
  return false
}

/// The structure of `value` when its bytes give exactly `==`'s answer; nil otherwise. The type's
/// promise is checked first, so a value whose bytes cannot decide is not encoded.
func _bytesDecideEquality(_ value: Any) -> Structure? {
  // Small integers and booleans: a structure shared by the whole process.
  if type(of: value) == Int.self, let shared = Structure._smallInteger(_exactCast(value, to: Int.self)) { return shared }
  if type(of: value) == Bool.self { return Structure._bool(_exactCast(value, to: Bool.self)) }
  guard let encodable = _conformanceWhoseBytesDecide(value) else { return nil }
  let structure = Structure(encodable)
  return structure._containsNaN ? nil : structure
}

/// Whether `structure`, already written for `value`, decides `==` by its bytes.
func _bytesDecide(_ value: Any, _ structure: Structure) -> Bool {
  _conformanceWhoseBytesDecide(value) != nil && !structure._containsNaN
}
