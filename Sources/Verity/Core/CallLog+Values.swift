internal import CVerityEngine

extension CallLog {
  /// The retained values of argument `position` of every call matching `pattern`, in recording
  /// order, that are of type `T` (values of another type are skipped). For argument captors.
  ///
  /// The log must retain values (``retainsValues``); otherwise a failure is reported and the
  /// result is empty. Only `Sendable` values leave the log's lock.
  ///
  /// ```swift
  /// log.record("save", "a")
  /// log.record("save", "b")
  /// log.values(of: String.self, argument: 0, matching: CallPattern("save"))  // ["a", "b"]
  /// ```
  public func values<T: Sendable>(
    of type: T.Type,
    argument position: Int,
    matching pattern: CallPattern,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [T] {
    guard retainsValues else {
      reportFailure(
        "Verity call log values(of:argument:matching:) needs a log that retains values (CallLog(retainsValues: true))",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return []
    }
    return _query("values(of:argument:matching:)", fallback: [], fileID, filePath, line, column) {
      state throws(VerityEngineError) -> [T] in
      let indices = try state.indices(matching: pattern, from: 0, limit: .max)
      var result: [T] = []
      result.reserveCapacity(indices.count)
      for index in indices where index < state.valueStarts.count {
        let start = state.valueStarts[index]
        let end = index + 1 < state.valueStarts.count ? state.valueStarts[index + 1] : state.values.count
        guard position >= 0, start + position < end else { continue }
        if let value = state.values[start + position].value as? T { result.append(value) }
      }
      return result
    }
  }
}
