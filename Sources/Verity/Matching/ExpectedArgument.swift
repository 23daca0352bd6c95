import Foundation

/// One expected argument, compiled once for the engine (its ``pattern``) and for calls being made
/// now (``matches(value:log:)``, used by stubs): both answer the same question the same way.
///
/// What a plain value means (the "Equality and matching" article states the rules):
/// - `nil` and `NSNull` are nil.
/// - A value whose type is `Equatable` means `eq(value)`, Swift's `==`. The engine answers it by
///   bytes only where bytes give exactly `==`'s answer: the value has a ``StructurallyEncodable``
///   conformance (standard library types and their collections, Foundation value types, your
///   conformances) and no NaN. Otherwise (your `Equatable` types, values holding a NaN) the engine
///   narrows the candidates by method and the other arguments, then `==` runs in Swift on the
///   recorded value, after checking it has the same type.
/// - Any other value compares by structure. Foundation objects (`NSNumber`, `NSDictionary`, ...)
///   compare by structure too, so a decoded JSON tree equals the same literal.
/// - A value holding a function cannot be compared: verification reports it.
struct ExpectedArgument: Sendable {
  enum Kind: Sendable {
    /// A plain value compared by its structure.
    case value(Structure)
    /// A plain `Equatable` value compared with `==` (its structure is for messages).
    case equatable(Structure, _EquatableExpectation)
    /// A matcher; `bytes` is the structure the engine compares when the matcher's engine form is
    /// an equality whose bytes decide (`eq`, `isNil()`), and `negated` when it wants the opposite
    /// (`!eq`, `isNotNil()`). Then calls being made now are compared by the same bytes.
    case matcher(any AnyArgumentMatcher, bytes: Structure?, negated: Bool = false)
    case captor(any ArgumentCapturing)
    /// A value that cannot be compared (it holds a function).
    case incomparable(Structure, _IncomparableContent)
  }

  let kind: Kind
  /// A plain value's own description, when its type has one (see `_selfDescription`).
  private(set) var ownDescription: String? = nil
  let pattern: ArgumentPattern
  /// The fast forms of a matcher predicate (engine test, typed test on bytes), if it has them.
  let plainArgumentForm: _PlainArgumentForm?
  /// What few arguments have (nil for most): one reference, so that copying an argument, which
  /// every verification and stub does, copies no more.
  private var rare: _RareArgumentParts? = nil

  /// The captors inside a composed matcher (`greaterThan(0) && captor.capture()`), which capture
  /// this argument in the calls the whole matcher accepts.
  var nestedCaptors: [any ArgumentCapturing] { rare?.nestedCaptors ?? [] }

  /// For an argument of a generic member's handle: whether a value has the type the matcher (or
  /// plain value) is for, which the call's type argument made it (see ``pinningType(of:)``).
  var typePin: (@Sendable (Any?) -> Bool)? { rare?.typePin }

  /// - Parameter typeIsExact: every recorded argument at this position has the type the matcher
  ///   is for (see ``ExpectedCall/init(identifier:arguments:typesAreExact:)``): a typed `any()`
  ///   then needs no check of the value's type, and runs as the engine's ANY.
  init(_ element: Any?, typeIsExact: Bool = false) {
    // What an element is depends only on its type: a type seen before is looked up (no cast to a
    // protocol, a large part of a small verification's cost), then a matcher is taken back by a
    // cast to its exact type and a plain value goes straight to its comparison.
    if let present = element, let known = _ArgumentElementKind.known.value(for: type(of: present)) {
      if let open = known.openMatcher {
        self.init(compiling: open(present), typeIsExact: typeIsExact)
      } else {
        self.init(plainValue: element)
      }
      return
    }
    // A `Matcher` (what handles and argument lists mostly hold) is recognised by one cast, which
    // gives everything compiling it needs.
    if let matcher = element as? any _CompilableMatcher {
      _ArgumentElementKind.learn(matcher: matcher, element: element)
      self.init(compiling: matcher, typeIsExact: typeIsExact)
    } else if let captor = element as? any ArgumentCapturing {
      self.init(kind: .captor(captor), pattern: .any)
    } else if let matcher = element as? any AnyArgumentMatcher {
      self.init(kind: .matcher(matcher, bytes: nil), pattern: .valuePredicate { matcher.matches(any: $0).isMatch })
    } else {
      _ArgumentElementKind.learnPlainValue(element)
      self.init(plainValue: element)
    }
  }

  /// A matcher of its argument's own type, from a generated mock's handle
  /// (`MockCall.init(storage:identifier:matchers:)`): compiled as `init(_:typeIsExact: true)`
  /// compiles it, with no `Any?` to look up.
  init(handleMatcher matcher: any _CompilableMatcher) {
    self.init(compiling: matcher, typeIsExact: true)
  }

