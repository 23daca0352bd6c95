import Synchronization
internal import CVerityEngine

/// An append-only, thread-safe log of method calls, for mocks and their verification.
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
    self._defersPureValues = Atomic(retainsValues)
    _state = Mutex(_CallLogState())
  }

  /// A log that keeps values but writes every argument at once, even a pure value it could
  /// write later: for tests that check deferring changes no answer.
  package init(retainsValues: Bool, defersPureValues: Bool) {
    self.retainsValues = retainsValues
    self._defersPureValues = Atomic(retainsValues && defersPureValues)
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
    var types = _ArgumentTypes()
    var plain = true
    repeat encoder._encodeArgument(each arguments, count: &count, failure: &failure, types: &types, plain: &plain)
    _commit(
      method, argumentCount: count, encoder: encoder, failure: failure, types: types, contentsArePlain: plain,
      retain: { retained, hasWrappers in
        var values: [Any?] = []
        repeat values.append(_retainedArgument(each arguments, hasWrappers))
        retained.append(_KeptArguments(values))
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
    let keepsTypes = retainsValues
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
      contentsArePlain: contentsArePlain, retain: { retained, _ in retained.append(_KeptArguments(arguments)) },
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
  /// When the log retains values: a call whose arguments are all plain (their `types` are plain,
  /// `contentsArePlain` says `[Any]` / `[String: Any]` arguments hold only plain values, and the
  /// encoder wrote nothing lossy) keeps only its bytes, tagged with its argument types; any other
  /// call keeps the array `retain` appends (the caller's own array for the `[Any?]` form).
  @usableFromInline
  func _commit(
    _ method: String,
    argumentCount: Int,
    encoder: consuming StructureEncoder,
    failure: VerityEngineError?,
    types: _ArgumentTypes,
    contentsArePlain: Bool,
    retain: (_ retained: inout [_KeptArguments], _ hasWrappers: Bool) -> Void,
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
      let deferred = encoder._deferredMask
      let lossless = contentsArePlain && !encoder._lossy && deferred == 0
      // The lock taken here rather than through `_withState` (see there): this runs per call.
      error = _state.withLock { (state: inout sending _CallLogState) -> sending VerityEngineError? in
        _didLock()
        defer { _willUnlock() }
        let tag = retains ? state.tag(for: types, lossless: lossless) : _ValueTag.none
        // A deferred argument must be kept (tags run out only after 2^31 - 1 kept calls).
        if _slowPath(deferred != 0 && tag < _ValueTag.retainedBase) { return VerityEngineError(.tooLarge) }
        if let error = state.record(method: method, argumentCount: argumentCount, encoder: encoder, tag: tag) {
          return error
        }
        if tag >= _ValueTag.retainedBase {
          // Room for a test's handful of calls at once (the list would otherwise grow 1, 2, 4, 8).
          if state.retained.isEmpty { state.retained.reserveCapacity(8) }
          retain(&state.retained, encoder._flags & StructureEncoder._Flag.callHasWrappers != 0)
          if deferred != 0 { state.noteDeferred(deferred, retainedIndex: Int(tag - _ValueTag.retainedBase)) }
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
  /// retained values (not the retained objects themselves).
  ///
  /// ```swift
  /// print(log.memoryFootprint / log.count, "bytes per call")
  /// ```
  public var memoryFootprint: Int {
    _query("memoryFootprint", fallback: 0, #fileID, #filePath, #line, #column, deferred: .unread) { state in
      (state.log.map { vrt_log_memory($0) } ?? 0)
        + state.retained.capacity * MemoryLayout<_KeptArguments>.stride
        + state.retained.reduce(0) { $0 + $1.rest.capacity * MemoryLayout<Any?>.stride }
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

/// The kept argument values of one call: the first two in place, the rest in an array, so that a
/// typed call of one or two arguments (most are) allocates no array of its own; an `[Any?]` call
/// keeps its own list. And the positions whose bytes were deferred (bit `i`: argument `i`; see
/// `StructureEncoder._deferArgument`).
///
/// Kept inside the log's lock, as ``_RetainedValue`` is: no `Sendable` conformance of its own.
@usableFromInline
struct _KeptArguments {
  @usableFromInline let count: Int
  @usableFromInline let a0: Any?
  @usableFromInline let a1: Any?
  /// The arguments after the first two; or, for a list (``listed``), all of them.
  @usableFromInline let rest: [Any?]
  @usableFromInline let listed: Bool
  /// The positions written only when a query needs their bytes (0 once written).
  var deferred: UInt64 = 0

  /// No arguments.
  @inlinable
  init() {
    (count, a0, a1, rest, listed) = (0, nil, nil, [], false)
  }

  /// One argument.
  @inlinable
  init(_ a0: Any?) {
    (count, self.a0, a1, rest, listed) = (1, a0, nil, [], false)
  }

  /// Two arguments.
  @inlinable
  init(_ a0: Any?, _ a1: Any?) {
    (count, self.a0, self.a1, rest, listed) = (2, a0, a1, [], false)
  }

  /// Three or more arguments: the first two, and the others in order.
  @inlinable
  init(_ a0: Any?, _ a1: Any?, rest: [Any?]) {
    (count, self.a0, self.a1, self.rest, listed) = (2 + rest.count, a0, a1, rest, false)
  }

  /// The arguments of an `[Any?]` list, kept as the list.
  @inlinable
  init(_ values: [Any?]) {
    (count, a0, a1, rest, listed) = (values.count, nil, nil, values, true)
  }

  /// Argument `position` (below ``count``).
  subscript(position: Int) -> Any? {
    if listed { return rest[position] }
    switch position {
    case 0: return a0
    case 1: return a1
    default: return rest[position - 2]
    }
  }
}

extension Array where Element == _KeptArguments {
  /// Argument `position` of kept call `call`, read where it is (no copy of the call's values);
  /// nil past the end.
  func keptValue(call: Int, position: Int) -> _RetainedValue? {
    withUnsafeBufferPointer { calls in
      guard call >= 0, call < calls.count, let base = calls.baseAddress else { return nil }
      // Field by field through the pointer: reading the element whole would copy all its values.
      let kept = base + call
      guard position >= 0, position < kept.pointee.count else { return nil }
      if kept.pointee.listed { return _RetainedValue(kept.pointee.rest[position]) }
      switch position {
      case 0: return _RetainedValue(kept.pointee.a0)
      case 1: return _RetainedValue(kept.pointee.a1)
      default: return _RetainedValue(kept.pointee.rest[position - 2])
      }
    }
  }
}

/// A word per method id, 0 until set: the first 8 methods' in place (a test's mock has a few
/// methods), the rest in an array.
struct _MethodMasks {
  private var first: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
  private var more: [UInt64] = []

  subscript(method: Int) -> UInt64 {
    get {
      if method < 8 { return withUnsafeBytes(of: first) { $0.load(fromByteOffset: method * 8, as: UInt64.self) } }
      return method - 8 < more.count ? more[method - 8] : 0
    }
    set {
      if method < 8 {
        withUnsafeMutableBytes(of: &first) { $0.storeBytes(of: newValue, toByteOffset: method * 8, as: UInt64.self) }
        return
      }
      while more.count <= method - 8 { more.append(0) }
      more[method - 8] = newValue
    }
  }
}

/// What a call's engine tag says about its argument values.
enum _ValueTag {
  /// No values kept (a log that keeps structures only).
  static let none: UInt32 = 0
  /// Tags from here on are retained argument arrays; below it (from 1), argument shapes.
  static let retainedBase: UInt32 = 0x8000_0000
}

/// A call log's reusable argument writer, lent to one recording at a time.
///
/// `@unchecked Sendable`: the writer's memory is only touched by the recording that won `inUse`
/// (acquire on taking, release on giving back), so access is synchronized by that flag.
final class _SpareWriter: @unchecked Sendable {
  let writer: UnsafeMutablePointer<vrt_writer>
  let inUse = Atomic<Bool>(false)

  /// Bytes the writer starts in, in the same allocation as the writer: a test's calls (a few
  /// small arguments each) write no memory of the writer's own.
  static var initialBytes: Int { 256 }

  init() {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<vrt_writer>.stride + Self.initialBytes, alignment: MemoryLayout<vrt_writer>.alignment)
    writer = memory.bindMemory(to: vrt_writer.self, capacity: 1)
    let bytes = (memory + MemoryLayout<vrt_writer>.stride).bindMemory(to: UInt8.self, capacity: Self.initialBytes)
    vrt_writer_init_buffer(writer, bytes, Self.initialBytes)
  }

  deinit {
    vrt_writer_destroy(writer)
    UnsafeMutableRawPointer(writer).deallocate()
  }
}

/// The ids of the last four method names a log interned, found by comparing a name's two words
/// with each kept name's: the same literal passed again (what generated and hand-written mocks
/// pass) has the same words. A name spelled another way (built at run time) may miss, and the
/// engine's table answers. A hit is always right: equal words are an equal string, and the log
/// retains each kept name (``_CallLogState/recentMethodNames``), so no other string can take its
/// storage's address. Only trivial values here: a debug build reads this with no retain.
struct _RecentMethods {
  /// A 64-bit string's two words (a struct rather than a tuple: a debug build handles a tuple
  /// through generic code).
  struct Words {
    var first: UInt64 = 0
    var second: UInt64 = 0
  }

  private var words0 = Words(), words1 = Words(), words2 = Words(), words3 = Words()
  private var id0 = UInt32.max, id1 = UInt32.max, id2 = UInt32.max, id3 = UInt32.max
  /// The entry the next insertion replaces.
  private(set) var next = 0

  /// Whether a `String` is two words here, as on every platform Verity builds for; elsewhere
  /// nothing is kept or found.
  private static var applies: Bool { MemoryLayout<String>.size == MemoryLayout<Words>.size }

  @inline(__always)
  private static func words(_ string: String) -> Words {
    unsafeBitCast(string, to: Words.self)
  }

  /// The id kept for `name`, or nil.
  func id(of name: String) -> UInt32? {
    guard Self.applies else { return nil }
    let w = Self.words(name)
    if id0 != .max, words0.first == w.first, words0.second == w.second { return id0 }
    if id1 != .max, words1.first == w.first, words1.second == w.second { return id1 }
    if id2 != .max, words2.first == w.first, words2.second == w.second { return id2 }
    if id3 != .max, words3.first == w.first, words3.second == w.second { return id3 }
    return nil
  }

  /// Keeps `name`'s id in the entry ``next`` names (the oldest); the caller retains `name`.
  mutating func insert(_ name: String, id: UInt32) {
    guard Self.applies else { return }
    let w = Self.words(name)
    switch next {
    case 0:
      words0 = w
      id0 = id
    case 1:
      words1 = w
      id1 = id
    case 2:
      words2 = w
      id2 = id
    default:
      words3 = w
      id3 = id
    }
    next = (next + 1) & 3
  }
}

/// The names ``_RecentMethods`` keeps ids for, retained so that their storage stays theirs.
struct _RecentMethodNames {
  private var name0 = "", name1 = "", name2 = "", name3 = ""

  mutating func set(_ name: String, at entry: Int) {
    switch entry {
    case 0: name0 = name
    case 1: name1 = name
    case 2: name2 = name
    default: name3 = name
    }
  }
}

/// Everything behind a log's lock.
struct _CallLogState: ~Copyable {
  /// The engine log; nil only if creating it failed (out of memory), in which case every
  /// operation reports ``creationError``. Replaced (with the same calls) when deferred arguments
  /// are written (``materialize()``).
  private(set) var log: OpaquePointer?
  let creationError: VerityEngineError?
  /// The ids of the last few method names interned, found by the names' bits: a mock's calls and
  /// queries repeat a few names, usually the same literals, and skip the engine's hashed lookup.
  var recentMethods = _RecentMethods()
  var recentMethodNames = _RecentMethodNames()
  /// The method of the previous record (``noteDeferred(_:retainedIndex:)`` files its deferred
  /// positions under it).
  var lastMethodID: UInt32? = nil
  /// The argument types of recorded calls; call tag `t` in 1..<retainedBase is `shapes[t - 1]`.
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
  /// The arguments of calls whose values are kept (tag retainedBase + i is `retained[i]`), each
  /// with its deferred positions (pure values not written yet, a placeholder in their place; see
  /// `StructureEncoder._deferArgument`).
  var retained: [_KeptArguments] = []
  /// How many kept calls have deferred arguments.
  var deferredCallCount = 0
  /// By method id: the positions deferred in any of the method's calls (0: none).
  var deferredByMethod = _MethodMasks()
  /// Whether some call has a deferred argument.
  var hasDeferred: Bool { deferredCallCount > 0 }
  /// Whether a query needed deferred bytes once (``materialize()`` ran): the log then writes
  /// every later argument at once (see `CallLog._defersPureValues`).
  private(set) var wroteDeferred = false
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
    if let id = recentMethods.id(of: method) { return id }
    let log = try requireLog()
    var id: UInt32 = 0
    var name = method
    let status = name.withUTF8 { utf8 in
      vrt_log_intern(
        log, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), utf8.count, &id)
    }
    try status.check()
    recentMethodNames.set(method, at: recentMethods.next)
    recentMethods.insert(method, id: id)
    return id
  }

  /// The id of a method name if a call of it was recorded (queries never intern a name): the
  /// engine's own table answers, so the log keeps no second table of names.
  func methodID(_ method: String) -> UInt32? {
    if let id = recentMethods.id(of: method) { return id }
    guard let log else { return nil }
    var id: UInt32 = 0
    var name = method
    let status = name.withUTF8 { utf8 in
      vrt_log_find_method(
        log, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), utf8.count, &id)
    }
    return status == VRT_OK ? id : nil
  }

  /// The tag of a call with these argument types: its shape when its values are plain
  /// (`lossless`: nothing lossy was written and `[Any]` / `[String: Any]` contents are plain),
  /// else the next retained slot.
  @inline(__always)
  mutating func tag(for types: _ArgumentTypes, lossless: Bool) -> UInt32 {
    if _slowPath(types.overflows) { return retainedTag }
    if lastShape == 0 || types != lastShapeTypes {
      let id = shapeID(for: types)
      guard id < _ValueTag.retainedBase else { return retainedTag }
      lastShape = id
      lastShapeTypes = types
      lastShapeCanBePlain = shapes[Int(id) - 1].canBePlain
    }
    return lossless && lastShapeCanBePlain ? lastShape : retainedTag
  }

  /// The tag of the next retained call; `none` (values not kept) once 2^31 - 1 calls are retained,
  /// where tags would run out.
  var retainedTag: UInt32 {
    retained.count < Int(UInt32.max - _ValueTag.retainedBase) ? _ValueTag.retainedBase + UInt32(retained.count) : _ValueTag.none
  }

  /// Finds or adds the shape of `types` (kept out of line: a mock's calls share a few shapes).
  @inline(never)
  mutating func shapeID(for types: _ArgumentTypes) -> UInt32 {
    if shapes.count <= Self.linearShapeLimit {
      for index in 0..<shapes.count where shapes[index].key == types {
        return UInt32(index + 1)
      }
    } else if let id = shapeIDs[types] {
      return id
    }
    guard shapes.count + 1 < Int(_ValueTag.retainedBase) else { return _ValueTag.retainedBase }
    if shapes.isEmpty {
      // Room for a small mock's shapes, so that its first calls do not grow the array one by one.
      shapes.reserveCapacity(4)
    }
    shapes.append(_ArgumentShape.shared(for: types))
    let id = UInt32(shapes.count)
    if shapes.count > Self.linearShapeLimit {
      if shapeIDs.isEmpty {
        for index in 0..<shapes.count { shapeIDs[shapes[index].key] = UInt32(index + 1) }
      } else {
        shapeIDs[types] = id
      }
    }
    return id
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

  // MARK: Deferred arguments

  /// Notes that the call just recorded (of the method ``lastMethodID``, its values kept at
  /// `retained[retainedIndex]`) has the deferred arguments `positions`.
  mutating func noteDeferred(_ positions: UInt64, retainedIndex: Int) {
    retained[retainedIndex].deferred = positions
    deferredCallCount += 1
    guard let method = lastMethodID else { return }
    deferredByMethod[Int(method)] |= positions
  }

  /// Writes the deferred arguments (``materialize()``) if answering `pattern` reads the bytes of
  /// one: an equality or a structure predicate at a position some call of its method deferred.
  /// `any()` and value predicates (a matcher, `==`) read the kept value, never those bytes.
  mutating func writeDeferred(ifReadBy pattern: CallPattern) throws(VerityEngineError) {
    guard hasDeferred, case .exactly(let arguments) = pattern.arguments,
      let method = methodID(pattern.method)
    else { return }
    let deferred = deferredByMethod[Int(method)]
    guard deferred != 0 else { return }
    for position in 0..<min(arguments.count, 64) where deferred & (UInt64(1) << UInt64(position)) != 0 {
      switch arguments[position] {
      case .equal, .predicate: return try materialize()
      case .any, .valuePredicate: break
      }
    }
  }

  /// Writes every deferred argument: the engine log is rebuilt with the same calls (methods,
  /// order, sequence numbers, tags, verified marks), each deferred argument written from its
  /// kept value, then replaces the old one. Nothing changes when writing fails (out of memory);
  /// the error is thrown.
  mutating func materialize() throws(VerityEngineError) {
    guard hasDeferred else { return }
    let old = try requireLog()
    var created: OpaquePointer? = nil
    try vrt_log_create(nil, &created).check()
    guard let new = created else { throw VerityEngineError(.outOfMemory) }
    var done = false
    defer { if !done { vrt_log_free(new) } }
    // The same method ids, in the same order.
    for method in 0..<vrt_log_method_count(old) {
      var length = 0
      let name = vrt_log_method_name(old, method, &length)
      var id: UInt32 = 0
      try vrt_log_intern(new, name, length, &id).check()
      guard id == method else { throw VerityEngineError(.invalidState) }
    }
    var bytes: [UInt8] = []
    for index in 0..<UInt64(callCount) {
      var call = vrt_call()
      try vrt_log_get(old, index, &call).check()
      var positions: UInt64 = 0
      if call.tag >= _ValueTag.retainedBase, Int(call.tag - _ValueTag.retainedBase) < retained.count {
        positions = retained[Int(call.tag - _ValueTag.retainedBase)].deferred
      }
      let status: vrt_status
      if positions == 0 {
        status = vrt_log_append_tagged(new, call.method, call.args, call.length, call.arg_count, call.seq, call.tag, nil)
      } else {
        bytes.removeAll(keepingCapacity: true)
        let values = retained[Int(call.tag - _ValueTag.retainedBase)]
        for position in 0..<call.arg_count {
          if position < 64, positions & (UInt64(1) << UInt64(position)) != 0, Int(position) < values.count {
            var encoder = StructureEncoder()
            encoder.encode(any: values[Int(position)])
            if let error = encoder.finish() { throw error }
            encoder.withWrittenBytes { bytes.append(contentsOf: $0) }
          } else {
            var start: UnsafePointer<UInt8>? = nil
            var length = 0
            try vrt_log_argument(old, index, position, &start, &length, nil).check()
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
          }
        }
        status = bytes.withUnsafeBufferPointer { buffer in
          vrt_log_append_tagged(new, call.method, buffer.baseAddress, buffer.count, call.arg_count, call.seq, call.tag, nil)
        }
      }
      try status.check()
      if call.verified { try vrt_log_set_verified(new, index, true).check() }
    }
    done = true
    vrt_log_free(old)
    log = new
    for index in 0..<retained.count where retained[index].deferred != 0 { retained[index].deferred = 0 }
    deferredCallCount = 0
    deferredByMethod = _MethodMasks()
    wroteDeferred = true
  }

  /// Tells every waiting stream the new call count.
  @inline(never)
  func notifyWaiters() {
    guard hasWaiters else { return }
    let count = callCount
    for continuation in waiters.values { continuation.yield(count) }
  }
}
