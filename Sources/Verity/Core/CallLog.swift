import Synchronization
internal import CVerityEngine

/// An append-only, thread-safe log of method calls, for mocks and their verification.
///
/// Recording encodes each argument into a canonical ``Structure`` at call time (that structure is
/// the snapshot: mutating a reference-type argument afterwards doesn't change what equality
/// verification sees) and appends it to an engine log. Queries then count and find calls by
/// ``CallPattern`` over millions of calls: exact-argument patterns are answered from a hash
/// index, others by scanning the method's calls.
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
  /// Whether the log also keeps each call's argument values (for predicates and
  /// ``values(of:argument:matching:fileID:filePath:line:column:)``). When false it keeps only
  /// structures: the fastest mode, with the least memory.
  ///
  /// ```swift
  /// let log = CallLog(retainsValues: false)
  /// log.retainsValues  // false
  /// ```
  public let retainsValues: Bool

  let _state: Mutex<_CallLogState>

  /// The thread inside the lock, or 0 (see ``_withState(_:)``).
  let _owner = Atomic<UInt>(0)

  /// The reusable argument writer (no per-call allocation once it has grown).
  let _spare = _SpareWriter()

  /// The process-wide sequence counter (the last number handed out).
  static let _sequence = Atomic<UInt64>(0)

  /// Creates an empty log.
  ///
  /// - Parameter retainsValues: keep the argument values as well as their structures (default
  ///   true). Predicates then see ``RecordedArgument/value``, and captors can read values back.
  ///
  /// ```swift
  /// let log = CallLog()                        // structures and values
  /// let lean = CallLog(retainsValues: false)   // structures only
  /// ```
  public init(retainsValues: Bool = true) {
    self.retainsValues = retainsValues
    _state = Mutex(_CallLogState())
  }

  // MARK: Recording

  /// Records a call with typed arguments, encoded through their conformances (no boxing unless
  /// the log retains values).
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
    repeat encoder._encodeArgument(each arguments, count: &count, failure: &failure)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure,
      retain: { values in repeat values.append(_RetainedValue(each arguments)) },
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
    for index in arguments.indices {
      // The common scalars need no per-argument check (see `_encodeCommonScalar`).
      if encoder._encodeCommonScalar(arguments[index]) { continue }
      let start = encoder.byteCount
      encoder.encode(any: arguments[index])
      if let error = encoder._endArgument(from: start), failure == nil { failure = error }
    }
    _commit(
      method, argumentCount: arguments.count, encoder: encoder, failure: failure,
      retain: { values in
        for argument in arguments { values.append(_RetainedValue(argument)) }
      },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// An empty encoder for the next call's arguments: the log's spare one (no allocation), or a new
  /// one when another thread is using the spare.
  ///
  /// Arguments are encoded outside the log's lock, so recording threads encode in parallel and a
  /// conformance may even use the log.
  @usableFromInline
  func _takeEncoder() -> StructureEncoder {
    if _spare.inUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
      var encoder = StructureEncoder(_borrowing: _spare.writer)
      encoder.reset()
      return encoder
    }
    return StructureEncoder()
  }

  /// Appends one encoded call under the lock (unless encoding failed), lets `retain` store its
  /// argument values when the log retains values, wakes waiters, and gives the spare writer back.
  /// Failures are reported at the given location.
  @usableFromInline
  func _commit(
    _ method: String,
    argumentCount: Int,
    encoder: consuming StructureEncoder,
    failure: VerityEngineError?,
    retain: (inout [_RetainedValue]) -> Void,
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
      let retains = retainsValues
      error = _withState { state in
        if let error = state.record(method: method, argumentCount: argumentCount, encoder: encoder) {
          return error
        }
        if retains {
          state.valueStarts.append(state.values.count)
          retain(&state.values)
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
    _query("count", fallback: 0, #fileID, #filePath, #line, #column) { state in state.callCount }
  }

  /// The number of calls recorded for `method`, in constant time (0 for a method never recorded).
  ///
  /// ```swift
  /// log.count(of: "ping")
  /// ```
  public func count(of method: String) -> Int {
    _query("count(of:)", fallback: 0, #fileID, #filePath, #line, #column) { state in
      guard let log = state.log, let id = state.methodIDs[method] else { return 0 }
      return Int(vrt_log_count_method(log, id))
    }
  }

  /// Bytes of memory the log holds: the engine's arena, records and indexes, plus the arrays of
  /// retained values (not the retained objects themselves).
  ///
  /// ```swift
  /// print(log.memoryFootprint / log.count, "bytes per call")
  /// ```
  public var memoryFootprint: Int {
    _query("memoryFootprint", fallback: 0, #fileID, #filePath, #line, #column) { state in
      (state.log.map { vrt_log_memory($0) } ?? 0)
        + state.values.capacity * MemoryLayout<_RetainedValue>.stride
        + state.valueStarts.capacity * MemoryLayout<Int>.stride
    }
  }
}

/// One retained argument value.
///
/// Retained values stay inside the log's lock: predicates see them there, during the query, and
/// ``CallLog/values(of:argument:matching:fileID:filePath:line:column:)`` only hands out `Sendable`
/// values. So the box needs no `Sendable` conformance of its own.
@usableFromInline
struct _RetainedValue {
  @usableFromInline
  let value: Any?

  @usableFromInline
  init(_ value: Any?) {
    self.value = value
  }
}

/// A call log's reusable argument writer, lent to one recording at a time.
///
/// `@unchecked Sendable`: the writer's memory is only touched by the recording that won `inUse`
/// (acquire on taking, release on giving back), so access is synchronized by that flag.
final class _SpareWriter: @unchecked Sendable {
  let writer: UnsafeMutablePointer<vrt_writer>
  let inUse = Atomic<Bool>(false)

  init() {
    writer = .allocate(capacity: 1)
    vrt_writer_init(writer)
  }

  deinit {
    vrt_writer_destroy(writer)
    writer.deallocate()
  }
}

/// Everything behind a log's lock.
struct _CallLogState: ~Copyable {
  /// The engine log; nil only if creating it failed (out of memory), in which case every
  /// operation reports ``creationError``.
  let log: OpaquePointer?
  let creationError: VerityEngineError?
  /// Interned method names (mirrors the engine's table) so queries never intern new names.
  var methodIDs: [String: UInt32] = [:]
  /// The method of the previous record, to skip interning for repeated calls.
  var lastMethod: (name: String, id: UInt32)? = nil
  /// Retained argument values of every call, flat; `valueStarts[i]` is where call `i` starts.
  var values: [_RetainedValue] = []
  var valueStarts: [Int] = []
  /// Streams waiting for new recordings.
  var waiters: [UInt64: AsyncStream<Int>.Continuation] = [:] {
    didSet { hasWaiters = !waiters.isEmpty }
  }
  var hasWaiters = false
  var nextWaiter: UInt64 = 0

  init() {
    var created: OpaquePointer? = nil
    let status = vrt_log_create(nil, &created)
    log = status == VRT_OK ? created : nil
    creationError = VerityEngineError(status: status)
  }

  /// The engine log, or the error that prevented creating it.
  func requireLog() throws(VerityEngineError) -> OpaquePointer {
    guard let log else { throw creationError ?? VerityEngineError(.outOfMemory) }
    return log
  }

  deinit {
    for continuation in waiters.values { continuation.finish() }
    vrt_log_free(log)
  }

  /// The id of a method name, interning it.
  mutating func intern(_ method: String) throws(VerityEngineError) -> UInt32 {
    if let lastMethod, lastMethod.name == method { return lastMethod.id }
    let log = try requireLog()
    var id: UInt32 = 0
    let before = vrt_log_method_count(log)
    var name = method
    let status = name.withUTF8 { utf8 in
      vrt_log_intern(
        log, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), utf8.count, &id)
    }
    try status.check()
    if vrt_log_method_count(log) != before { methodIDs[method] = id }
    lastMethod = (method, id)
    return id
  }

  /// Appends the encoder's bytes as one call, stamped with the next process-wide sequence number.
  /// Returns the failure, if any (nothing is appended then).
  @inline(__always)
  mutating func record(
    method: String, argumentCount: Int, encoder: borrowing StructureEncoder
  ) -> VerityEngineError? {
    guard let log else { return creationError ?? VerityEngineError(.outOfMemory) }
    guard argumentCount <= 255 else { return VerityEngineError(.tooLarge) }
    if let error = encoder.finish() { return error }
    let id: UInt32
    if let lastMethod, lastMethod.name == method {
      id = lastMethod.id
    } else {
      do throws(VerityEngineError) { id = try intern(method) } catch { return error }
    }
    let sequence = CallLog._sequence.wrappingAdd(1, ordering: .relaxed).newValue
    let writer = encoder._writer
    let status = vrt_log_append(
      log, id, vrt_writer_bytes(writer), vrt_writer_length(writer), UInt32(argumentCount), sequence, nil)
    if _slowPath(status != VRT_OK) { return VerityEngineError(status: status) }
    return nil
  }

  /// The number of calls recorded (0 without an engine log).
  var callCount: Int { log.map { Int(vrt_log_count_calls($0)) } ?? 0 }

  /// Tells every waiting stream the new call count.
  @inline(never)
  func notifyWaiters() {
    guard hasWaiters else { return }
    let count = callCount
    for continuation in waiters.values { continuation.yield(count) }
  }
}
