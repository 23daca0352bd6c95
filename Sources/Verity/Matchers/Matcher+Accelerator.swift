extension Matcher {
  /// The matcher's fast forms on recorded bytes: its engine form and a test on a plain
  /// argument's bytes. Nil when `T` is not a plain type (see PlainValues.swift).
  @usableFromInline
  package func _accelerator() -> _ArgumentAccelerator? {
    // The type first: most arguments' types have no fast path, and the test closure costs.
    guard _ArgumentAccelerator.applies(to: T.self) else { return nil }
    return _ArgumentAccelerator(matching: T.self, engine: _engineTest, test: _test)
  }
}
