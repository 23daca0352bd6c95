internal import CVerityEngine

// How a call's arguments are written: one value each, checked, with what an argument wrapper
// hands over in its own place.

/// What the argument wrappers of one call handed over while writing themselves (see
/// ``StructureEncoder/noteWrappedArgument(keeping:type:contentsArePlain:)``): for the argument
/// being written, the type and plainness the log records; for every wrapped argument, the value
/// the log keeps in the wrapper's place.
@usableFromInline
package struct _WrappedArguments {
  /// The position of the argument being written.
  @usableFromInline var position = 0
  /// What the last wrapper noted for the argument being written.
  @usableFromInline var noted: (type: Any.Type?, contentsArePlain: Bool) = (nil, true)
  /// The values wrapped arguments stand for, with their positions, in order.
  @usableFromInline var kept: [(position: Int, value: Any?)] = []

  @inlinable
  init() {}

  /// Whether some argument of the call was a wrapper.
  @inlinable
  var isEmpty: Bool { kept.isEmpty }

  /// The value the wrapper at `position` stands for; nil when that argument was not a wrapper.
  @usableFromInline
  func value(at position: Int) -> Any?? {
    for entry in kept where entry.position == position { return .some(entry.value) }
    return nil
  }
}

extension StructureEncoder {
  /// Called by an argument wrapper's `encode(to:)` (Verity's `DynamicArgument`, which generated
  /// mocks record an argument of a type with no conformance as) before it writes the value it
  /// stands for. When the wrapper is a whole call argument (at the top level, not inside another
  /// value), the log records `type` as the argument's type (nil: a nil argument;
  /// `contentsArePlain` false for an `[Any]` or `[String: Any]` value holding something that is
  /// not plain) and keeps `value` in the wrapper's place. Inside another value it does nothing.
  @inlinable
  package mutating func noteWrappedArgument(
    keeping value: @autoclosure () -> Any?, type: @autoclosure () -> Any.Type?, contentsArePlain: Bool = true
  ) {
    guard _flags & _Flag.writingArgument != 0 else { return }
    _noteWrapped(value(), type: type(), contentsArePlain: contentsArePlain)
  }

  /// ``noteWrappedArgument(keeping:type:contentsArePlain:)`` past its first check (a wrapper
  /// inside another value, which is rare, gets here and is ignored).
  @usableFromInline
  mutating func _noteWrapped(_ value: Any?, type: Any.Type?, contentsArePlain: Bool) {
    guard vrt_writer_depth(_writer) == 0 else { return }
    _flags |= _Flag.wrapperNoted
    _wrapped.noted = (type, contentsArePlain)
    _wrapped.kept.append((_wrapped.position, value))
  }

  /// Writes one argument of a call (see ``_endArgument(from:)``), keeping the first failure, and
  /// appends its type to `types`: the static type, or what an argument wrapper noted.
  @inlinable
  mutating func _encodeArgument<T: StructurallyEncodable>(
    _ value: T, count: inout Int, failure: inout VerityEngineError?,
    types: inout _ArgumentTypes, plain: inout Bool
  ) {
    count += 1
    // Deferred positions are noted in a 64-bit mask: later arguments are written now.
    if _slowPath(count > 64) { _flags &= ~_Flag.mayDefer }
    types.append(T.self)
    // Verity's own conformances (never an argument wrapper) need neither the check nor the
    // argument's start; for a standard type the compiler drops the other branch.
    if _isTrustedEncoding(T.self) {
      value.encode(to: &self)
      return
    }
    let start = byteCount
    _wrapped.position = count - 1
    _flags |= _Flag.writingArgument
    value.encode(to: &self)
    _flags &= ~_Flag.writingArgument
    if _slowPath(_flags & _Flag.wrapperNoted != 0) {
      _flags &= ~_Flag.wrapperNoted
      _recordWrappedArgument(types: &types, plain: &plain)
      _noteDeferredArgument(count - 1)
    }
    if let error = _endArgument(from: start), failure == nil { failure = error }
  }

  /// The type (and plainness) of the value an argument wrapper stands for, in place of the
  /// wrapper's own (kept out of line: only generated mocks' arguments without a conformance).
  @usableFromInline
  @inline(never)
  mutating func _recordWrappedArgument(types: inout _ArgumentTypes, plain: inout Bool) {
    types.replaceLast(with: _wrapped.noted.type)
    if !_wrapped.noted.contentsArePlain { plain = false }
  }

  /// Notes, after argument `position` (a wrapper's: only a wrapper defers) was written, whether
  /// it was deferred. Out of line, for the inlinable recording path.
  @usableFromInline
  mutating func _noteDeferredArgument(_ position: Int) {
    guard _flags & _Flag.deferredNoted != 0 else { return }
    _flags &= ~_Flag.deferredNoted
    _deferredMask |= UInt64(1) << UInt64(position)
  }

  /// Ends one argument of a call: forgets object identities (each argument is an independent
  /// value) and checks, by the value's header, that exactly one value was written since `start`.
  @usableFromInline
  mutating func _endArgument(from start: Int) -> VerityEngineError? {
    let length = vrt_writer_length(_writer)
    var size = 0
    let status: vrt_status
    if start < length, let bytes = vrt_writer_bytes(_writer) {
      status = vrt_value_size(bytes + start, length - start, &size)
    } else {
      status = vrt_writer_status(_writer)._isOK ? VRT_ERR_TRUNCATED : vrt_writer_status(_writer)
    }
    vrt_writer_forget_identities(_writer)
    if _fastPath(status._isOK && size == length - start) { return nil }
    return failure ?? VerityEngineError(status: status) ?? VerityEngineError(.malformed)
  }
}
