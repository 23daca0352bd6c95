import Synchronization
import Verity

// Fixtures the call-log tests share.

/// A reference-type argument, for snapshot tests.
final class LogFixtureAccount {
  var owner: String
  var balance: Int
  init(owner: String, balance: Int) {
    self.owner = owner
    self.balance = balance
  }
}

/// A conformance that breaks the contract: two values.
struct BrokenEncoding: StructurallyEncodable {
  func encode(to encoder: inout StructureEncoder) {
    encoder.encode(1)
    encoder.encode(2)
  }
}

/// Counts predicate invocations from a @Sendable closure.
final class LogFixtureCounter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

/// An argument pattern that matches the structure of `value`.
func equalPattern<T: StructurallyEncodable>(_ value: T) -> ArgumentPattern { .equal(Structure(value)) }
