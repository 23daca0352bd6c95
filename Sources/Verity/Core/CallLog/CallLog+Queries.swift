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
    _query("count(matching:)", fallback: 0, fileID, filePath, line, column) { state throws(VerityEngineError) in
      let log = try state.requireLog()
      var count: UInt64 = 0
      let found: Void? = try state.withPattern(pattern) { cPattern, _ throws(VerityEngineError) in
        try vrt_log_count(log, cPattern, &count).check()
      }
      return found == nil ? 0 : Int(count)
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
    _query("indices(matching:)", fallback: [], fileID, filePath, line, column) { state throws(VerityEngineError) in
      try state.indices(matching: pattern, from: start, limit: limit)
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
    _query("firstIndex(matching:)", fallback: nil, fileID, filePath, line, column) { state throws(VerityEngineError) in
      try state.firstIndex(matching: pattern, from: UInt64(max(0, start)))
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
    _query("markVerified(matching:)", fallback: 0, fileID, filePath, line, column) { state throws(VerityEngineError) in
      let log = try state.requireLog()
      var count: UInt64 = 0
      let found: Void? = try state.withPattern(pattern) { cPattern, _ throws(VerityEngineError) in
        try vrt_log_mark_verified(log, cPattern, &count).check()
      }
      return found == nil ? 0 : Int(count)
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
    _query("markVerified(at:)", fallback: (), fileID, filePath, line, column) { state throws(VerityEngineError) in
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
    _query("unverified(method:)", fallback: [], fileID, filePath, line, column) { state throws(VerityEngineError) in
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
    _query("unverifiedCount(method:)", fallback: 0, fileID, filePath, line, column) { state throws(VerityEngineError) in
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
      let capacity = max(0, min(limit, state.methodIDs[pattern.method].map { Int(vrt_log_count_method(log, $0)) } ?? 0))
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
    _ body: (inout _CallLogState) throws(VerityEngineError) -> R
  ) -> R {
    if _isReentrant {
      _reportReentry(operation, fileID: fileID, filePath: filePath, line: line, column: column)
      return fallback
    }
    let result: Result<R, VerityEngineError> = _withState { state in
      do throws(VerityEngineError) {
        return .success(try body(&state))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let error):
      reportFailure(
        "Verity call log \(operation) failed: \(error.message)",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return fallback
    }
  }
}

extension _CallLogState {
  /// Lowers `pattern` to an engine pattern for `body`. Returns nil, without calling `body`, when
  /// the method was never recorded (such a pattern matches nothing).
  ///
  /// `.any` and `.equal` arguments run in the engine. A predicate whose matcher has an engine form
  /// (a built-in comparison or string matcher, see ``_EngineTest``) runs in the engine for the
  /// calls whose argument has exactly the matcher's type (`engine_tags`); every other predicate,
  /// and those calls, go to the context's callback, or, with `skippingPredicates`, are left to
  /// the caller (see ``_PredicateContext``).
  func withPattern<R>(
    _ pattern: CallPattern,
    skippingPredicates: Bool = false,
    _ body: (UnsafePointer<vrt_pattern>, _PredicateContext) throws(VerityEngineError) -> R
  ) throws(VerityEngineError) -> R? {
    guard let method = methodIDs[pattern.method] else { return nil }
    switch pattern.arguments {
    case .any:
      var cPattern = vrt_pattern()
      cPattern.method = method
      cPattern.flags = UInt32(VRT_PATTERN_ANY_ARGUMENTS)
      let context = _PredicateContext(state: self, predicates: [], accelerators: [])
      return try body(&cPattern, context)
    case .exactly(let arguments):
      guard arguments.count <= 255 else { throw VerityEngineError(.tooLarge) }
      // A verification of a handful of calls is mostly fixed cost, so this builds nothing it
      // does not need: no predicate lists when no argument is a predicate, and the argument
      // bytes and C argument patterns in temporary (stack) storage.
      var hasPredicate = false
      var scratchCount = 0
      for (position, argument) in arguments.enumerated() {
        switch argument {
        case .any: break
        case .equal(let structure): scratchCount += structure.byteCount
        case .predicate, .valuePredicate:
          hasPredicate = true
          if position < pattern._accelerators.count, let needle = pattern._accelerators[position]?.engine?.needle {
            scratchCount += needle.count
          }
        }
      }
      var predicates: [_ArgumentPredicate?] = []
      var accelerators: [_ArgumentAccelerator?] = []
      if hasPredicate {
        predicates.reserveCapacity(arguments.count)
        accelerators.reserveCapacity(arguments.count)
        for (position, argument) in arguments.enumerated() {
          let accelerator = position < pattern._accelerators.count ? pattern._accelerators[position] : nil
          switch argument {
          case .any, .equal:
            predicates.append(nil)
            accelerators.append(nil)
          case .predicate(let predicate):
            predicates.append(.argument(predicate))
            accelerators.append(accelerator)
          case .valuePredicate(let predicate):
            predicates.append(.value(predicate))
            accelerators.append(accelerator)
          }
        }
      }
      let context = _PredicateContext(state: self, predicates: predicates, accelerators: accelerators)
      let engineTags = context.engineTags
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, scratchCount)) {
        scratch throws(VerityEngineError) -> R in
        try withUnsafeTemporaryAllocation(of: vrt_arg_pattern.self, capacity: max(1, arguments.count)) {
          cArguments throws(VerityEngineError) -> R in
          var offset = 0
          for (position, argument) in arguments.enumerated() {
            var cArgument = vrt_arg_pattern()
            switch argument {
            case .any:
              cArgument.kind = VRT_ARG_ANY
            case .equal(let structure):
              cArgument.kind = VRT_ARG_EQ
              structure.bytes.withUnsafeBufferPointer { bytes in
                _ = UnsafeMutableBufferPointer(rebasing: scratch[offset...]).initialize(from: bytes)
              }
              cArgument.bytes = UnsafePointer(scratch.baseAddress! + offset)
              cArgument.length = structure.byteCount
              offset += structure.byteCount
            case .predicate, .valuePredicate:
              cArgument.kind = VRT_ARG_PREDICATE
              if let engine = accelerators[position]?.engine {
                engine.needle.withUnsafeBufferPointer { needle in
                  _ = UnsafeMutableBufferPointer(rebasing: scratch[offset...]).initialize(from: needle)
                }
                engine.fill(&cArgument, needle: UnsafePointer(scratch.baseAddress! + offset))
                offset += engine.needle.count
              }
            }
            (cArguments.baseAddress! + position).initialize(to: cArgument)
          }
          return try engineTags.withUnsafeBufferPointer { tags throws(VerityEngineError) -> R in
            var cPattern = vrt_pattern()
            cPattern.method = method
            cPattern.flags = skippingPredicates ? UInt32(VRT_PATTERN_SKIP_PREDICATES) : 0
            cPattern.arg_count = UInt32(arguments.count)
            cPattern.args = UnsafePointer(cArguments.baseAddress)
            cPattern.predicate = hasPredicate ? _verityPredicateThunk : nil
            cPattern.predicate_context = Unmanaged.passUnretained(context).toOpaque()
            cPattern.engine_tags = tags.baseAddress
            cPattern.engine_tag_count = tags.count
            return try withExtendedLifetime(context) { () throws(VerityEngineError) -> R in
              try body(&cPattern, context)
            }
          }
        }
      }
    }
  }

  /// Matching indices from `start`, at most `limit`.
  func indices(matching pattern: CallPattern, from start: Int, limit: Int) throws(VerityEngineError) -> [Int] {
    let log = try requireLog()
    guard let method = methodIDs[pattern.method] else { return [] }
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
      guard let known = methodIDs[method] else { return ([], 0) }
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

/// What the predicates of one query need: the predicates and accelerators by argument position,
/// and how to read a call's argument values (its tag says: rebuilt from bytes by an argument
/// shape, or a retained array). Used during one query, under the log's lock: by the engine's
/// callback, and by verification for the calls the engine hands back (`_countAndMarkVerified`).
final class _PredicateContext {
  let log: OpaquePointer?
  let predicates: [_ArgumentPredicate?]
  let accelerators: [_ArgumentAccelerator?]
  let shapes: [_ArgumentShape]
  let retained: [[Any?]]
  /// Per argument position with an accelerator: whether a tag's calls hold exactly the
  /// accelerator's type there (indexed by tag; only argument shapes can). Empty elsewhere.
  let fastTags: [[Bool]]
  /// The accelerators' tests on bytes, by position.
  let bytesTests: [(@Sendable (UnsafeRawBufferPointer) -> Bool?)?]

  init(state: borrowing _CallLogState, predicates: [_ArgumentPredicate?], accelerators: [_ArgumentAccelerator?]) {
    self.log = state.log
    self.predicates = predicates
    self.accelerators = accelerators
    self.shapes = state.shapes
    self.retained = state.retained
    self.bytesTests = accelerators.map { $0?.bytesTest }
    let shapes = state.shapes
    fastTags = accelerators.enumerated().map { position, accelerator in
      guard let accelerator else { return [] }
      let id = UInt(bitPattern: accelerator.type)
      return [false] + shapes.map { $0.canBePlain && position < $0.ids.count && $0.ids[position] == id }
    }
  }

  /// The tags whose calls the engine decides for every engine-form argument (see `engine_tags`).
  /// Never empty: a tag no call has stands for "none".
  var engineTags: [UInt32] {
    let positions = accelerators.indices.filter { accelerators[$0]?.engine != nil }
    guard !positions.isEmpty else { return [] }
    var tags: [UInt32] = []
    for tag in 1..<UInt32(shapes.count + 1) where positions.allSatisfy({ fastTags[$0][Int(tag)] }) {
      tags.append(tag)
    }
    return tags.isEmpty ? [_ValueTag.retainedBase - 1] : tags
  }

  /// Whether argument `position` (its bytes given) of call `callIndex`, whose tag is `tag`,
  /// matches its predicate.
  func evaluate(callIndex: UInt64, position: Int, bytes: UnsafeRawBufferPointer, tag: UInt32) -> Bool {
    guard position < predicates.count, let predicate = predicates[position] else { return true }
    if let test = bytesTests[position], Int(tag) < fastTags[position].count, fastTags[position][Int(tag)],
      let answer = test(bytes)
    {
      return answer
    }
    let value = _argumentValue(tag: tag, position: position, bytes: bytes, shapes: shapes, retained: retained)
    switch predicate {
    case .value(let predicate):
      return predicate(value?.value)
    case .argument(let predicate):
      // The log's arguments come from Verity's encoder; they are not re-validated here.
      let structure = Structure(_trusted: Array(bytes))
      return predicate(
        RecordedArgument(
          callIndex: Int(callIndex), position: position, structure: structure, value: value?.value,
          isValueRetained: value != nil))
    }
  }

  /// The engine callback's entry: looks the call's tag up first.
  func evaluate(callIndex: UInt64, position: UInt32, bytes: UnsafePointer<UInt8>?, length: Int) -> Bool {
    var call = vrt_call()
    if let log { _ = vrt_log_get(log, callIndex, &call) }
    return evaluate(
      callIndex: callIndex, position: Int(position), bytes: UnsafeRawBufferPointer(start: bytes, count: length),
      tag: call.tag)
  }

  /// Argument positions whose predicate the engine leaves to the caller (with
  /// `VRT_PATTERN_SKIP_PREDICATES`), in order: those without an engine form. (The engine decides an
  /// engine-form argument itself, or through the callback for the calls it cannot decide.)
  var predicatePositions: [Int] {
    predicates.indices.filter { predicates[$0] != nil && accelerators[$0]?.engine == nil }
  }
}

/// The value of argument `position` of a call with `tag` (its bytes given): rebuilt from the bytes
/// by the tag's shape, or taken from the call's retained array; nil when none is kept.
func _argumentValue(
  tag: UInt32, position: Int, bytes: UnsafeRawBufferPointer, shapes: [_ArgumentShape], retained: [[Any?]]
) -> _RetainedValue? {
  if tag == _ValueTag.none { return nil }
  if tag >= _ValueTag.retainedBase {
    let index = Int(tag - _ValueTag.retainedBase)
    guard index < retained.count, position < retained[index].count else { return nil }
    return _RetainedValue(retained[index][position])
  }
  let index = Int(tag) - 1
  guard index < shapes.count, position < shapes[index].types.count else { return nil }
  return _RetainedValue(shapes[index].value(at: position, bytes: bytes))
}

/// An argument predicate as the engine callback runs it.
enum _ArgumentPredicate {
  /// Sees the argument's structure and retained value.
  case argument(@Sendable (RecordedArgument) -> Bool)
  /// Sees the retained value only: no structure is built.
  case value(@Sendable (Any?) -> Bool)
}

/// The engine's predicate callback: forwards to the query's ``_PredicateContext``.
/// (Verification runs its predicates in Swift instead, see `_countAndMarkVerified`.)
func _verityPredicateThunk(
  _ context: UnsafeMutableRawPointer?,
  _ callIndex: UInt64,
  _ argumentIndex: UInt32,
  _ bytes: UnsafePointer<UInt8>?,
  _ length: Int
) -> Bool {
  guard let context else { return false }
  return Unmanaged<_PredicateContext>.fromOpaque(context).takeUnretainedValue()
    .evaluate(callIndex: callIndex, position: argumentIndex, bytes: bytes, length: length)
}
