// `XCUIElement` as a robot element, where XCTest's UI testing exists (Apple platforms other than
// watchOS). Every requirement but `childElements` is one of XCUIElement's own attributes. It lives
// in VerityTesting, which only test processes link, so that the `Verity` module never links XCTest
// into an app. A UI test file imports it: `import VerityTesting`.
#if canImport(XCTest) && canImport(ObjectiveC) && !os(watchOS)
  import Verity
  import XCTest

  /// UI tests drive robots with real elements:
  ///
  /// ```swift
  /// struct LoginRobot: Robot {
  ///   let app = XCUIApplication()
  ///   func element(_ id: LoginElement) -> XCUIElement { app.descendants(matching: .any)[id.rawValue] }
  /// }
  /// ```
  ///
  /// `@preconcurrency`: XCUIElement's attributes are main-actor isolated; UI tests run on the main
  /// actor, where robots read them.
  extension XCUIElement: @preconcurrency RobotElement {
    /// The element's direct children.
    public var childElements: [any RobotElement] {
      children(matching: .any).allElementsBoundByIndex
    }
  }
#endif
