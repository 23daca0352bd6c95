internal import CVerityEngine

extension CallLog {
  /// The kept values of argument `position` of every call matching `pattern`, in recording
  /// order, that are of type `T` (values of another type are skipped). For argument captors.
  ///
  /// The log must keep values (``keepsValues``); otherwise a failure is reported and the
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
    guard keepsValues else {
      reportFailure(
        "Verity call log values(of:argument:matching:) needs a log that keeps values (CallLog(keepsValues: true))",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return []
    }
    return _query("values(of:argument:matching:)", fallback: [], fileID, filePath, line, column) {
      state throws(VerityEngineError) -> [T] in
      let indices = try state.indices(matching: pattern, from: 0, limit: .max)
      var result: [T] = []
      result.reserveCapacity(indices.count)
      for index in indices {
        if let value = state.keptValue(call: index, position: position)?.value as? T { result.append(value) }
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
    _query("markVerified(matching:)", fallback: (0, 0), fileID, filePath, line, column, deferred: .unread) {
      state throws(VerityEngineError) -> (Int, Int) in
      try state.writeDeferred(ifReadBy: pattern)
      let log = try state.requireLog()
      let total = state.callCount
      let (low, high) = bounds(total)
      let count: Int? = try state.withPattern(pattern, skippingPredicates: true) {
        cPattern, context throws(VerityEngineError) -> Int in
        guard let first = context.predicatePosition(from: 0) else {
          var count: UInt64 = 0
          var marked = false
          try vrt_log_mark_verified_if(log, cPattern, low, high, &count, &marked).check()
          return Int(count)
        }
        // Predicates run here, in Swift, over the calls the engine hands back in batches (every
        // other argument already checked there), not through a callback per call. The matches of
        // a small log are gathered in temporary (stack) storage, those of a big one in an array.
        func matchAndMark(in buffer: UnsafeMutableBufferPointer<UInt64>?) throws(VerityEngineError) -> Int {
          var matched = _MatchedCalls(buffer: buffer)
          try _matchInSwift(log: log, cPattern, context: context, first: first, into: &matched)
          try matched.withIndices { indices throws(VerityEngineError) in
            if UInt64(indices.count) >= low, UInt64(indices.count) <= high {
              try vrt_log_mark_calls(log, indices.baseAddress, indices.count).check()
            }
          }
          return matched.count
        }
        if total > 256 { return try matchAndMark(in: nil) }
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(total, 1), matchAndMark)
      }
      return (count ?? 0, total)
    }
  }

  /// The most calls ``_quickCountAndMark(method:argumentCount:tested:test:accept:)`` looks through.
  package static var _quickCallLimit: Int { 64 }

  /// A verification of a small log answered in Swift, with no pattern compiled: counts the calls
  /// of `method` with `argumentCount` arguments whose values at the `tested` positions (bit `i`:
  /// argument `i`) pass `test`, and when `accept(count, total)` holds, marks them verified and
  /// returns true. Returns false, having marked nothing, when `accept` refuses or when the log
  /// cannot answer here as the engine would: it holds more than ``_quickCallLimit`` calls, a
  /// matching call's tested value is not kept (a log that keeps structures only), or the log is in
  /// use by a check on this thread. The
  /// caller then runs the compiled verification, which answers and reports everything.
  ///
  /// `test` gets the value the engine's predicates get (the kept value, or one rebuilt from its
  /// bytes), inside the log's lock: the caller must pass a test that answers as the compiled
  /// pattern does, and that does not use this log.
  package func _quickCountAndMark(
    method: String,
    argumentCount: Int,
    tested: UInt64,
    test: (_ position: Int, _ value: Any?) -> Bool,
    accept: (_ count: Int, _ total: Int) -> Bool
  ) -> Bool {
    if _isReentrant { return false }
    return _query("verify", fallback: false, #fileID, #filePath, #line, #column, deferred: .unread) { state -> Bool in
      guard let log = state.log else { return false }
      let total = state.callCount
      guard total <= Self._quickCallLimit else { return false }
      guard let methodID = state.methodID(method) else { return accept(0, total) }
      // The method's calls from its per-method index, then its matches, in stack storage.
      return withUnsafeTemporaryAllocation(of: vrt_method_call.self, capacity: max(total, 1)) { calls -> Bool in
        var listed: UInt64 = 0
        guard vrt_log_method_calls(log, methodID, calls.baseAddress, total, &listed) == VRT_OK, listed <= UInt64(total)
        else { return false }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(Int(listed), 1)) { matched -> Bool in
          var count = 0
          for k in 0..<Int(listed) {
            let call = calls[k]
            guard Int(call.arg_count) == argumentCount else { continue }
            var matches = true
            var positions = tested
            while positions != 0 {
              let position = positions.trailingZeroBitCount
              positions &= positions - 1
              guard let value = state.quickValue(tag: call.tag, at: Int(call.index), position: position) else {
                return false
              }
              if !test(position, value.value) {
                matches = false
                break
              }
            }
            if matches {
              matched[count] = call.index
              count += 1
            }
          }
          guard accept(count, total) else { return false }
          return vrt_log_mark_calls(log, matched.baseAddress, count) == VRT_OK
        }
      }
    }
  }

