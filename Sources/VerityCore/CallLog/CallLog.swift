import Synchronization
internal import CVerityEngine

/// A thread-safe log of method calls, for mocks and their verification. Calls are appended as
/// they are made and forgotten only when asked (``removeAllCalls(fileID:filePath:line:column:)``,
/// ``removeCalls(matching:fileID:filePath:line:column:)``).
///
/// Recording encodes each argument into a canonical ``Structure`` at call time (that structure is
/// the snapshot: mutating a reference-type argument afterwards doesn't change what equality
/// verification sees) and appends it to an engine log. A log that keeps values keeps a pure value
/// (a plain struct or enum of scalars, strings, optionals and arrays, nothing that can change
/// after the call) unencoded until a query reads its bytes; the answers are the same. Queries
/// then count and find calls by ``CallPattern`` over millions of calls: the first queries scan
/// fingerprints stored at each call (4 bytes per call), and exact-argument patterns get a hash
/// index once they repeat.
///
/// ```swift
/// let log = CallLog()
/// log.record("fetch", 42, "users")
/// log.record("fetch", 7, "users")
///
/// log.count(matching: CallPattern("fetch"))                                          // 2
/// log.count(matching: CallPattern("fetch", arguments: .exactly([.equal(Structure(42)), .any])))  // 1
/// ```
///
/// Threading: every operation takes the log's lock. Arguments are encoded outside it (recording
/// threads encode in parallel); predicates run inside it, so a predicate must not use the same log
/// (that would deadlock).
///
/// Ordering: each call gets a sequence number from one process-wide counter, taken inside the
/// log's lock, so numbers increase within a log and order calls across logs (for in-order
/// verification across several mocks).
public final class CallLog: Sendable {
  /// Whether the log gives back each call's argument values (for predicates and
  /// ``values(of:argument:matching:fileID:filePath:line:column:)``). When false it keeps only
  /// structures.
  ///
  /// Plain values (integers, `Bool`, `Double` and `Float` other than NaN and `-0.0`, strings
  /// already in NFC, optionals, arrays and `[String: V]` dictionaries of them, and `[Any]` /
  /// `[String: Any]` trees of Int, Double, Bool and String) cost nothing extra: the log keeps their
  /// bytes and the types they were recorded with, and rebuilds the value on demand (a rebuilt
  /// dictionary is equal but may iterate in another order). Other values are kept as they are: for
  /// ``record(_:arguments:fileID:filePath:line:column:)``, the caller's array itself.
  ///
  /// ```swift
  /// let log = CallLog(keepsValues: false)
  /// log.keepsValues  // false
  /// ```
  public let keepsValues: Bool

  let _state: Mutex<_CallLogState>

  /// The thread inside the lock, or 0 (see ``_withState(_:)``).
  let _owner = Atomic<UInt>(0)

  /// The reusable argument writer (no per-call allocation once it has grown).
  let _spare = _SpareWriter()

  /// The process-wide sequence counter (the last number handed out).
  static let _sequence = Atomic<UInt64>(0)

  /// Creates an empty log.
  ///
  /// - Parameter keepsValues: keep the argument values as well as their structures (default
  ///   true). Predicates then see ``RecordedArgument/value``, and captors can read values back.
  ///
  /// ```swift
  /// let log = CallLog()                        // structures and values
  /// let lean = CallLog(keepsValues: false)   // structures only
  /// ```
  public init(keepsValues: Bool = true) {
    self.keepsValues = keepsValues
    self._defersPureValues = Atomic(keepsValues)
    _state = Mutex(_CallLogState())
  }

  /// The earlier spelling of ``init(keepsValues:)``, kept so code written for it compiles.
  @available(*, deprecated, renamed: "init(keepsValues:)")
  public convenience init(retainsValues: Bool) { self.init(keepsValues: retainsValues) }

  /// The earlier spelling of ``keepsValues``.
  @available(*, deprecated, renamed: "keepsValues")
  public var retainsValues: Bool { keepsValues }

  /// A log that keeps values but writes every argument at once, even a pure value it could
  /// write later: for tests that check deferring changes no answer.
  package init(keepsValues: Bool, defersPureValues: Bool) {
    self.keepsValues = keepsValues
    self._defersPureValues = Atomic(keepsValues && defersPureValues)
    _state = Mutex(_CallLogState())
  }

  /// Whether recording may keep a pure value unwritten until a query needs its bytes (see
  /// `StructureEncoder._deferArgument`): a log that keeps values does, until a query first
  /// needs deferred bytes. That query writes them all (rebuilding the engine log) and turns
  /// deferring off, so a test that keeps asking for bytes between recordings rebuilds its log
  /// once, not once per query.
  let _defersPureValues: Atomic<Bool>

  /// The number of calls whose deferred arguments are not written yet (for tests).
  package var _callsWithDeferredArguments: Int {
    _withState { state in state.deferredCallCount }
  }

