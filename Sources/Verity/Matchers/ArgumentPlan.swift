/// What a matcher means for one argument position, worked out once (``_MatcherCore/plan(typeIsExact:)``)
/// and interpreted by every evaluator: compiling it for the engine (`ExpectedArgument`), and the
/// Swift loop over a small log and a handle's kept stub matchers (``_QuickPathForm``). No evaluator
/// looks at the matcher any other way, so none can give another answer for the same plan; where an
/// evaluator has a faster way to run a node, it is the same meaning, which the differential test
/// (`EvaluatorDifferentialTests`) holds each one to.
///
/// `typeIsExact`: every recorded value at the position has the matcher's type (a generated mock's
/// handle of a member with no generic parameter of its own), so a typed `any()` needs no check.
@usableFromInline
enum _ArgumentPlan {
  /// Every value matches: `any()` of `Any?`, and a typed `any()` where the type is exact.
  case anything
  /// Every value matches, and the captor takes it (a bare `capture()`).
  case captor(any ArgumentCapturing)
  /// The value's structure equals `expected`'s (or differs, `negated`): `eq`, `isNil()` and their
  /// negations. Compiled, the engine compares the recorded bytes when `expected`'s bytes decide
  /// `==` (`_bytesDecideEquality`) and it is not a class instance, else runs the verdict: for a
  /// value of the matcher's type that is the same answer, and a class instance is compared as it
  /// is when asked, in every evaluator (its recorded bytes may be of another state).
  case equality(expected: any Sendable, negated: Bool)
  /// A built-in comparison the engine runs on the bytes of values of exactly the matcher's type
  /// (``_EnginePredicate``); the verdict answers for every other value, and means the same.
  case builtIn
  /// The matcher's verdict on the kept value, by the rule (`verdictOnAny`).
  case verdict
  /// `plan`, with the captors of a composition taking the values of the calls it accepts.
  indirect case capturing([any ArgumentCapturing], _ArgumentPlan)
}

/// How the Swift loop over a small log, and a handle's kept stub matchers, run one argument's plan.
@usableFromInline
enum _QuickPathForm {
  /// Every value matches (``_ArgumentPlan/anything``).
  case any
  /// The matcher's verdict on the kept value decides: the plan's meaning for an equality, a
  /// built-in, or a verdict.
  case verdict
  /// Only the compiled pattern runs this plan: a captor takes values through it.
  case unsupported
}

extension _ArgumentPlan {
  /// How the quick paths run this plan.
  var quickPathForm: _QuickPathForm {
    switch self {
    case .anything: .any
    case .captor, .capturing: .unsupported
    case .equality, .builtIn, .verdict: .verdict
    }
  }
}

extension _MatcherCore {
  /// This matcher's plan for an argument position (see ``_ArgumentPlan``).
  final func plan(typeIsExact: Bool) -> _ArgumentPlan {
    if let captor, let capturing = captor as? any ArgumentCapturing { return .captor(capturing) }
    if typeIsExact, case .anyValue? = enginePredicate { return .anything }
    let plan: _ArgumentPlan
    switch engineForm {
    case .any: plan = .anything
    case .equal(let expected): plan = .equality(expected: expected, negated: false)
    case .notEqual(let expected): plan = .equality(expected: expected, negated: true)
    case .opaque: plan = enginePredicate == nil ? .verdict : .builtIn
    }
    let nested = nestedCaptors
    return nested.isEmpty ? plan : .capturing(nested, plan)
  }

  @usableFromInline
  final func quickPathForm(typeIsExact: Bool) -> _QuickPathForm {
    plan(typeIsExact: typeIsExact).quickPathForm
  }
}
