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
struct _ArgumentPlan {
  /// What the matcher means for a recorded value. (No payloads: a plan is made for every handle
  /// position a query or stub meets, and copying payloads would cost each of them; compiling reads
  /// the expected value and the captors from the matcher, ``_CompilableMatcher``.)
  enum Node {
    /// Every value matches: `any()` of `Any?`, and a typed `any()` where the type is exact.
    case anything
    /// Every value matches, and the matcher's captor takes it (a bare `capture()`).
    case captor
    /// The value's structure equals the expected value's (its engine form's `.equal`), or differs
    /// from it (`.notEqual`): `eq`, `isNil()` and their negations. Compiled, the engine compares
    /// the recorded bytes when the expected value's bytes decide `==` (`_bytesDecideEquality`) and
    /// it is not a class instance, else runs the verdict: for a value of the matcher's type that is
    /// the same answer, and a class instance is compared as it is when asked, in every evaluator
    /// (its recorded bytes may be of another state).
    case equality
    /// A built-in comparison the engine runs on the bytes of values of exactly the matcher's type
    /// (``_EnginePredicate``); the verdict answers for every other value, and means the same.
    case builtIn
    /// The matcher's verdict on the kept value, by the rule (`verdictOnAny`).
    case verdict
  }

  let node: Node
  /// Whether captors inside a composition take the values of the calls it accepts.
  let capturesInside: Bool
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
    if capturesInside { return .unsupported }
    switch node {
    case .anything: return .any
    case .captor: return .unsupported
    case .equality, .builtIn, .verdict: return .verdict
    }
  }
}

extension _MatcherCore {
  /// This matcher's plan for an argument position (see ``_ArgumentPlan``).
  final func plan(typeIsExact: Bool) -> _ArgumentPlan {
    if captor != nil { return _ArgumentPlan(node: .captor, capturesInside: false) }
    if typeIsExact, case .anyValue? = enginePredicate { return _ArgumentPlan(node: .anything, capturesInside: false) }
    let node: _ArgumentPlan.Node
    switch engineForm {
    case .any: node = .anything
    case .equal, .notEqual: node = .equality
    case .opaque: node = enginePredicate == nil ? .verdict : .builtIn
    }
    return _ArgumentPlan(node: node, capturesInside: hasNestedCaptors)
  }

  @usableFromInline
  final func quickPathForm(typeIsExact: Bool) -> _QuickPathForm {
    plan(typeIsExact: typeIsExact).quickPathForm
  }
}
