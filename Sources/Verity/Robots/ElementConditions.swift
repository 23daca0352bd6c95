import Foundation

// Element conditions are matchers over elements, so they combine with `!`, `&&` and `||`, read as
// `(exists && contains("world"))`, and work in `Assert(that: element).matches(...)` as well as in
// robots. Text comparisons ignore case by full Unicode case folding. `.exists` and
// `.doesNotExist` wait (5 seconds unless told otherwise) when a robot or `element.assert` checks
// them; a composed condition waits only as long as the parts that reject the element wait, so
// `exists && contains("x")` waits for a missing element and fails at once on one with other text.
// Value conditions (`empty`, `equal(to:)`, `contains`, `placeholderEqual(to:)`) fail on an element
// that does not exist.

extension Matcher where T: RobotElement & SendableMetatype {
  /// How long `.exists` and `.doesNotExist` wait by default, as DropBear does: 5 seconds.
  public static var defaultWaiting: TimeInterval { 5 }

  /// The element exists; a robot waits up to 5 seconds for it to appear.
  ///
  /// ```swift
  /// robot.assert(.emailField, .exists)
  /// ```
  public static var exists: Matcher<T> { _exists(name: "exists", waiting: defaultWaiting) }

  /// The element exists; a robot waits up to `seconds` for it to appear.
  ///
  /// ```swift
  /// robot.assert(.banner, .exists(waiting: 10))
  /// ```
  public static func exists(waiting seconds: TimeInterval) -> Matcher<T> {
    _exists(name: "exists(waiting: \(_seconds(seconds)))", waiting: seconds)
  }

  /// The element does not exist; a robot waits up to 5 seconds for it to go away.
  ///
  /// ```swift
  /// robot.assert(.spinner, .doesNotExist)
  /// ```
  public static var doesNotExist: Matcher<T> { _doesNotExist(name: "doesNotExist", waiting: defaultWaiting) }

  /// The element does not exist; a robot waits up to `seconds` for it to go away.
  ///
  /// ```swift
  /// robot.assert(.spinner, .doesNotExist(waiting: 2))
  /// ```
  public static func doesNotExist(waiting seconds: TimeInterval) -> Matcher<T> {
    _doesNotExist(name: "doesNotExist(waiting: \(_seconds(seconds)))", waiting: seconds)
  }

  /// The element exists and is enabled.
  ///
  /// ```swift
  /// robot.assert(.submit, .enabled)
  /// ```
  public static var enabled: Matcher<T> {
    condition("enabled") { element in
      guard element.exists else { return .mismatch("element does not exist") }
      return element.isEnabled ? .match : .mismatch("element is not enabled")
    }
  }

  /// The element's value is empty, or equal to its placeholder (a text field showing only its
  /// placeholder).
  ///
  /// ```swift
  /// robot.assert(.emailField, .empty)
  /// ```
  public static var empty: Matcher<T> {
    _valueCondition("empty") { element in
      let text = element._valueText
      if text.isEmpty || text == element.placeholderValue { return .match }
      return .mismatch("value is \(_render(text))")
    }
  }

  /// The element's value equals `text`, ignoring case.
  ///
  /// ```swift
  /// robot.assert(.greeting, .equal(to: "hello, world!"))
  /// ```
  public static func equal(to text: String) -> Matcher<T> {
    let folded = _CaseSensitivity(ignoringCase: true).fold(text)
    return _valueCondition("equal(to: \(_render(text)))") { element in
      let value = element._valueText
      return _CaseSensitivity(ignoringCase: true).fold(value) == folded ? .match : .mismatch("value is \(_render(value))")
    }
  }

  /// The element's value is the number `number` (`"42"`, `"42.0"`).
  ///
  /// ```swift
  /// robot.assert(.quantity, .equal(to: 3))
  /// ```
  public static func equal(to number: Int) -> Matcher<T> {
    _valueCondition("equal(to: \(number))") { element in
      let value = element._valueText
      let trimmed = value.trimmingCharacters(in: .whitespaces)
      return Int(trimmed) == number || Double(trimmed) == Double(number)
        ? .match : .mismatch("value is \(_render(value))")
    }
  }

