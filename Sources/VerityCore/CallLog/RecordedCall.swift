/// One call read back from a ``CallLog``.
///
/// ```swift
/// if let call = log.call(at: 0) {
///   print(call.method, call.arguments.map(\.description))  // fetch ["42"]
/// }
/// ```
public struct RecordedCall: Sendable, Equatable {
  /// Index of the call in its log (0, 1, 2, ... in recording order).
  public let index: Int
  /// The method name it was recorded with.
  public let method: String
  /// Its process-wide sequence number: calls recorded later, in any log, have larger numbers.
  public let sequence: UInt64
  /// One structure per argument, encoded when the call was recorded.
  public let arguments: [Structure]
  /// Whether a verification has marked the call (see ``CallLog/markVerified(matching:fileID:filePath:line:column:)``).
  public let isVerified: Bool
}

/// A call of the pattern's method that did not match, and how close it came.
///
/// ```swift
/// for miss in log.nearest(to: pattern, limit: 3) {
///   print(miss.call.arguments, "mismatched:", miss.mismatchedArguments)
/// }
/// ```
public struct NearMiss: Sendable, Equatable {
  /// The call.
  public let call: RecordedCall
  /// How many of its arguments matched their patterns (0 when the argument count differs).
  public let matchingArgumentCount: Int
  /// Positions of the arguments that did not match, ascending (positions from 64 on are not
  /// reported). When the call's argument count differs from the pattern's, every position of the
  /// longer of the two lists.
  public let mismatchedArguments: [Int]

  /// The call's index in its log.
  public var index: Int { call.index }
  /// The call's sequence number.
  public var sequence: UInt64 { call.sequence }
}
