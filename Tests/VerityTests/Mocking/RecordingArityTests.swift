import Testing
import Verity

/// Every arity of `recordCall(withIdentifier:typedArguments:)` (the fixed-arity overloads up to six
/// and the parameter-pack form beyond) records what the `[Any?]` form records, and keeps the values.
@Suite struct RecordingArityTests {
  @Test func everyArityRecordsTheSameCallAsTheDynamicForm() throws {
    let typed = FakeStore()
    let dynamic = FakeStore()
    typed.recordCall(withIdentifier: "m", typedArguments: 1)
    typed.recordCall(withIdentifier: "m", typedArguments: 1, "2")
    typed.recordCall(withIdentifier: "m", typedArguments: 1, "2", 3.0)
    typed.recordCall(withIdentifier: "m", typedArguments: 1, "2", 3.0, true)
    typed.recordCall(withIdentifier: "m", typedArguments: 1, "2", 3.0, true, [5])
    typed.recordCall(withIdentifier: "m", typedArguments: 1, "2", 3.0, true, [5], Int?.none)
    typed.recordCall(withIdentifier: "m", typedArguments: 1, "2", 3.0, true, [5], Int?.none, 7)
    let all: [Any?] = [1, "2", 3.0, true, [5], nil, 7]
    for count in 1...7 {
      dynamic.recordCall(withIdentifier: "m", arguments: Array(all.prefix(count)))
    }
    #expect(typed.storage.log.count == 7)
    for index in 0..<7 {
      let recorded = try #require(typed.storage.log.call(at: index))
      #expect(recorded.arguments.count == index + 1)
      #expect(recorded.arguments == dynamic.storage.log.call(at: index)?.arguments)
      let anyOfThisArity = CallPattern("m", arguments: .exactly(Array(repeating: .any, count: index + 1)))
      #expect(typed.storage.log.values(of: Int.self, argument: 0, matching: anyOfThisArity) == [1])
      #expect(typed.storage.log.values(of: String.self, argument: 1, matching: anyOfThisArity) == (index >= 1 ? ["2"] : []))
    }
  }
}