  // MARK: Recording

  /// Records a call with typed arguments, encoded through their conformances (no boxing unless
  /// the log keeps values).
  ///
  /// ```swift
  /// log.record("save", user, true)
  /// log.record("reset")  // no arguments
  /// ```
  ///
  /// Calls with up to six arguments resolve to fixed-arity overloads of this method, which the
  /// compiler specializes fully; this parameter-pack form takes longer argument lists, with the
  /// same result. Arguments are encoded on the calling thread, outside the log's lock, each as an
  /// independent value (an instance shared by two arguments is written in full in both).
  ///
  /// An engine failure (more than 255 arguments, a conformance that wrote no value or more than
  /// one, out of memory) is reported at the given location and the call is not recorded. For
  /// speed, arguments are not fully validated: a conformance that writes one value with a broken
  /// inside is recorded, and such an argument matches no `.equal` pattern and renders as
  /// `<malformed>`.
  @inlinable
  public func record<each Argument: StructurallyEncodable>(
    _ method: String,
    _ arguments: repeat each Argument,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var count = 0
    var types = _ArgumentTypes()
    var plain = true
    repeat encoder._encodeArgument(each arguments, count: &count, failure: &failure, types: &types, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types, contentsArePlain: plain,
      keep: { keptArguments, wrapped in
        var values: [Any?] = []
        repeat values.append(_keptArgument(each arguments, values.count, wrapped))
        keptArguments.append(_KeptArguments(values))
      },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a call whose arguments take the dynamic path (see
  /// ``StructureEncoder/encode(any:)``): conformances first, then fast casts, then reflection.
  ///
  /// ```swift
  /// log.record("send", arguments: [payload as [String: Any], nil])
  /// ```
  public func record(
    _ method: String,
    arguments: [Any?],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var encoder = _takeEncoder()
    var failure: VerityEngineError? = nil
    var types = _ArgumentTypes()
    var contentsArePlain = true
    let keepsTypes = keepsValues
    let layout = _AnyLayout.known
    let count = arguments.count
    var index = 0
    while index < count {
      // The common scalars are read in place when the existential layout is the known one (no
      // copy of the `Any?`, no dynamic cast), as many in a row as there are; the first other
      // argument takes the general path below.
      if let layout {
        index = layout.encodeCommonScalars(in: arguments, from: index, into: &encoder, types: &types)
        if index == count { break }
      }
      let argument = arguments[index]
      index += 1
      guard let present = argument else {
        if keepsTypes { types.append(nil) }
        encoder.encodeNil()
        continue
      }
      let type = Swift.type(of: present)
      let id = ObjectIdentifier(type)
      if keepsTypes {
        types.append(type)
        if contentsArePlain, id == _jsonTreeTypes.0 || id == _jsonTreeTypes.1 {
          contentsArePlain = _isPlainJSONTree(present)
        }
      }
      // The common scalars need no per-argument check (see `_encodeCommonScalar`).
      if encoder._encodeCommonScalar(present, type: id) { continue }
      // A pure value is kept (the log keeps this array) and written when a query needs it.
      if index <= 64, encoder._deferIfPure(type: type) {
        encoder._deferredMask |= UInt64(1) << UInt64(index - 1)
        continue
      }
      let start = encoder.byteCount
      encoder.encode(any: present)
      if let error = encoder._endArgument(from: start), failure == nil { failure = error }
    }
    _commit(
      method, argumentCount: arguments.count, encoder: encoder, failure: failure, types: types,
      contentsArePlain: contentsArePlain, keep: { keptArguments, _ in keptArguments.append(_KeptArguments(arguments)) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// An empty encoder for the next call's arguments: the log's spare one (no allocation), or a new
  /// one when another thread is using the spare.
  ///
  /// Arguments are encoded outside the log's lock, so recording threads encode in parallel and a
  /// conformance may even use the log.
  @usableFromInline
  func _takeEncoder() -> StructureEncoder {
    var encoder: StructureEncoder
    if _spare.inUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
      encoder = StructureEncoder(_borrowing: _spare.writer)
      encoder.reset()
    } else {
      encoder = StructureEncoder()
    }
    // A log that keeps values may keep a pure value unwritten (see `_deferArgument`).
    if _defersPureValues.load(ordering: .relaxed) { encoder._flags |= StructureEncoder._Flag.mayDefer }
    return encoder
  }

  /// Whether `value`, written by the dynamic path, has exactly `structure`'s bytes: the answer of
  /// `Structure(encoding: value) == structure`, without building a structure (the log's spare
  /// writer, no allocation once it has grown). Stubs compare a call being made now this way. A
  /// value whose writing fails, or whose bytes need validating, takes that very expression.
  package func _encodes(_ value: Any?, as structure: Structure) -> Bool {
    var encoder = _takeEncoder()
    encoder._flags &= ~StructureEncoder._Flag.mayDefer  // a comparison writes everything
    encoder.encode(any: value)
    var answer: Bool? = nil
    if !encoder._untrustedContent, encoder.finish() == nil {
      answer = encoder.withWrittenBytes { structure._hasBytes($0) }
    }
    if encoder._writer == _spare.writer {
      _spare.inUse.store(false, ordering: .releasing)
    }
    return answer ?? (Structure(encoding: value) == structure)
  }

  /// Appends one encoded call under the lock (unless encoding failed), wakes waiters, and gives
  /// the spare writer back. Failures are reported at the given location.
  ///
  /// When the log keeps values: a call whose arguments are all plain (their `types` are plain,
  /// `contentsArePlain` says `[Any]` / `[String: Any]` arguments hold only plain values, and the
  /// encoder wrote nothing lossy) keeps only its bytes, tagged with its argument types; any other
  /// call keeps the array `keep` appends (the caller's own array for the `[Any?]` form).
  @usableFromInline
  func _commit(
    _ method: String,
    argumentCount: Int,
    encoder: consuming StructureEncoder,
    failure: VerityEngineError?,
    types: _ArgumentTypes,
    contentsArePlain: Bool,
    keep: (_ keptArguments: inout [_KeptArguments], _ wrapped: _WrappedArguments) -> Void,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    var error = failure
    if _slowPath(_isReentrant) {
      if encoder._writer == _spare.writer { _spare.inUse.store(false, ordering: .releasing) }
      _reportReentry("record", fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    if _fastPath(error == nil) {
      let keeps = keepsValues
      let deferred = encoder._deferredMask
      let lossless = contentsArePlain && !encoder._lossy && deferred == 0
      // The lock taken here rather than through `_withState` (see there): this runs per call.
      error = _state.withLock { (state: inout sending _CallLogState) -> sending VerityEngineError? in
        _didLock()
        defer { _willUnlock() }
        let tag = keeps ? state.tag(for: types, lossless: lossless) : _ValueTag.none
        // A deferred argument must be kept (tags run out only after 2^31 - 1 kept calls).
        if _slowPath(deferred != 0 && tag < _ValueTag.keptBase) { return VerityEngineError(.tooLarge) }
        if let error = state.record(method: method, argumentCount: argumentCount, encoder: encoder, tag: tag) {
          return error
        }
        if tag >= _ValueTag.keptBase {
          // Room for a test's handful of calls at once (the list would otherwise grow 1, 2, 4, 8).
          if state.keptArguments.isEmpty { state.keptArguments.reserveCapacity(8) }
          keep(&state.keptArguments, encoder._wrapped)
          if deferred != 0 { state.noteDeferred(deferred, keptIndex: Int(tag - _ValueTag.keptBase)) }
        }
        if _slowPath(state.hasWaiters) { state.notifyWaiters() }
        return nil
      }
    }
    if encoder._writer == _spare.writer {
      _spare.inUse.store(false, ordering: .releasing)
    }
    if let error {
      _reportRecordingFailure(error, method: method, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Reports a call that could not be recorded (kept out of line: the recording path never fails
  /// in practice).
  @inline(never)
  func _reportRecordingFailure(
    _ error: VerityEngineError, method: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    reportFailure(
      "Verity could not record a call to \(method): \(error.message)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: Sizes

  /// The number of calls recorded.
  ///
  /// ```swift
  /// log.record("ping")
  /// log.count  // 1
  /// ```
  public var count: Int {
    _query("count", fallback: 0, #fileID, #filePath, #line, #column, deferred: .unread) { state in state.callCount }
  }

  /// The number of calls recorded for `method`, in constant time (0 for a method never recorded).
  ///
  /// ```swift
  /// log.count(of: "ping")
  /// ```
  public func count(of method: String) -> Int {
    _query("count(of:)", fallback: 0, #fileID, #filePath, #line, #column, deferred: .unread) { state in
      guard let log = state.log, let id = state.methodID(method) else { return 0 }
      return Int(vrt_log_count_method(log, id))
    }
  }

  /// Bytes of memory the log holds: the engine's arena, records and indexes, plus the arrays of
  /// kept values (not the kept objects themselves).
  ///
  /// ```swift
  /// print(log.memoryFootprint / log.count, "bytes per call")
  /// ```
  public var memoryFootprint: Int {
    _query("memoryFootprint", fallback: 0, #fileID, #filePath, #line, #column, deferred: .unread) { state in
      (state.log.map { vrt_log_memory($0) } ?? 0)
        + state.keptArguments.capacity * MemoryLayout<_KeptArguments>.stride
        + state.keptArguments.reduce(0) { $0 + $1.values.capacity * MemoryLayout<Any?>.stride }
    }
  }
}
