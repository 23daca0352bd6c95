/// The class instance a value holds, looking through `Optional` and existentials, or `nil` when
/// the value is not a class instance (structs, enums and bridged values have no identity here).
package func _objectIdentity(_ value: Any) -> ObjectIdentifier? {
  guard let present = _flattenOptional(value), type(of: present) is AnyClass else { return nil }
  return ObjectIdentifier(present as AnyObject)
}