  /// Calls `body`, inside the log's lock, with the kept value of argument `position` of every
  /// call matching `pattern`, in recording order (nothing when the log keeps no values). `body`
  /// must not use this log.
  package func _forEachKeptValue(
    argument position: Int,
    matching pattern: CallPattern,
    _ body: (Any?) -> Void
  ) {
    _query("values(of:argument:matching:)", fallback: (), #fileID, #filePath, #line, #column, deferred: .unread) {
      state throws(VerityEngineError) in
      try state.writeDeferred(ifReadBy: pattern)
      for index in try state.indices(matching: pattern, from: 0, limit: .max) {
        if let value = state.keptValue(call: index, position: position) { body(value.value) }
      }
    }
  }

  /// The result of `body` on the kept value of argument `position` of call `index`, inside the
  /// log's lock; nil when the log keeps no value there.
  package func _withKeptValue<R: Sendable>(
    call index: Int, position: Int, _ body: (Any?) -> R
  ) -> R? {
    _query("call(at:)", fallback: nil, #fileID, #filePath, #line, #column) { state throws(VerityEngineError) -> R? in
      state.keptValue(call: index, position: position).map { body($0.value) }
    }
  }
}

/// The indices of matching calls: in `buffer` (temporary storage with room for every call of
/// the log; each call matches at most once) when there is one, else in an array.
private struct _MatchedCalls {
  private let buffer: UnsafeMutableBufferPointer<UInt64>?
  private var array: [UInt64] = []
  private(set) var count = 0

  init(buffer: UnsafeMutableBufferPointer<UInt64>?) {
    self.buffer = buffer
    if buffer == nil { array.reserveCapacity(8) }
  }

  mutating func append(_ index: UInt64) {
    if let buffer {
      // The engine hands each call back once, so there are never more matches than calls.
      precondition(count < buffer.count, "more matching calls than the log holds")
      buffer[count] = index
    } else {
      array.append(index)
    }
    count += 1
  }

  /// Calls `body` with the indices gathered.
  func withIndices<R>(_ body: (UnsafeBufferPointer<UInt64>) throws(VerityEngineError) -> R) throws(VerityEngineError) -> R {
    if let buffer { return try body(UnsafeBufferPointer(rebasing: buffer[..<count])) }
    return try array.withUnsafeBufferPointer { indices throws(VerityEngineError) in try body(indices) }
  }
}

