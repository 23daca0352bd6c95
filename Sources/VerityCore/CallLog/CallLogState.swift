internal import CVerityEngine

/// Everything behind a log's lock.
struct _CallLogState: ~Copyable {
  /// The engine log; nil only if creating it failed (out of memory), in which case every
  /// operation reports ``creationError``. Replaced (with the same calls) when deferred arguments
  /// are written (``materialize()``, the only place that sets it after `init`).
  var log: OpaquePointer?
  let creationError: VerityEngineError?
  /// The ids of the last few method names interned, found by the names' bits: a mock's calls and
  /// queries repeat a few names, usually the same literals, and skip the engine's hashed lookup.
  var recentMethods = _RecentMethods()
  var recentMethodNames = _RecentMethodNames()
  /// The method of the previous record (``noteDeferred(_:keptIndex:)`` files its deferred
  /// positions under it).
  var lastMethodID: UInt32? = nil
  /// The argument types of recorded calls; call tag `t` in 1..<keptBase is `shapes[t - 1]`.
  /// A mock's few shapes are found by a scan comparing their types (`key`) word by word, with no
  /// array to build or hash per call (see ``shapeID(for:)``).
  var shapes: [_ArgumentShape] = []
  /// Shape ids by types, built once a log has more than ``linearShapeLimit`` shapes.
  var shapeIDs: [_ArgumentTypes: UInt32] = [:]
  /// Up to this many shapes, a scan finds a shape faster than a dictionary would.
  static var linearShapeLimit: Int { 16 }
  /// The shape of the previous record (0: none yet), its types, tried first, and whether its
  /// values can be rebuilt from bytes (`shapes[lastShape - 1].canBePlain`, kept here so the
  /// recording path reads no shape).
  var lastShape: UInt32 = 0
  var lastShapeTypes = _ArgumentTypes()
  var lastShapeCanBePlain = false
  /// The arguments of calls whose values are kept (tag keptBase + i is `keptArguments[i]`), each
  /// with its deferred positions (pure values not written yet, a placeholder in their place; see
  /// `StructureEncoder._deferArgument`).
  var keptArguments: [_KeptArguments] = []
  /// How many kept calls have deferred arguments.
  var deferredCallCount = 0
  /// By method id: the positions deferred in any of the method's calls (0: none).
  var deferredByMethod = _MethodMasks()
  /// Whether some call has a deferred argument.
  var hasDeferred: Bool { deferredCallCount > 0 }
  /// Whether a query needed deferred bytes once (``materialize()`` ran): the log then writes
  /// every later argument at once (see `CallLog._defersPureValues`). Set only there.
  var wroteDeferred = false
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

  /// Appends the encoder's bytes as one call with `tag`, stamped with the next process-wide
  /// sequence number. Returns the failure, if any (nothing is appended then).
  @inline(__always)
  mutating func record(
    method: String, argumentCount: Int, encoder: borrowing StructureEncoder, tag: UInt32
  ) -> VerityEngineError? {
    guard let log else { return creationError ?? VerityEngineError(.outOfMemory) }
    guard argumentCount <= 255 else { return VerityEngineError(.tooLarge) }
    if let error = encoder.finish() { return error }
    let id: UInt32
    do throws(VerityEngineError) { id = try intern(method) } catch { return error }
    lastMethodID = id
    let sequence = CallLog._sequence.wrappingAdd(1, ordering: .relaxed).newValue
    let writer = encoder._writer
    let status = vrt_log_append_tagged(
      log, id, vrt_writer_bytes(writer), vrt_writer_length(writer), UInt32(argumentCount), sequence, tag, nil)
    if _slowPath(!status._isOK) { return VerityEngineError(status: status) }
    return nil
  }

  /// The number of calls recorded (0 without an engine log).
  var callCount: Int { log.map { Int(vrt_log_count_calls($0)) } ?? 0 }
}
