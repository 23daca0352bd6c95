/// The outcome of one assertion operator: a pass carrying the value that the next operator in the
/// chain receives, or a failure with its reason.
///
/// An operator's evaluator returns one (see ``Assertion/evaluate(name:fileID:filePath:line:column:evaluator:)``):
///
/// ```swift
/// return value.isMultiple(of: 2)
///   ? .pass(value)
///   : .fail(message: "\(value) is odd")
/// ```
public enum AssertionResult<Value> {
  /// The check passed; the chain continues with this value.
  case pass(Value)
  /// The check failed for this reason; the rest of the chain is skipped.
  case fail(FailureReason)

  /// A failure described by a message.
  ///
  /// ```swift
  /// return .fail(message: "value is nil")
  /// ```
  public static func fail(message: String) -> AssertionResult<Value> {
    .fail(.message(message))
  }

  /// A failure caused by a thrown error.
  ///
  /// ```swift
  /// do { return .pass(try decode(data)) } catch { return .fail(thrownError: error) }
  /// ```
  public static func fail(thrownError: any Error) -> AssertionResult<Value> {
    .fail(.thrownError(thrownError))
  }
}

extension AssertionResult: Sendable where Value: Sendable {}
