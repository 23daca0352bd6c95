import Naming

/// A store of values by key: associated types (one primary), an `async throws` requirement, a
/// generic one with a `where` clause, and what `Named` requires (a property, a static member).
public protocol Store<Key>: Named {
  associatedtype Key: Hashable & Sendable
  associatedtype Value: Sendable

  func value(for key: Key) async throws -> Value?
  func keys<Candidates: Sequence>(among candidates: Candidates) -> [Key] where Candidates.Element == Key
  mutating func save(_ value: Value, for key: Key) throws
}

/// A store that can be emptied: a parent of a parent, from the same package.
public protocol ClearableStore<Key>: Store {
  func clear() async
}

/// What a store is made from: an initializer requirement.
public protocol StoreFactory {
  init(capacity: Int)
  var capacity: Int { get }
}