/// The calls matching `cPattern` (whose predicate arguments the engine skips) whose predicate
/// arguments (``_PredicateContext/isPredicatePosition(_:)``) also match, in index order, appended
/// to `matched`. `first` is the first predicate position: the engine hands its argument back with
/// each call.
private func _matchInSwift(
  log: OpaquePointer, _ cPattern: UnsafePointer<vrt_pattern>, context: _PredicateContext, first: Int,
  into matched: inout _MatchedCalls
) throws(VerityEngineError) {
  // Batches of up to 4096 calls, and no bigger than the log: a small log (the everyday test's
  // handful of calls) must not pay for allocating and clearing 4096 entries. The batch lives in
  // temporary (stack) storage.
  let total = vrt_log_count_calls(log)
  let batch = max(1, min(4096, Int(total)))
  // The first position's fast path, hoisted: most calls are decided here without leaving the loop.
  // The loop is written with plain indices and no per-call slices or optionals to unwrap: debug
  // builds (what `swift test` runs) pay for each of those on every call.
  let fast = context.fastTags.isEmpty ? [] : context.fastTags[first]
  let fastCount = fast.count
  // A non-optional closure, bound once: unwrapping an optional one in the loop retains and
  // releases its context for every call.
  let hasTest = first < context.bytesTests.count && context.bytesTests[first] != nil
  let test = hasTest ? context.bytesTests[first]! : { _ in nil }
  let next = context.predicatePosition(from: first + 1)
  try withUnsafeTemporaryAllocation(of: vrt_found_argument.self, capacity: batch) { found throws(VerityEngineError) in
    var from: UInt64 = 0
    while true {
      var written = 0
      try vrt_log_find_arguments(log, cPattern, from, UInt32(first), found.baseAddress, batch, &written).check()
      for i in 0..<written {
        let entry = found[i]
        let bytes = UnsafeRawBufferPointer(start: entry.bytes, count: entry.length)
        var matches: Bool
        let tag = Int(entry.tag)
        if hasTest, tag < fastCount, fast[tag], let answer = test(bytes) {
          matches = answer
        } else {
          matches = context.evaluate(callIndex: entry.index, position: first, bytes: bytes, tag: entry.tag)
        }
        if matches, let next {
          matches = _matchRest(log: log, context: context, index: entry.index, from: next)
        }
        if matches { matched.append(entry.index) }
      }
      // A batch that ends at the log's last call needs no second look (a log of exactly `batch`
      // calls, all matching the engine's part of the pattern).
      if written < batch || found[written - 1].index + 1 >= total { return }
      from = found[written - 1].index + 1
    }
  }
}

/// Whether call `index` matches the predicates at positions from `start` on (the first one's
/// already checked).
private func _matchRest(log: OpaquePointer, context: _PredicateContext, index: UInt64, from start: Int) -> Bool {
  for position in start..<context.predicates.count where context.isPredicatePosition(position) {
    var bytes: UnsafePointer<UInt8>? = nil
    var length = 0
    var tag: UInt32 = 0
    guard vrt_log_argument(log, index, UInt32(position), &bytes, &length, &tag) == VRT_OK else { return false }
    let matches = context.evaluate(
      callIndex: index, position: position, bytes: UnsafeRawBufferPointer(start: bytes, count: length), tag: tag)
    if !matches { return false }
  }
  return true
}

extension _CallLogState {
  /// The value of argument `position` of call `index`, whose engine tag is `tag`, as the
  /// engine's predicates see it: kept, or rebuilt from its bytes by the call's shape; nil when the
  /// log keeps no value for it.
  func quickValue(tag: UInt32, at index: Int, position: Int) -> _KeptValue? {
    if tag == _ValueTag.none { return nil }
    if tag >= _ValueTag.keptBase {
      let kept = Int(tag - _ValueTag.keptBase)
      return keptArguments.keptValue(call: kept, position: position)
    }
    guard let log else { return nil }
    var bytes: UnsafePointer<UInt8>? = nil
    var length = 0
    guard vrt_log_argument(log, UInt64(index), UInt32(position), &bytes, &length, nil) == VRT_OK else { return nil }
    return _argumentValue(
      tag: tag, position: position, bytes: UnsafeRawBufferPointer(start: bytes, count: length), shapes: shapes,
      keptArguments: keptArguments)
  }

  /// The value of argument `position` of call `index`: rebuilt from its bytes when the call's
  /// arguments are plain, else the kept value; nil when the log keeps none there.
  func keptValue(call index: Int, position: Int) -> _KeptValue? {
    guard let log, index >= 0, index < callCount, position >= 0, position < 256 else { return nil }
    var call = vrt_call()
    guard vrt_log_get(log, UInt64(index), &call) == VRT_OK else { return nil }
    return quickValue(tag: call.tag, at: index, position: position)
  }
}
