internal import CVerityEngine

// How a call's arguments are written: one value each, checked, with what an argument wrapper
// hands over in its own place.

/// An argument wrapper: a value that stands for another in a call log. Verity's `DynamicArgument`
/// (what a generated mock records an argument of a type with no conformance as) is the one; it
/// tells the encoder so while it writes itself
/// (``StructureEncoder/noteWrappedArgument(_:type:contentsArePlain:)``), and the log keeps
/// ``keptArgument`` in its place.
///
/// Generated-code support, not for conforming: public (and underscored, out of the documentation)
/// only so that the log's recording code, specialized in the mock's module, finds
/// `DynamicArgument`'s conformance at compile time and asks it with no cast at run time.
public protocol _ArgumentWrapper: StructurallyEncodable {
  /// The value a call log keeps for this argument: the value the wrapper stands for.
  var keptArgument: Any? { get }
}

/// What the argument wrappers of one call handed over while writing themselves (see
/// ``StructureEncoder/noteWrappedArgument(_:type:contentsArePlain:)``): for the argument being
/// written, the type and plainness the log records; for the call, which arguments were wrappers.
/// Only trivial values, so that a call without wrappers pays nothing to make or end it.
@usableFromInline
package struct _WrappedArguments {
  /// The position of the argument being written.
  @usableFromInline var position = 0
  /// The wrapper type that noted itself last, and the type it noted. Written by every note before
  /// it is read, and never cleared between calls (see ``forgetPositions()``): the wrapper type is
  /// also read after a call's arguments are written, but only where its identity with an
  /// argument's own type is checked (``wrapperType(ifItIs:)``), which a type noted for
  /// an earlier call passes only when it is that argument's type.
  @usableFromInline var notedWrapper: (any _ArgumentWrapper.Type)? = nil
  @usableFromInline var notedType: Any.Type? = nil
  /// Whether the last wrapper's value is plain.
  @usableFromInline var notedContentsArePlain = true
  /// The positions of the wrapped arguments (bit `i`: argument `i`; bit 63 also stands for every
  /// later position).
  @usableFromInline var positions: UInt64 = 0

  // Transparent: an unoptimized build (`swift test`) would otherwise call it for every encoder a
  // call takes.
  @_transparent
  @usableFromInline
  init() {}

  /// Whether some argument of the call was a wrapper.
  @inlinable
  var hasWrappers: Bool { positions != 0 }

  /// Whether argument `position` may be a wrapper.
  @inlinable
  func mayBeWrapper(at position: Int) -> Bool {
    positions & Self.bit(position) != 0
  }

  /// The bit of argument `position` in ``positions``: bit 63 stands for every later position.
  /// (No generic `min` or smart shift: an unoptimized build would call them generically.)
  @_transparent
  @usableFromInline
  static func bit(_ position: Int) -> UInt64 {
    UInt64(1) &<< UInt64(position < 63 ? position : 63)
  }

  /// Readies the record for a new call: only which positions were wrappers needs clearing, as
  /// every other field is written before it is read (see ``notedWrapper``). (Cheaper than a new
  /// record in an unoptimized build, where each call's encoder is readied this way.)
  @inlinable
  mutating func forgetPositions() { positions = 0 }

  /// The last wrapper type that noted itself, when it is `T`: then an argument of type `T` at a
  /// position ``mayBeWrapper(at:)`` admits is a wrapper of that type, whose kept value
  /// ``_keptArgument(of:asWrapper:)`` asks with no cast. Nil for any other `T` (a second wrapper
  /// type in the same call, or an argument past position 63 that is no wrapper).
  @inlinable
  func wrapperType<T>(ifItIs _: T.Type) -> (any _ArgumentWrapper.Type)? {
    guard let wrapper = notedWrapper, ObjectIdentifier(wrapper) == ObjectIdentifier(T.self) else { return nil }
    return wrapper
  }

  /// Notes that the argument being written, of type `argument`, is the wrapper that noted itself
  /// (false, noting nothing, when it is not: a conformance that wrote itself through a wrapper).
  mutating func noteWrapper(argument: Any.Type) -> Bool {
    guard let wrapper = notedWrapper, ObjectIdentifier(wrapper) == ObjectIdentifier(argument) else { return false }
    positions |= Self.bit(position)
    return true
  }
}

/// The kept value of `value`, a wrapper of type `W` (`T` is `W`: the caller checked their
/// identities, see ``_WrappedArguments/wrapperType(ifItIs:)``).
@usableFromInline
func _keptArgument<T, W: _ArgumentWrapper>(of value: T, asWrapper _: W.Type) -> Any? {
  unsafeBitCast(value, to: W.self).keptArgument
}

extension StructureEncoder {
  /// Called by an argument wrapper's `encode(to:)` before it writes the value it stands for. When
  /// the wrapper is a whole call argument (at the top level, not inside another value), the log
  /// records `type` as the argument's type (nil: a nil argument; `contentsArePlain` false for an
  /// `[Any]` or `[String: Any]` value holding something that is not plain) and keeps the wrapper's
  /// ``_ArgumentWrapper/keptArgument`` in its place. Inside another value it does nothing.
  @inlinable
  package mutating func noteWrappedArgument(
    _ wrapper: any _ArgumentWrapper.Type, type: @autoclosure () -> Any.Type?, contentsArePlain: Bool = true
  ) {
    guard _flags & _Flag.writingArgument != 0 else { return }
    _noteWrapped(wrapper, type: type(), contentsArePlain: contentsArePlain)
  }

  /// ``noteWrappedArgument(_:type:contentsArePlain:)`` past its first check (a wrapper inside
  /// another value, which is rare, gets here and is ignored).
  @usableFromInline
  mutating func _noteWrapped(_ wrapper: any _ArgumentWrapper.Type, type: Any.Type?, contentsArePlain: Bool) {
    guard vrt_writer_depth(_writer) == 0 else { return }
    _flags |= _Flag.wrapperNoted
    _wrapped.notedWrapper = wrapper
    _wrapped.notedType = type
    _wrapped.notedContentsArePlain = contentsArePlain
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
      _recordWrappedArgument(T.self, types: &types, plain: &plain)
      _noteDeferredArgument(count - 1)
    }
    if let error = _endArgument(from: start), failure == nil { failure = error }
  }

  /// The type (and plainness) of the value an argument wrapper stands for, in place of the
  /// wrapper's own, when `argument` is the wrapper that noted itself (kept out of line: only
  /// generated mocks' arguments without a conformance).
  @usableFromInline
  @inline(never)
  mutating func _recordWrappedArgument(_ argument: Any.Type, types: inout _ArgumentTypes, plain: inout Bool) {
    guard _wrapped.noteWrapper(argument: argument) else { return }
    types.replaceLast(with: _wrapped.notedType)
    if !_wrapped.notedContentsArePlain { plain = false }
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
