extension FailureReason: Equatable {
  /// Two reasons are equal when both are the same message, or both are thrown errors that are
  /// equal.
  ///
  /// Thrown errors are compared with `==` when their dynamic type is `Equatable`. Errors of other
  /// types are equal when they have the same dynamic type and the same
  /// `String(reflecting:)` rendering, which includes every stored property. Errors of different
  /// types are never equal.
  ///
  /// ```swift
  /// enum LoginError: Error, Equatable { case locked }
  /// FailureReason.thrownError(LoginError.locked) == .thrownError(LoginError.locked)  // true
  /// FailureReason.message("a") == .message("b")                                  // false
  /// ```
  public static func == (lhs: FailureReason, rhs: FailureReason) -> Bool {
    switch (lhs, rhs) {
    case (.message(let left), .message(let right)):
      left == right
    case (.thrownError(let left), .thrownError(let right)):
      _errorsAreEqual(left, right)
    default:
      false
    }
  }
}

private func _errorsAreEqual(_ left: any Error, _ right: any Error) -> Bool {
  guard type(of: left) == type(of: right) else { return false }
  func isEqual<E: Equatable>(_ left: E) -> Bool { (right as? E) == left }
  if let equatable = (left as Any) as? any Equatable {
    return isEqual(equatable)
  }
  return String(reflecting: left) == String(reflecting: right)
}