  private init(kind: Kind, pattern: ArgumentPattern, plainArgumentForm: _PlainArgumentForm? = nil) {
    self.kind = kind
    self.pattern = pattern
    self.plainArgumentForm = plainArgumentForm
  }

  /// This argument of a generic member's handle, `element` being what the handle passed: a call
  /// matches only when its value has exactly the type `element` is for (a matcher's `T`, a plain
  /// value's own type; a class instance may be of a subclass), by the identity rule 1 of
  /// ValuesOfOtherTypes.swift uses. A call's type arguments are part of the call: `put(5)` is
  /// `put<Int>` and `put(Int8(5))` is `put<Int8>`, so `any(Int.self)` and `eq(5)` pick the first
  /// only, and a stub that matches a call has the types to answer it. Every path runs the pinned
  /// pattern, stubs included (``matches(value:log:)``).
  func pinningType(of element: Any?) -> ExpectedArgument {
    let pin: @Sendable (Any?) -> Bool
    if let matcher = element as? any _CompilableMatcher {
      pin = _isValue(ofType: matcher.valueType)
    } else if let element, let present = _flattenOptional(element) {
      pin = _isValue(ofType: Swift.type(of: present))
    } else {
      // (Nil passed for a `T?` parameter: the type is gone; a recorded nil of any type matches.)
      pin = { value in value.flatMap(_flattenOptional) == nil }
    }
    let pinned: ArgumentPattern
    switch pattern {
    case .any: pinned = .valuePredicate(pin)
    case .equal(let structure): pinned = .predicate { pin($0.value) && $0.structure == structure }
    case .predicate(let test): pinned = .predicate { pin($0.value) && test($0) }
    case .valuePredicate(let test): pinned = .valuePredicate { pin($0) && test($0) }
    }
    // (No plain argument form: it would answer without the pin.)
    var argument = ExpectedArgument(kind: kind, pattern: pinned)
    argument.ownDescription = ownDescription
    argument.rare = _RareArgumentParts(nestedCaptors: nestedCaptors, typePin: pin)
    return argument
  }

  /// A plain value (no matcher or captor): compared by `==` or by structure, see the type's notes.
  private init(plainValue element: Any?) {
    (kind, pattern) = Self.compile(value: element)
    plainArgumentForm = nil
    ownDescription = _selfDescription(element)
  }

  /// A matcher, compiled from its plan (``_ArgumentPlan``): a captor's `capture()` (any call),
  /// `any()` (the engine's ANY), an equality (the engine's EQ on bytes that decide `==`), or the
  /// matcher's verdict as a predicate, evaluated only for calls that pass the cheap checks of the
  /// other arguments (the closure is made only then: an `eq` the engine answers by bytes allocates
  /// none), with the engine's form of a built-in beside it.
  private init(compiling matcher: any _CompilableMatcher, typeIsExact: Bool) {
    let plan = matcher.plan(typeIsExact: typeIsExact)
    if plan.capturesInside { rare = _RareArgumentParts(nestedCaptors: matcher.nestedCaptors, typePin: nil) }
    switch plan.node {
    case .captor:
      if let captor = matcher.argumentCaptor {
        (kind, pattern) = (.captor(captor), .any)
      } else {  // (a captor of another kind than Verity's: every call, captured by none)
        (kind, pattern) = (.matcher(matcher, bytes: nil), .any)
      }
    case .anything:
      (kind, pattern) = (.matcher(matcher, bytes: nil), .any)
    case .equality:
      // (A class instance's bytes were recorded at the call; it is compared as it is now, by the
      // verdict, as every other evaluator compares it.)
      let (expected, negated): (any Sendable, Bool)
      switch matcher.engineForm {
      case .notEqual(let value): (expected, negated) = (value, true)
      case .equal(let value): (expected, negated) = (value, false)
      case .any, .opaque: (expected, negated) = (Optional<Int>.none, false)  // (not an equality's form)
      }
      if !(type(of: expected) is AnyClass), let structure = _bytesDecideEquality(expected) {
        kind = .matcher(matcher, bytes: structure, negated: negated)
        pattern = negated ? .predicate { $0.structure != structure } : .equal(structure)
      } else {
        (kind, pattern) = (.matcher(matcher, bytes: nil), .valuePredicate(matcher.verdictOnAnyFunction))
      }
    case .builtIn, .verdict:
      (kind, pattern) = (.matcher(matcher, bytes: nil), .valuePredicate(matcher.verdictOnAnyFunction))
    }
    if case .valuePredicate = pattern {
      plainArgumentForm = matcher.plainArgumentForm()
    } else {
      plainArgumentForm = nil
    }
  }

