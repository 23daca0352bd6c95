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
    _query("recordedMethods", fallback: [], #fileID, #filePath, #line, #column, deferred: .unread) { state in
      guard let log = state.log else { return [] }
      var methods: [(method: String, count: Int)] = []
      for id in 0..<vrt_log_method_count(log) {
        let count = Int(vrt_log_count_method(log, id))
        var length = 0
        guard count > 0, let name = vrt_log_method_name(log, id, &length) else { continue }
        let bytes = UnsafeRawBufferPointer(start: name, count: length)
        methods.append((String(decoding: bytes, as: UTF8.self), count))
      }
      return methods
    }
  }
}
