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
