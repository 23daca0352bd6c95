/// Something with a name, and a kind that its type names.
public protocol Named: Sendable {
  var name: String { get }
  static var kind: String { get }
}
