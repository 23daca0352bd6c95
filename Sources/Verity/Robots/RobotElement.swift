/// A UI element as robots and element conditions see it: the few properties every UI layer has.
///
/// `XCUIElement` conforms where XCTest's UI testing exists; ``InMemoryElement`` is a tree for
/// tests on any platform (and for view models). Conform your own UI layer's element type to run
/// the same robots against it.
///
/// ```swift
/// let field = InMemoryElement(identifier: "email", text: "hello")
/// field.assert(.exists && .contains("hell"))
/// ```
public protocol RobotElement {
  /// Whether the element is on screen now.
  var exists: Bool { get }
  /// Whether the user can interact with it.
  var isEnabled: Bool { get }
  /// Its accessibility label (`""` when it has none).
  var label: String { get }
  /// Its value: the text of a field, the state of a switch, ... (nil when it has none).
  var value: Any? { get }
  /// The text a field shows while it is empty (nil when it has none).
  var placeholderValue: String? { get }
  /// Its accessibility identifier.
  var identifier: String { get }
  /// Its child elements.
  var childElements: [any RobotElement] { get }
}

extension RobotElement {
  /// ``value`` as text: its description, or `""` when it has none.
  var _valueText: String {
    guard let value, let present = _flattenOptional(value) else { return "" }
    return present as? String ?? String(describing: present)
  }
}
