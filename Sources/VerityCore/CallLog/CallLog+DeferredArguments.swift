// Deferred arguments: pure values kept unwritten at recording (see
// `StructureEncoder._deferArgument`), and writing them, by rebuilding the engine log, when a
// query first reads their bytes.

internal import CVerityEngine

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

extension _CallLogState {
  // MARK: Deferred arguments

  /// Notes that the call just recorded (of the method ``lastMethodID``, its values kept at
  /// `keptArguments[keptIndex]`) has the deferred arguments `positions`.
  mutating func noteDeferred(_ positions: UInt64, keptIndex: Int) {
    keptArguments[keptIndex].deferred = positions
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
      if call.tag >= _ValueTag.keptBase, Int(call.tag - _ValueTag.keptBase) < keptArguments.count {
        positions = keptArguments[Int(call.tag - _ValueTag.keptBase)].deferred
      }
      let status: vrt_status
      if positions == 0 {
        status = vrt_log_append_tagged(new, call.method, call.args, call.length, call.arg_count, call.seq, call.tag, nil)
      } else {
        bytes.removeAll(keepingCapacity: true)
        let values = keptArguments[Int(call.tag - _ValueTag.keptBase)]
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
    for index in 0..<keptArguments.count where keptArguments[index].deferred != 0 { keptArguments[index].deferred = 0 }
    deferredCallCount = 0
    deferredByMethod = _MethodMasks()
    wroteDeferred = true
  }
}
