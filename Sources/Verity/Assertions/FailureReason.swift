/// Why an assertion failed: a message written by the operator, or an error thrown while it ran.
///
/// A failure is reported as `"<operator> failed - <reason>"`, where the reason is the message, or
/// for a thrown error `threw <ErrorType>: <error>`:
///
/// ```swift
/// FailureReason.message("1 is not equal to 2").description  // "1 is not equal to 2"
/// FailureReason.thrownError(CancellationError()).description
/// // "threw CancellationError: CancellationError()"
/// ```
public enum FailureReason: Sendable {
  /// The operator found the value wrong and says why.
  case message(String)
  /// The operator, or the expression it evaluated, threw this error.
  case thrownError(any Error)
}

extension FailureReason: CustomStringConvertible {
  /// The reason as it appears after `"<operator> failed - "` in a reported failure.
  ///
  /// ```swift
  /// FailureReason.message("value is nil").description  // "value is nil"
  /// ```
  public var description: String {
    switch self {
    case .message(let message):
      message
    case .thrownError(let error):
      "threw \(_render(type: type(of: error))): \(error)"
    }
  }
}
