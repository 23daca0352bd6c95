internal import CVerityEngine

extension CallLog {
  /// The number of calls matching `pattern`.
  ///
  /// An exact-arguments pattern (every argument `.equal`) is answered by a scan of the argument
  /// fingerprints stored at each call, then, once such queries repeat, from a hash index in
  /// constant time; other patterns scan the method's calls. A method never recorded gives 0.
  ///
  /// ```swift
  /// log.count(matching: CallPattern("fetch", arguments: .exactly([.equal(Structure(42))])))
  /// ```
  public func count(
    matching pattern: CallPattern,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Int {
    _query("count(matching:)", fallback: 0, fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      try state.count(matching: pattern, by: vrt_log_count)
    }
  }

  /// Indices of the calls matching `pattern`, in recording order, starting at call `from`, at most
  /// `limit` of them.
  ///
  /// ```swift
  /// let firstTwo = log.indices(matching: CallPattern("fetch"), limit: 2)  // [0, 3]
  /// ```
  public func indices(
    matching pattern: CallPattern,
    from start: Int = 0,
    limit: Int = .max,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Int] {
    _query("indices(matching:)", fallback: [], fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      try state.writeDeferred(ifReadBy: pattern)
      return try state.indices(matching: pattern, from: start, limit: limit)
    }
  }

  /// The index of the first call matching `pattern` at or after call `from`, or nil.
  ///
  /// ```swift
  /// log.firstIndex(matching: CallPattern("save"), from: 10)
  /// ```
  public func firstIndex(
    matching pattern: CallPattern,
    from start: Int = 0,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Int? {
    _query("firstIndex(matching:)", fallback: nil, fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      try state.writeDeferred(ifReadBy: pattern)
      return try state.firstIndex(matching: pattern, from: UInt64(max(0, start)))
    }
  }

  /// The first call matching `pattern` whose sequence number is greater than `sequence`, or nil.
  ///
  /// Sequence numbers come from one process-wide counter, so this checks order across logs:
  /// find the first call in one log, then the first call after its sequence in another.
  ///
  /// ```swift
  /// guard let login = authLog.firstMatch(matching: CallPattern("login"), afterSequence: 0),
  ///       let fetch = apiLog.firstMatch(matching: CallPattern("fetch"), afterSequence: login.sequence)
  /// else { ... }  // fetch happened after login
  /// ```
  public func firstMatch(
    matching pattern: CallPattern,
    afterSequence sequence: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> RecordedCall? {
    _query("firstMatch(matching:afterSequence:)", fallback: nil, fileID, filePath, line, column) {
      state throws(VerityEngineError) in
      guard sequence < .max else { return nil }
      let log = try state.requireLog()
      let start = vrt_log_lower_bound(log, sequence + 1)
      guard let index = try state.firstIndex(matching: pattern, from: start) else { return nil }
      return try state.recordedCall(at: UInt64(index))
    }
  }

  /// Marks every call matching `pattern` verified, and returns how many matched.
  ///
  /// ```swift
  /// log.markVerified(matching: CallPattern("fetch"))
  /// log.unverified()  // the calls no verification has covered
  /// ```
  @discardableResult
  public func markVerified(
    matching pattern: CallPattern,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Int {
    _query("markVerified(matching:)", fallback: 0, fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      try state.count(matching: pattern, by: vrt_log_mark_verified)
    }
  }

  /// Marks (or unmarks) the call at `index` verified. An index past the end is reported.
  ///
  /// ```swift
  /// if let index = log.firstIndex(matching: pattern) { log.markVerified(at: index) }
  /// ```
  public func markVerified(
    at index: Int,
    _ verified: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _query("markVerified(at:)", fallback: (), fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      guard index >= 0 else { throw VerityEngineError(.invalidArgument) }
      try vrt_log_set_verified(try state.requireLog(), UInt64(index), verified).check()
    }
  }

  /// Indices of the calls not yet verified, in recording order: of `method`, or of every method
  /// when `method` is nil; at most `limit` of them.
  ///
  /// ```swift
  /// let leftovers = log.unverified()  // for "no more interactions"
  /// ```
  public func unverified(
    method: String? = nil,
    limit: Int = .max,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Int] {
    _query("unverified(method:)", fallback: [], fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      try state.unverified(method: method, limit: limit).indices
    }
  }

  /// The number of calls not yet verified (of `method`, or of every method when nil).
  ///
  /// ```swift
  /// log.unverifiedCount()  // 0 after every call was verified
  /// ```
  public func unverifiedCount(
    method: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Int {
    _query("unverifiedCount(method:)", fallback: 0, fileID, filePath, line, column, deferred: .unread) { state throws(VerityEngineError) in
      try state.unverified(method: method, limit: 0).total
    }
  }

  /// The calls of the pattern's method that did not match it, closest first: most matching
  /// arguments first, then earliest. For failure messages ("did you mean ...").
  ///
  /// ```swift
  /// for miss in log.nearest(to: pattern) {
  ///   print(miss.call.arguments, miss.mismatchedArguments)  // [1, 2] [1]
  /// }
  /// ```
  public func nearest(
    to pattern: CallPattern,
    limit: Int = 3,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [NearMiss] {
    _query("nearest(to:)", fallback: [], fileID, filePath, line, column) { state throws(VerityEngineError) in
      let log = try state.requireLog()
      let capacity = max(0, min(limit, state.methodID(pattern.method).map { Int(vrt_log_count_method(log, $0)) } ?? 0))
      var near = [vrt_near_call](repeating: vrt_near_call(), count: capacity)
      var total: UInt64 = 0
      let found: Void? = try state.withPattern(pattern) { cPattern, _ throws(VerityEngineError) in
        try near.withUnsafeMutableBufferPointer { buffer throws(VerityEngineError) in
          try vrt_log_nearest(log, cPattern, buffer.baseAddress, buffer.count, &total).check()
        }
      }
      guard found != nil else { return [] }
      let written = min(capacity, Int(total))
      var result: [NearMiss] = []
      result.reserveCapacity(written)
      for entry in near.prefix(written) {
        let call = try state.recordedCall(at: entry.index)
        let positions = (0..<64).filter { entry.mismatch_mask & (1 << UInt64($0)) != 0 }
        result.append(
          NearMiss(call: call, matchingArgumentCount: Int(entry.matching_args), mismatchedArguments: positions))
      }
      return result
    }
  }

  /// The call at `index`, or nil past the end.
  ///
  /// ```swift
  /// log.call(at: 0)?.arguments.first?.description  // "42"
  /// ```
  public func call(at index: Int) -> RecordedCall? {
    _query("call(at:)", fallback: nil, #fileID, #filePath, #line, #column) { state in
      guard index >= 0, index < state.callCount else { return nil }
      return try? state.recordedCall(at: UInt64(index))
    }
  }

  /// Runs a query under the lock, reporting an engine failure at the caller's location.
  func _query<R: Sendable>(
    _ operation: String,
    fallback: R,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt,
    deferred: _DeferredArguments = .written,
    _ body: (inout _CallLogState) throws(VerityEngineError) -> R
  ) -> R {
    if _isReentrant {
      _reportReentry(operation, fileID: fileID, filePath: filePath, line: line, column: column)
      return fallback
    }
    // Typed throws through the lock, no `Result`: a debug build looks a generic enum's metadata
    // up on every use, and every query comes here.
    do throws(VerityEngineError) {
      return try _withState { state throws(VerityEngineError) -> R in
        if deferred == .written, state.hasDeferred { try state.materialize() }
        let result = try body(&state)
        if _slowPath(state.wroteDeferred) { _defersPureValues.store(false, ordering: .relaxed) }
        return result
      }
    } catch {
      reportFailure(
        "Verity call log \(operation) failed: \(error.message)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return fallback
    }
  }
}

extension _CallLogState {
  /// The number of calls matching `pattern` (0 for a method never recorded), as `engine` counts
  /// them: `vrt_log_count`, or `vrt_log_mark_verified`, which marks them verified too.
  mutating func count(
    matching pattern: CallPattern,
    by engine: (OpaquePointer?, UnsafePointer<vrt_pattern>?, UnsafeMutablePointer<UInt64>?) -> vrt_status
  ) throws(VerityEngineError) -> Int {
    try writeDeferred(ifReadBy: pattern)
    let log = try requireLog()
    var count: UInt64 = 0
    let found: Void? = try withPattern(pattern) { cPattern, _ throws(VerityEngineError) in
      try engine(log, cPattern, &count).check()
    }
    return found == nil ? 0 : Int(count)
  }

  /// Matching indices from `start`, at most `limit`.
  func indices(matching pattern: CallPattern, from start: Int, limit: Int) throws(VerityEngineError) -> [Int] {
    let log = try requireLog()
    guard let method = methodID(pattern.method) else { return [] }
    let capacity = max(0, min(limit, Int(vrt_log_count_method(log, method))))
    var found = [UInt64](repeating: 0, count: capacity)
    var total: UInt64 = 0
    _ = try withPattern(pattern) { cPattern, _ throws(VerityEngineError) in
      try found.withUnsafeMutableBufferPointer { buffer throws(VerityEngineError) in
        try vrt_log_find(log, cPattern, UInt64(max(0, start)), buffer.baseAddress, buffer.count, &total).check()
      }
    }
    return found.prefix(min(capacity, Int(total))).map { Int($0) }
  }

  /// The first matching index at or after `start`.
  func firstIndex(matching pattern: CallPattern, from start: UInt64) throws(VerityEngineError) -> Int? {
    let log = try requireLog()
    var index: UInt64 = 0
    let status = try withPattern(pattern) { cPattern, _ in vrt_log_first(log, cPattern, start, &index) }
    guard let status, status != VRT_ERR_NOT_FOUND else { return nil }
    try status.check()
    return Int(index)
  }

  /// Unverified indices (at most `limit`) and their total.
  func unverified(method: String?, limit: Int) throws(VerityEngineError) -> (indices: [Int], total: Int) {
    let log = try requireLog()
    let id: UInt32
    let bound: Int
    if let method {
      guard let known = methodID(method) else { return ([], 0) }
      id = known
      bound = Int(vrt_log_count_method(log, known))
    } else {
      id = 0xFFFF_FFFF
      bound = callCount
    }
    let capacity = max(0, min(limit, bound))
    var found = [UInt64](repeating: 0, count: capacity)
    var total: UInt64 = 0
    try found.withUnsafeMutableBufferPointer { buffer throws(VerityEngineError) in
      try vrt_log_unverified(log, id, buffer.baseAddress, buffer.count, &total).check()
    }
    return (found.prefix(min(capacity, Int(total))).map { Int($0) }, Int(total))
  }

  /// Reads one call back.
  func recordedCall(at index: UInt64) throws(VerityEngineError) -> RecordedCall {
    let log = try requireLog()
    var call = vrt_call()
    try vrt_log_get(log, index, &call).check()
    var nameLength = 0
    let name: String
    if let pointer = vrt_log_method_name(log, call.method, &nameLength) {
      name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: nameLength), as: UTF8.self)
    } else {
      name = ""
    }
    let arguments = Structure.splittingLeniently(
      arguments: UnsafeRawBufferPointer(start: call.args, count: call.length), count: Int(call.arg_count))
    return RecordedCall(
      index: Int(index), method: name, sequence: call.seq, arguments: arguments, isVerified: call.verified)
  }
}

/// What a query needs of the deferred arguments of a log's calls (pure values kept, not written
/// yet: see `StructureEncoder._deferArgument`).
enum _DeferredArguments {
  /// Written first: the query reads arguments' bytes (messages, values, anything not listed below).
  case written
  /// Left as they are: the query reads no argument's bytes (counts, verified marks), or its body
  /// writes them when its pattern reads them (``_CallLogState/writeDeferred(ifReadBy:)``).
  case unread
}
