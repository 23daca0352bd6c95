extension Matcher {
  /// The matcher's fast forms on recorded bytes: its engine form and a test on a plain
  /// argument's bytes. Nil when `T` is not a plain type (see PlainValues.swift).
  package func _accelerator() -> _ArgumentAccelerator? {
    _ArgumentAccelerator(matching: T.self, engine: _engineTest, test: _test)
  }
}
