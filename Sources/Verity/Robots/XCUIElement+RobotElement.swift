// `XCUIElement` as a robot element, where XCTest's UI testing exists (Apple platforms other than
// watchOS). Every requirement but `childElements` is one of XCUIElement's own attributes.
#if canImport(XCTest) && canImport(ObjectiveC) && !os(watchOS)
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
