/// One expected argument: a plain value (compared by structure), a matcher, or a captor.
struct ExpectedArgument: Sendable {
  enum Kind: Sendable {
    case value(Structure)
    case matcher(any AnyArgumentMatcher)
    case captor(any ArgumentCapturing)
  }

  let kind: Kind
  let pattern: ArgumentPattern

  init(_ element: Any?) {
    if let captor = element as? any ArgumentCapturing {
      kind = .captor(captor)
      pattern = .any
    } else if let matcher = element as? any AnyArgumentMatcher {
      kind = .matcher(matcher)
      pattern = Self.enginePattern(for: matcher)
    } else {
      let structure = Structure(encoding: element)
      kind = .value(structure)
      pattern = .equal(structure)
    }
  }

  /// `any()` and `eq(v)` of an encodable value run in the engine; every other matcher is a
  /// predicate, evaluated only for calls that pass the cheap checks of the other arguments.
  private static func enginePattern(for matcher: any AnyArgumentMatcher) -> ArgumentPattern {
    switch (matcher as? any _EngineFormProviding)?.engineForm ?? .opaque {
    case .any:
      return .any
    case .equal(let value):
      if let encodable = value as? any StructurallyEncodable {
        return .equal(Structure(encodable))
      }
    case .opaque:
      break
    }
    return .valuePredicate { value in matcher.matches(any: value).isMatch }
  }

  var captor: (any ArgumentCapturing)? {
    if case .captor(let captor) = kind { return captor }
    return nil
  }

  /// How the argument appears in a wanted call: `"Fixture Email"`, `any()`, `captor(String)`.
  var description: String {
    switch kind {
    case .value(let structure): return structure.description
    case .matcher(let matcher): return matcher.description
    case .captor(let captor): return captor.description
    }
  }

  func matches(value: Any?) -> Bool {
    switch kind {
    case .value(let structure): return Structure(encoding: value) == structure
    case .matcher(let matcher): return matcher.matches(any: value).isMatch
    case .captor: return true
    }
  }
}

/// Gives the engine form of a type-erased matcher (``Matcher`` is the only conformer).
package protocol _EngineFormProviding {
  var engineForm: _MatcherEngineForm { get }
}

extension Matcher: _EngineFormProviding {}
