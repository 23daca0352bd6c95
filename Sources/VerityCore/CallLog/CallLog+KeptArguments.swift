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