  /// The element's value is the number `number`.
  ///
  /// ```swift
  /// robot.assert(.price, .equal(to: 9.5))
  /// ```
  public static func equal(to number: Double) -> Matcher<T> {
    _valueCondition("equal(to: \(number))") { element in
      let value = element._valueText
      return Double(value.trimmingCharacters(in: .whitespaces)) == number
        ? .match : .mismatch("value is \(_render(value))")
    }
  }

  /// The element's value is the boolean `flag`: `"true"`/`"false"` in any case, or `"1"`/`"0"`
  /// (how switches report their state).
  ///
  /// ```swift
  /// robot.assert(.rememberMe, .equal(to: true))
  /// ```
  public static func equal(to flag: Bool) -> Matcher<T> {
    _valueCondition("equal(to: \(flag))") { element in
      let value = element._valueText
      let parsed: Bool? =
        switch value.lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
      return parsed == flag ? .match : .mismatch("value is \(_render(value))")
    }
  }

  /// The element's placeholder equals `text`, ignoring case.
  ///
  /// ```swift
  /// robot.assert(.emailField, .placeholderEqual(to: "Email"))
  /// ```
  public static func placeholderEqual(to text: String) -> Matcher<T> {
    let folded = _CaseSensitivity(ignoringCase: true).fold(text)
    return _valueCondition("placeholderEqual(to: \(_render(text)))") { element in
      guard let placeholder = element.placeholderValue else { return .mismatch("element has no placeholder") }
      return _CaseSensitivity(ignoringCase: true).fold(placeholder) == folded
        ? .match : .mismatch("placeholder is \(_render(placeholder))")
    }
  }

  /// The element's label or value contains `text`, ignoring case.
  ///
  /// ```swift
  /// robot.assert(.greeting, .contains("world"))
  /// ```
  public static func contains(_ text: String) -> Matcher<T> {
    let sensitivity = _CaseSensitivity(ignoringCase: true)
    let needle = sensitivity.fold(text)
    return _valueCondition("contains(\(_render(text)))") { element in
      let label = element.label
      let value = element._valueText
      if needle.isEmpty || sensitivity.fold(label).contains(needle) || sensitivity.fold(value).contains(needle) {
        return .match
      }
      return .mismatch(label.isEmpty ? "value is \(_render(value))" : "label is \(_render(label)), value is \(_render(value))")
    }
  }

  /// A condition of your own: a name for messages, how long a robot may wait for it, and a check.
  ///
  /// ```swift
  /// let hasThreeRows = Matcher<InMemoryElement>.condition("hasThreeRows") { table in
  ///   table.childElements.count == 3 ? .match : .mismatch("it has \(table.childElements.count) rows")
  /// }
  /// robot.assert(.results, .exists && hasThreeRows)
  /// ```
  public static func condition(
    _ name: String,
    waiting seconds: TimeInterval = 0,
    _ check: @escaping @Sendable (T) -> MatchResult
  ) -> Matcher<T> {
    Matcher(name, engineForm: .opaque, waiting: _duration(seconds), check)
  }

  /// A condition on an element's value, label or placeholder: an element that does not exist has
  /// none, so it fails with `element does not exist`, as XCUITest does.
  static func _valueCondition(_ name: String, _ check: @escaping @Sendable (T) -> MatchResult) -> Matcher<T> {
    condition(name) { element in
      element.exists ? check(element) : .mismatch("element does not exist")
    }
  }

  static func _exists(name: String, waiting seconds: TimeInterval) -> Matcher<T> {
    condition(name, waiting: seconds) { $0.exists ? .match : .mismatch("element does not exist") }
  }

  static func _doesNotExist(name: String, waiting seconds: TimeInterval) -> Matcher<T> {
    condition(name, waiting: seconds) { $0.exists ? .mismatch("element exists") : .match }
  }
}

/// `5`, `2.5`: seconds as people write them.
func _seconds(_ seconds: TimeInterval) -> String {
  seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
}

/// Seconds as a `Duration` (negative, NaN and infinite waits are clamped to zero and a day).
func _duration(_ seconds: TimeInterval) -> Duration {
  guard seconds.isFinite, seconds > 0 else { return seconds == .infinity ? .seconds(86_400) : .zero }
  return .nanoseconds(Int64(min(seconds, 86_400) * 1e9))
}
