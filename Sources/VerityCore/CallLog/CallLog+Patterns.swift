// Lowering a CallPattern to the engine's vrt_pattern, and running the predicates the engine
// hands back to Swift (matchers with no engine form, `==` on recorded values).
internal import CVerityEngine

extension _CallLogState {
  /// Lowers `pattern` to an engine pattern for `body`. Returns nil, without calling `body`, when
  /// the method was never recorded (such a pattern matches nothing).
  ///
  /// `.any` and `.equal` arguments run in the engine. A predicate whose matcher has an engine form
  /// (a built-in comparison or string matcher, see ``_EnginePredicate``) runs in the engine for the
  /// calls whose argument has exactly the matcher's type (`engine_tags`); every other predicate,
  /// and those calls, go to the context's callback, or, with `skippingPredicates`, are left to
  /// the caller (see ``_PredicateContext``).
  func withPattern<R>(
    _ pattern: CallPattern,
    skippingPredicates: Bool = false,
    _ body: (UnsafePointer<vrt_pattern>, _PredicateContext) throws(VerityEngineError) -> R
  ) throws(VerityEngineError) -> R? {
    guard let method = methodID(pattern.method) else { return nil }
    switch pattern.arguments {
    case .any:
      var cPattern = vrt_pattern()
      cPattern.method = method
      cPattern.flags = UInt32(VRT_PATTERN_ANY_ARGUMENTS)
      return try body(&cPattern, _PredicateContext.none)
    case .exactly(let arguments):
      guard arguments.count <= 255 else { throw VerityEngineError(.tooLarge) }
      // A verification of a handful of calls is mostly fixed cost, so this builds nothing it
      // does not need: no predicate lists when no argument is a predicate, and the argument
      // bytes and C argument patterns in temporary (stack) storage.
      var hasPredicate = false
      var scratchCount = 0
      for position in 0..<arguments.count {
        let argument = arguments[position]
        switch argument {
        case .any: break
        case .equal(let structure): scratchCount += structure.byteCount
        case .predicate, .valuePredicate:
          hasPredicate = true
          if position < pattern._plainArgumentForms.count, let needle = pattern._plainArgumentForms[position]?.engine?.needle {
            scratchCount += needle.count
          }
        }
      }
      var predicates: [_ArgumentPredicate?] = []
      // Empty when no argument has a plain argument form (most predicates: the context then builds no
      // per-position tables).
      var plainArgumentForms: [_PlainArgumentForm?] = []
      if hasPredicate {
        let hasPlainArgumentForms = !pattern._plainArgumentForms.isEmpty
        predicates.reserveCapacity(arguments.count)
        if hasPlainArgumentForms { plainArgumentForms.reserveCapacity(arguments.count) }
        for position in 0..<arguments.count {
          let argument = arguments[position]
          let plainArgumentForm = position < pattern._plainArgumentForms.count ? pattern._plainArgumentForms[position] : nil
          switch argument {
          case .any, .equal:
            predicates.append(nil)
            if hasPlainArgumentForms { plainArgumentForms.append(nil) }
          case .predicate(let predicate):
            predicates.append(.argument(predicate))
            if hasPlainArgumentForms { plainArgumentForms.append(plainArgumentForm) }
          case .valuePredicate(let predicate):
            predicates.append(.value(predicate))
            if hasPlainArgumentForms { plainArgumentForms.append(plainArgumentForm) }
          }
        }
      }
      // A pattern with no predicate (most verifications) shares one empty context.
      let context =
        hasPredicate ? _PredicateContext(state: self, predicates: predicates, plainArgumentForms: plainArgumentForms) : .none
      let engineTags = hasPredicate ? context.engineTags : []
      // One temporary allocation holds the C argument patterns, then the bytes they point to:
      // a debug build (`swift test`) pays for each generic closure layer around the body.
      let patternBytes = max(1, arguments.count) * MemoryLayout<vrt_arg_pattern>.stride
      return try withUnsafeTemporaryAllocation(
        byteCount: patternBytes + scratchCount, alignment: MemoryLayout<vrt_arg_pattern>.alignment
      ) { raw throws(VerityEngineError) -> R in
        let cArguments = raw.baseAddress!.bindMemory(to: vrt_arg_pattern.self, capacity: max(1, arguments.count))
        let scratch = raw.baseAddress! + patternBytes
        var offset = 0
        for position in 0..<arguments.count {
          var cArgument = vrt_arg_pattern()
          switch arguments[position] {
          case .any:
            cArgument.kind = VRT_ARG_ANY
          case .equal(let structure):
            cArgument.kind = VRT_ARG_EQ
            let length = structure.byteCount
            structure.withUnsafeBytes { bytes in
              (scratch + offset).copyMemory(from: bytes.baseAddress!, byteCount: length)
            }
            cArgument.bytes = UnsafePointer((scratch + offset).assumingMemoryBound(to: UInt8.self))
            cArgument.length = length
            offset += length
          case .predicate, .valuePredicate:
            cArgument.kind = VRT_ARG_PREDICATE
            if position < plainArgumentForms.count, let engine = plainArgumentForms[position]?.engine {
              let needle = (scratch + offset).assumingMemoryBound(to: UInt8.self)
              engine.needle.withUnsafeBufferPointer { bytes in
                if let base = bytes.baseAddress { needle.update(from: base, count: bytes.count) }
              }
              engine.fill(&cArgument, needle: UnsafePointer(needle))
              offset += engine.needle.count
            }
          }
          (cArguments + position).initialize(to: cArgument)
        }
        var cPattern = vrt_pattern()
        cPattern.method = method
        cPattern.flags = skippingPredicates ? UInt32(VRT_PATTERN_SKIP_PREDICATES) : 0
        cPattern.arg_count = UInt32(arguments.count)
        cPattern.args = UnsafePointer(cArguments)
        cPattern.predicate = hasPredicate ? _verityPredicateThunk : nil
        // Unretained: `body` receives `context`, which keeps it alive while the engine calls back.
        cPattern.predicate_context = Unmanaged.passUnretained(context).toOpaque()
        if engineTags.isEmpty { return try body(&cPattern, context) }
        return try engineTags.withUnsafeBufferPointer { tags throws(VerityEngineError) -> R in
          cPattern.engine_tags = tags.baseAddress
          cPattern.engine_tag_count = tags.count
          return try body(&cPattern, context)
        }
      }
    }
  }
}