  private static func compile(value element: Any?) -> (Kind, ArgumentPattern) {
    // Small integers and booleans, whose bytes decide `==`: a structure shared by the process,
    // as `_bytesDecideEquality` gives them (no encoder, no checks).
    if let element {
      if type(of: element) == Int.self, let shared = Structure._smallInteger(_exactCast(element, to: Int.self)) {
        return (.value(shared), .equal(shared))
      }
      if type(of: element) == Bool.self {
        let shared = Structure._bool(_exactCast(element, to: Bool.self))
        return (.value(shared), .equal(shared))
      }
    }
    let (structure, incomparable) = Structure._encodingNotingIncomparable(element)
    guard let element, let present = _flattenOptional(element) else {
      return (.value(structure), .equal(structure))
    }
    // (A class instance is compared as it is when asked, as `eq` compares it: see the plan's
    // equality.)
    if incomparable == nil, !(type(of: present) is AnyClass), _bytesDecide(present, structure) {
      return (.value(structure), .equal(structure))
    }
    if !(type(of: present) is NSObject.Type), let equatable = _EquatableExpectation(present) {
      return (.equatable(structure, equatable), .valuePredicate { equatable.matches($0) })
    }
    if let incomparable {
      return (.incomparable(structure, incomparable), .any)
    }
    return (.value(structure), .equal(structure))
  }

  /// The captors that capture this argument: a bare captor, or those inside a composed matcher.
  var captors: [any ArgumentCapturing] {
    if case .captor(let captor) = kind { return [captor] }
    return nestedCaptors
  }

  /// Whether the engine's answer came from Swift code looking at the recorded value (a matcher
  /// predicate or `==`): such an answer can depend on a class instance's current state.
  var looksAtRecordedValue: Bool {
    switch kind {
    case .equatable: return true
    case .matcher(_, let bytes, _): return bytes == nil
    case .value, .captor, .incomparable: return false
    }
  }

  /// How the argument appears in a wanted call: `"Fixture Email"`, `any()`, `captor(String)`.
  var description: String {
    switch kind {
    case .value(let structure), .equatable(let structure, _), .incomparable(let structure, _):
      return ownDescription ?? structure.description
    case .matcher(let matcher, _, _): return matcher.description
    case .captor(let captor): return captor.description
    }
  }

  /// `body`'s answer on the value `==` compares a recorded argument with (a plain `Equatable`
  /// value's, or an `eq` matcher's), run where that value may be read (a plain value's is not
  /// `Sendable`: under its expectation's lock); nil for other expectations.
  func withEquatableValue<R>(_ body: (Any) -> R) -> R? {
    switch kind {
    case .equatable(_, let expectation):
      return expectation.withValue(body)
    case .matcher(let matcher, _, false):
      guard let equal = (matcher as? any _CompilableMatcher)?.handleMatcher as? any _EqualExpectation else { return nil }
      return body(equal._expectedValue)
    default:
      return nil
    }
  }

  /// The structure a recorded argument is compared with, when the expectation is a value (a plain
  /// value, `eq`, `isNil()`); nil for other matchers and captors.
  var expectedStructure: Structure? {
    switch kind {
    case .value(let structure), .equatable(let structure, _): structure
    case .matcher(_, let bytes, let negated): negated ? nil : bytes
    case .captor, .incomparable: nil
    }
  }

  /// Whether a call being made now matches, by the same rule as ``pattern``. `log` lends its
  /// spare writer, so that comparing bytes builds no structure.
  func matches(value: Any?, log: CallLog) -> Bool {
    if let typePin, !typePin(value) { return false }
    switch kind {
    case .value(let structure): return log._encodes(value, as: structure)
    case .equatable(_, let equatable): return equatable.matches(value)
    case .matcher(let matcher, let bytes, let negated):
      // With bytes (`eq`, `isNil()` and their negations), by the bytes, as the engine answers:
      // the matcher itself would differ for a value of another type (`eq(7)` and an `Int8(7)`,
      // whose canonical numbers are equal; `!eq(7)` and a `String`).
      if let bytes { return log._encodes(value, as: bytes) != negated }
      // The predicate verifications run: the same verdict, with no mismatch sentence built.
      if case .valuePredicate(let test) = pattern { return test(value) }
      return matcher.matches(any: value).isMatch
    case .captor: return true
    case .incomparable: return false
    }
  }
}

/// The parts of an ``ExpectedArgument`` that few arguments have.
final class _RareArgumentParts: Sendable {
  let nestedCaptors: [any ArgumentCapturing]
  let typePin: (@Sendable (Any?) -> Bool)?

  init(nestedCaptors: [any ArgumentCapturing], typePin: (@Sendable (Any?) -> Bool)?) {
    self.nestedCaptors = nestedCaptors
    self.typePin = typePin
  }
}
