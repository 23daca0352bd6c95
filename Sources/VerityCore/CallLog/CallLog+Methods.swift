internal import CVerityEngine

extension CallLog {
  /// The methods recorded so far, in the order each was first recorded, with their call counts.
  ///
  /// Failure messages use it to say what *was* called when the wanted method never was.
  ///
  /// ```swift
  /// log.record("open")
  /// log.record("save", 1)
  /// log.record("save", 2)
  /// log.recordedMethods  // [("open", 1), ("save", 2)]
  /// ```
  public var recordedMethods: [(method: String, count: Int)] {
    _query("recordedMethods", fallback: [], #fileID, #filePath, #line, #column) { state in
      guard let log = state.log else { return [] }
      return state.methodIDs
        .sorted { $0.value < $1.value }
        .compactMap { name, id in
          let count = Int(vrt_log_count_method(log, id))
          return count > 0 ? (name, count) : nil
        }
    }
  }
}
