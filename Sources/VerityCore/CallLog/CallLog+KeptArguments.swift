/// One kept argument value.
///
/// Retained values stay inside the log's lock: predicates see them there, during the query, and
/// ``CallLog/values(of:argument:matching:fileID:filePath:line:column:)`` only hands out `Sendable`
/// values. So the box needs no `Sendable` conformance of its own.
@usableFromInline
struct _KeptValue {
  @usableFromInline
  let value: Any?

  @usableFromInline
  init(_ value: Any?) {
    self.value = value
  }
}

/// The kept argument values of one call, in order, and the positions whose bytes were deferred
/// (bit `i`: argument `i`; see `StructureEncoder._deferArgument`).
///
/// Kept inside the log's lock, as ``_KeptValue`` is: no `Sendable` conformance of its own.
@usableFromInline
struct _KeptArguments {
  @usableFromInline let values: [Any?]
  /// The positions written only when a query needs their bytes (0 once written).
  var deferred: UInt64 = 0

  /// The arguments, in order.
  @inlinable
  init(_ values: [Any?] = []) {
    self.values = values
  }

  /// How many arguments the call has.
  var count: Int { values.count }

  /// Argument `position` (below ``count``).
  subscript(position: Int) -> Any? {
    values[position]
  }
}

extension Array where Element == _KeptArguments {
  /// Argument `position` of kept call `call`, read where it is (no copy of the call's values);
  /// nil past the end.
  func keptValue(call: Int, position: Int) -> _KeptValue? {
    withUnsafeBufferPointer { calls in
      guard call >= 0, call < calls.count, let base = calls.baseAddress else { return nil }
      // Through the pointer: reading the element whole would copy its values.
      let kept = base + call
      guard position >= 0, position < kept.pointee.values.count else { return nil }
      return _KeptValue(kept.pointee.values[position])
    }
  }
}
