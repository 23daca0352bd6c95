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

extension CallLog {
  /// Counts the calls matching `pattern` and marks them verified only when the count is within
  /// `bounds(total)` (inclusive; `total` is the log's call count), in one critical section, so no
  /// recording slips between the count and the marking. Returns the count and the total.
  ///
  /// Only a passing verification marks calls (Mockito's rule): a failed one leaves later checks,
  /// such as "no more interactions", unchanged. One engine pass marks while it counts, and reverts
  /// its own marks when the count is out of bounds, so each predicate runs once per candidate.
  package func _countAndMarkVerified(
    matching pattern: CallPattern,
    bounds: (_ total: Int) -> (min: UInt64, max: UInt64),
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> (count: Int, total: Int) {
    _query("markVerified(matching:)", fallback: (0, 0), fileID, filePath, line, column) {
      state throws(VerityEngineError) -> (Int, Int) in
      let log = try state.requireLog()
      let total = state.callCount
      let (low, high) = bounds(total)
      let count: Int? = try state.withPattern(pattern) { cPattern throws(VerityEngineError) -> Int in
        var count: UInt64 = 0
        var marked = false
        try vrt_log_mark_verified_if(log, cPattern, low, high, &count, &marked).check()
        return Int(count)
      }
      return (count ?? 0, total)
    }
  }

  /// Calls `body`, inside the log's lock, with the retained value of argument `position` of every
  /// call matching `pattern`, in recording order (nothing when the log keeps no values). `body`
  /// must not use this log.
  package func _forEachRetainedValue(
    argument position: Int,
    matching pattern: CallPattern,
    _ body: (Any?) -> Void
  ) {
    _query("values(of:argument:matching:)", fallback: (), #fileID, #filePath, #line, #column) {
      state throws(VerityEngineError) in
      for index in try state.indices(matching: pattern, from: 0, limit: .max) {
        if let value = state.retainedValue(call: index, position: position) { body(value.value) }
      }
    }
  }

  /// The result of `body` on the retained value of argument `position` of call `index`, inside the
  /// log's lock; nil when the log keeps no value there.
  package func _withRetainedValue<R: Sendable>(
    call index: Int, position: Int, _ body: (Any?) -> R
  ) -> R? {
    _query("call(at:)", fallback: nil, #fileID, #filePath, #line, #column) { state throws(VerityEngineError) -> R? in
      state.retainedValue(call: index, position: position).map { body($0.value) }
    }
  }
}

extension _CallLogState {
  /// The retained value of argument `position` of call `index`, if the log kept it.
  func retainedValue(call index: Int, position: Int) -> _RetainedValue? {
    guard index >= 0, index < valueStarts.count, position >= 0 else { return nil }
    let start = valueStarts[index]
    let end = index + 1 < valueStarts.count ? valueStarts[index + 1] : values.count
    return start + position < end ? values[start + position] : nil
  }
}
