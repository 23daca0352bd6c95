/// An element of an in-memory UI tree: for robot tests that run anywhere (Linux included), and
/// for checking view models with the same conditions as UI tests.
///
/// Properties can change while a robot waits (from another thread, or from a test clock's
/// `onSleep`), so every property is read and written under a lock.
///
/// ```swift
/// let screen = InMemoryElement(identifier: "login", children: [
///   InMemoryElement(identifier: "email", placeholderValue: "Email"),
///   InMemoryElement(identifier: "submit", label: "Sign in", isEnabled: false),
/// ])
/// screen.descendant(withIdentifier: "submit").assert(!(.enabled))
/// ```
public final class InMemoryElement: RobotElement, Sendable, CustomStringConvertible {
  struct State {
    var exists: Bool
    var isEnabled: Bool
    var label: String
    var text: String?
    var placeholderValue: String?
    var children: [InMemoryElement]
  }

  /// Its accessibility identifier.
  public let identifier: String
  private let state: _Lock<State>

  /// Creates an element.
  ///
  /// - Parameters:
  ///   - identifier: Its accessibility identifier.
  ///   - label: Its accessibility label.
  ///   - text: Its value, as text (``value`` returns it).
  ///   - placeholderValue: The placeholder a text field shows while empty.
  ///   - isEnabled: False for an element the user cannot interact with.
  ///   - exists: False for an element that is not on screen (yet).
  ///   - children: The elements inside it, which ``descendant(withIdentifier:)`` searches.
  public init(
    identifier: String,
    label: String = "",
    text: String? = nil,
    placeholderValue: String? = nil,
    isEnabled: Bool = true,
    exists: Bool = true,
    children: [InMemoryElement] = []
  ) {
    self.identifier = identifier
    state = _Lock(
      State(
        exists: exists, isEnabled: isEnabled, label: label, text: text, placeholderValue: placeholderValue,
        children: children))
  }

  /// An element that is not in the tree: it does not exist, and has no label, value or children.
  ///
  /// ```swift
  /// InMemoryElement.missing(identifier: "banner").exists  // false
  /// ```
  public static func missing(identifier: String) -> InMemoryElement {
    InMemoryElement(identifier: identifier, exists: false)
  }

  /// Whether the element is on screen; set it to make it appear or go away while a robot waits.
  ///
  /// ```swift
  /// clock.onSleep = { _ in spinner.exists = false }
  /// ```
  public var exists: Bool {
    get { state._withLock { $0.exists } }
    set { state._withLock { $0.exists = newValue } }
  }

  /// Whether the user can interact with it.
  ///
  /// ```swift
  /// submit.isEnabled = true
  /// robot.assert(.submit, .enabled)
  /// ```
  public var isEnabled: Bool {
    get { state._withLock { $0.isEnabled } }
    set { state._withLock { $0.isEnabled = newValue } }
  }

  /// Its accessibility label (`""` when it has none), which ``Matcher/contains(_:)`` also reads.
  ///
  /// ```swift
  /// InMemoryElement(identifier: "submit", label: "Sign in").label  // "Sign in"
  /// ```
  public var label: String {
    get { state._withLock { $0.label } }
    set { state._withLock { $0.label = newValue } }
  }

  /// The element's value as text (what ``value`` returns).
  public var text: String? {
    get { state._withLock { $0.text } }
    set { state._withLock { $0.text = newValue } }
  }

  /// Its value: ``text`` (nil when it has none).
  ///
  /// ```swift
  /// InMemoryElement(identifier: "email", text: "a@b.c").value as? String  // "a@b.c"
  /// ```
  public var value: Any? { text }

  /// The text the element shows while it is empty (nil when it has none); ``Matcher/empty``
  /// counts a value equal to it as empty.
  ///
  /// ```swift
  /// InMemoryElement(identifier: "email", placeholderValue: "Email").placeholderValue  // "Email"
  /// ```
  public var placeholderValue: String? {
    get { state._withLock { $0.placeholderValue } }
    set { state._withLock { $0.placeholderValue = newValue } }
  }

  /// The element's children, in order.
  public var children: [InMemoryElement] {
    get { state._withLock { $0.children } }
    set { state._withLock { $0.children = newValue } }
  }

  /// ``children``, as robot elements.
  ///
  /// ```swift
  /// screen.childElements.count  // 3
  /// ```
  public var childElements: [any RobotElement] { children }

  /// The first element, depth first, whose identifier is `identifier` (this element included), or
  /// a ``missing(identifier:)`` element. Look it up again on every check: an element added later
  /// is found then.
  public func descendant(withIdentifier identifier: String) -> InMemoryElement {
    var stack: [InMemoryElement] = [self]
    while let element = stack.popLast() {
      if element.identifier == identifier { return element }
      stack.append(contentsOf: element.children.reversed())
    }
    return .missing(identifier: identifier)
  }

  /// `element "email" (exists, enabled, label "Email", value "hello")`.
  public var description: String {
    let state = state._withLock { $0 }
    var facts = [state.exists ? "exists" : "does not exist", state.isEnabled ? "enabled" : "not enabled"]
    if !state.label.isEmpty { facts.append("label \(_render(state.label))") }
    if let text = state.text { facts.append("value \(_render(text))") }
    if let placeholder = state.placeholderValue { facts.append("placeholder \(_render(placeholder))") }
    return "element \(_render(identifier)) (\(facts.joined(separator: ", ")))"
  }
}