/// What the predicates of one query need: the predicates and plain argument forms by argument position,
/// and how to read a call's argument values (its tag says: rebuilt from bytes by an argument
/// shape, or a kept array). Used during one query, under the log's lock: by the engine's
/// callback, and by verification for the calls the engine hands back (`_countAndMarkVerified`).
final class _PredicateContext {
  let log: OpaquePointer?
  let predicates: [_ArgumentPredicate?]
  /// By position, or empty when no argument has one.
  let plainArgumentForms: [_PlainArgumentForm?]
  let shapes: [_ArgumentShape]
  let keptArguments: [_KeptArguments]
  /// Per argument position with a plain argument form: whether a tag's calls hold exactly the
  /// plain argument form's type there (indexed by tag; only argument shapes can). Empty elsewhere.
  let fastTags: [[Bool]]
  /// The plain argument forms' tests on bytes, by position (empty with `plainArgumentForms`).
  let bytesTests: [(@Sendable (UnsafeRawBufferPointer) -> Bool?)?]

  /// The context of a pattern with no predicate: nothing to evaluate, no log to read. (The class
  /// is not `Sendable`: a query's context holds the log's kept values. This one holds nothing and
  /// has only constants, so every query may share it: `nonisolated(unsafe)`.)
  nonisolated(unsafe) static let none = _PredicateContext()

  private init() {
    log = nil
    predicates = []
    plainArgumentForms = []
    shapes = []
    keptArguments = []
    fastTags = []
    bytesTests = []
  }

