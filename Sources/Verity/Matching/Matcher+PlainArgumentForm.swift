extension Matcher {
  /// The matcher's fast forms on recorded bytes: its engine form and a test on a plain
  /// argument's bytes. Nil when `T` is not a plain type (see PlainValues.swift).
  @usableFromInline
  package func plainArgumentForm() -> _PlainArgumentForm? {
    // The type first: most arguments' types have no fast path, and the test closure costs.
    guard _PlainArgumentForm.applies(to: T.self) else { return nil }
    return _PlainArgumentForm(matching: T.self, engine: enginePredicate, test: verdictFunction)
  }
}
