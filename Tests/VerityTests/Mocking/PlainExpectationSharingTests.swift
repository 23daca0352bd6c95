import Foundation
import Testing

@testable import Verity

/// Issue "right answers, round 5", item 7: a plain `Equatable` value in an argument list need not
/// be `Sendable`, so the expectation that holds it (`_EquatableExpectation`) reads it only under
/// its lock: `==`, and a failure's hint, which encodes and reflects it. Run under ThreadSanitizer
/// (CI does), a read outside the lock beside `==`'s lazy write is a reported race.
@Suite struct PlainExpectationSharingTests {
  /// `==` fills a lazy property: the first comparison writes the object's storage.
  final class LazyToken: Equatable, @unchecked Sendable, CustomStringConvertible {
    let id: Int
    let text: String
    lazy var folded: String = text.lowercased()
    init(_ id: Int, _ text: String) {
      self.id = id
      self.text = text
    }
    static func == (a: LazyToken, b: LazyToken) -> Bool { a.folded == b.folded }
    var description: String { "Token(\(id))" }
  }

  final class Tokens: Mock, Sendable {
    let storage = MockStorage()
    func take(_ token: LazyToken) -> Int {
      recordCall(withIdentifier: "take", arguments: [token])
      return stubbedValue(forIdentifier: "take", arguments: [token], default: 0)
    }
  }

  @Test func oneExpectationMatchedAndExplainedFromManyTasks() async {
    let tokens = Tokens()
    // One handle, so the stub and every verification share one expectation of one object.
    let call = MockCall<LazyToken, Int>(storage: tokens.storage, identifier: "take", arguments: [LazyToken(1, "A")])
    when(call).thenReturn(7)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for _ in 0..<50 {
            if task % 2 == 0 {
              // `==` on the expected object (its lazy property written on the first).
              _ = tokens.take(LazyToken(1, "a"))
              _ = tokens.take(LazyToken(1, "b"))
            } else {
              // A failure whose calls render alike: its hint encodes and reflects the object.
              _ = issueMessages { verify(call, .times(1_000)) }
            }
          }
        }
      }
    }
    #expect(tokens.take(LazyToken(1, "a")) == 7)
    #expect(tokens.take(LazyToken(1, "b")) == 0)
  }
}