  init(state: borrowing _CallLogState, predicates: [_ArgumentPredicate?], plainArgumentForms: [_PlainArgumentForm?]) {
    self.log = state.log
    self.predicates = predicates
    self.plainArgumentForms = plainArgumentForms
    self.shapes = state.shapes
    self.keptArguments = state.keptArguments
    // Index loops, no closures: this runs for every query with a predicate, and a debug build
    // (`swift test`) pays generic metadata lookups for each `map` or `enumerated()`.
    let shapes = state.shapes
    var bytesTests: [(@Sendable (UnsafeRawBufferPointer) -> Bool?)?] = []
    var fastTags: [[Bool]] = []
    if !plainArgumentForms.isEmpty {  // (reserving room in an empty array allocates, even for nothing)
      bytesTests.reserveCapacity(plainArgumentForms.count)
      fastTags.reserveCapacity(plainArgumentForms.count)
    }
    for position in 0..<plainArgumentForms.count {
      guard let plainArgumentForm = plainArgumentForms[position] else {
        bytesTests.append(nil)
        fastTags.append([])
        continue
      }
      bytesTests.append(plainArgumentForm.bytesTest)
      let id = UInt(bitPattern: plainArgumentForm.type)
      var tags = [false]
      tags.reserveCapacity(shapes.count + 1)
      for shape in shapes {
        tags.append(shape.canBePlain && position < shape.key.count && shape.key.id(at: position) == id)
      }
      fastTags.append(tags)
    }
    self.bytesTests = bytesTests
    self.fastTags = fastTags
  }

  /// The tags whose calls the engine decides for every engine-form argument (see `engine_tags`).
  /// Never empty: a tag no call has stands for "none".
  var engineTags: [UInt32] {
    var positions: [Int] = []
    for position in 0..<plainArgumentForms.count where plainArgumentForms[position]?.engine != nil {
      positions.append(position)
    }
    guard !positions.isEmpty else { return [] }
    var tags: [UInt32] = []
    for tag in 1..<UInt32(shapes.count + 1) where positions.allSatisfy({ fastTags[$0][Int(tag)] }) {
      tags.append(tag)
    }
    return tags.isEmpty ? [_ValueTag.keptBase - 1] : tags
  }

  /// Whether argument `position` (its bytes given) of call `callIndex`, whose tag is `tag`,
  /// matches its predicate.
  func evaluate(callIndex: UInt64, position: Int, bytes: UnsafeRawBufferPointer, tag: UInt32) -> Bool {
    guard position < predicates.count, let predicate = predicates[position] else { return true }
    if position < bytesTests.count, let test = bytesTests[position], Int(tag) < fastTags[position].count,
      fastTags[position][Int(tag)],
      let answer = test(bytes)
    {
      return answer
    }
    if case .value(let test) = predicate, tag >= _ValueTag.keptBase {
      // A kept value, handed to the predicate where it is (no copy of it out of the log).
      let index = Int(tag - _ValueTag.keptBase)
      return test(keptArguments.keptValue(call: index, position: position)?.value)
    }
    let value = _argumentValue(tag: tag, position: position, bytes: bytes, shapes: shapes, keptArguments: keptArguments)
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
  func isPredicatePosition(_ position: Int) -> Bool {
    predicates[position] != nil && (position >= plainArgumentForms.count || plainArgumentForms[position]?.engine == nil)
  }

  /// The first of those positions at or after `start`, or nil (found by a scan: no array of them
  /// is built, a verification's only allocation otherwise).
  func predicatePosition(from start: Int) -> Int? {
    var position = start
    while position < predicates.count {
      if isPredicatePosition(position) { return position }
      position += 1
    }
    return nil
  }
}

/// The value of argument `position` of a call with `tag` (its bytes given): rebuilt from the bytes
/// by the tag's shape, or taken from the call's kept array; nil when none is kept.
func _argumentValue(
  tag: UInt32, position: Int, bytes: UnsafeRawBufferPointer, shapes: [_ArgumentShape], keptArguments: [_KeptArguments]
) -> _KeptValue? {
  if tag == _ValueTag.none { return nil }
  if tag >= _ValueTag.keptBase {
    let index = Int(tag - _ValueTag.keptBase)
    return keptArguments.keptValue(call: index, position: position)
  }
  let index = Int(tag) - 1
  guard index < shapes.count, position < shapes[index].types.count else { return nil }
  return _KeptValue(shapes[index].value(at: position, bytes: bytes))
}

/// An argument predicate as the engine callback runs it.
enum _ArgumentPredicate {
  /// Sees the argument's structure and kept value.
  case argument(@Sendable (RecordedArgument) -> Bool)
  /// Sees the kept value only: no structure is built.
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
