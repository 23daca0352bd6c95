/// A built-in matcher's test on a `T` (`lessThan`, `isIn`, `hasPrefix`, ...), implemented once:
/// for the types the engine reads (the standard integers, `Double`, `Float`, and `String` with an
/// ASCII needle), the engine's own evaluation (``_EnginePredicate/test(on:)``, the C functions a
/// query's scan runs on recorded bytes), which every evaluator then asks, Swift's included; for
/// every other type, and a string the engine cannot decide by bytes (not ASCII, or holding a
/// carriage return), `swift`. So a value gets one implementation's answer, whichever evaluator
/// asks for it.
func _builtInTest<T>(
  _ predicate: _EnginePredicate?, _ swift: @escaping @Sendable (T) -> Bool
) -> @Sendable (T) -> Bool {
  guard let engine = predicate?.test(on: T.self) else { return swift }
  return { value in engine(value) ?? swift(value) }
}

/// A string matcher on `needle` (`hasPrefix`, `hasSuffix`, `contains`): `swift` decides on the
/// value and the needle, both case-folded when `ignoringCase`, where the engine does not (see
/// ``_builtInTest(_:_:)``); a mismatch says the value does not `lacking` the needle ("have prefix").
func _stringMatcher(
  _ name: String, _ kind: _EnginePredicate.StringKind, _ needle: String, ignoringCase: Bool, lacking: String,
  _ swift: @escaping @Sendable (_ value: String, _ needle: String) -> Bool
) -> Matcher<String> {
  let sensitivity = _CaseSensitivity(ignoringCase: ignoringCase)
  let folded = sensitivity.fold(needle)
  let predicate = _EnginePredicate.string(kind, needle, ignoringCase: ignoringCase)
  let accepts = _builtInTest(predicate) { (value: String) in swift(sensitivity.fold(value), folded) }
  return Matcher(
    "\(name)(\(_render(needle))\(sensitivity.argumentSuffix))", engineForm: .opaque, test: accepts,
    enginePredicate: predicate
  ) { value in
    accepts(value)
      ? .match
      : .mismatch(
        "\(_render(value)) does not \(lacking) \(_render(needle))\(sensitivity.sentenceSuffix(value: value, expected: needle))")
  }
}
