/// How many matching calls a verification expects. Counts are at least 0: a negative count
/// (`.times(-1)`) fails the verification with a message saying so.
///
/// ```swift
/// mock.verifyCall(withIdentifier: "save", arguments: .any, mode: .atLeast(2))
/// mock.verifyCall(withIdentifier: "delete", arguments: .any, mode: .never)
/// ```
public enum VerificationMode: Sendable, Equatable {
  /// No matching call.
  case never
  /// `n` or more matching calls.
  case atLeast(Int)
  /// `n` or fewer matching calls.
  case atMost(Int)
  /// Exactly `n` matching calls. The default mode is `.times(1)`.
  case times(Int)
  /// One or more matching calls: the same as `.atLeast(1)`.
  case atLeastOnce
  /// Exactly one matching call, and no other call on the mock at all.
  case only

  /// Exactly one matching call: the same as `.times(1)`, the default.
  ///
  /// ```swift
  /// verify(service.$refresh(), .once)
  /// ```
  public static var once: VerificationMode { .times(1) }

  /// Why the mode cannot be checked, or nil: a count cannot be negative (`.times(-1)` would
  /// otherwise be a verification that silently can never pass, or always does).
  func problem(name: String) -> String? {
    switch self {
    case .atLeast(let n) where n < 0, .atMost(let n) where n < 0, .times(let n) where n < 0:
      return "\(name) failed - invalid mode .\(self): a call count cannot be negative"
    default:
      return nil
    }
  }

  /// Whether `count` matching calls (out of `total` calls on the mock) satisfy the mode.
  func isSatisfied(matching count: Int, total: Int) -> Bool {
    switch self {
    case .never: return count == 0
    case .atLeast(let n): return count >= n
    case .atMost(let n): return count <= n
    case .times(let n): return count == n
    case .atLeastOnce: return count >= 1
    case .only: return count == 1 && total == 1
    }
  }

  /// The counts of matching calls that satisfy the mode, in a log of `total` calls, as the engine's
  /// inclusive bounds (an empty range, `min > max`, when nothing can satisfy it).
  func countBounds(total: Int) -> (min: UInt64, max: UInt64) {
    switch self {
    case .never: return (0, 0)
    case .atLeast(let n): return (UInt64(max(0, n)), .max)
    case .atMost(let n): return n < 0 ? (1, 0) : (0, UInt64(n))
    case .times(let n): return n < 0 ? (1, 0) : (UInt64(n), UInt64(n))
    case .atLeastOnce: return (1, .max)
    case .only: return total == 1 ? (1, 1) : (1, 0)
    }
  }

  /// The expectation in words, followed by the wanted call: "1 call to", "at least 2 calls to".
  func expectation(call: String) -> String {
    switch self {
    case .never: return "no calls to \(call)"
    case .atLeast(let n): return "at least \(callCount(n)) to \(call)"
    case .atMost(let n): return "at most \(callCount(n)) to \(call)"
    case .times(let n): return "\(callCount(n)) to \(call)"
    case .atLeastOnce: return "at least 1 call to \(call)"
    case .only: return "\(call) to be the only call"
    }
  }
}

/// "1 call", "2 calls", "0 calls".
func callCount(_ n: Int) -> String {
  n == 1 ? "1 call" : "\(n) calls"
}
