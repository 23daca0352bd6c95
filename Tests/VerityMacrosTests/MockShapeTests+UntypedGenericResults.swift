import Testing
import VerityMacros

// A generic result's member verified without its type (issue 55): `$value(forKey: any())` is a
// handle of the calls of every result type, for `verify`, `clearInvocations` and `InOrder`, for
// `-> V`, `-> V?` and `-> [V]`. `returning:` narrows stubs only: a call's result type is not
// recorded, so verification and clearing with it count the calls of every result type too.

enum KeyedStoreError: Error, Equatable {
  case locked
}

@Mock
protocol KeyedStore {
  func value<V>(forKey key: String) -> V
  func optional<V>(forKey key: String) -> V?
  func list<V>(forKey key: String) -> [V]
  func decode<V>(_ text: String) throws -> V
  func convert<T, V: Sendable>(_ input: T) -> V where T: Hashable
}

@Suite struct MockUntypedGenericResultTests {
  /// Calls of three result types to each of `value`, `optional` and `list`.
  func storeCalledWithSeveralTypes() -> KeyedStoreMock {
    let store = KeyedStoreMock()
    let _: Int = store.value(forKey: "a")
    let _: String = store.value(forKey: "b")
    let _: [Double] = store.value(forKey: "a")
    let _: Int? = store.optional(forKey: "a")
    let _: String? = store.optional(forKey: "b")
    let _: Bool? = store.optional(forKey: "a")
    let _: [Int] = store.list(forKey: "a")
    let _: [String] = store.list(forKey: "b")
    let _: [[Int]] = store.list(forKey: "a")
    return store
  }

  @Test func theHandleWithoutReturningCountsTheCallsOfEveryResultType() {
    let store = storeCalledWithSeveralTypes()
    verify(store.$value(forKey: any()), .times(3))
    verify(store.$value(forKey: eq("a")), .times(2))
    verify(store.$value(forKey: "b"))
    verify(store.$optional(forKey: any()), .times(3))
    verify(store.$optional(forKey: eq("a")), .times(2))
    verify(store.$optional(forKey: "b"))
    verify(store.$list(forKey: any()), .times(3))
    verify(store.$list(forKey: eq("a")), .times(2))
    verify(store.$list(forKey: "b"))
    verify(store.$list(forKey: "c"), .never)
    store.verifyNoMoreInteractions()
  }

  @Test func returningNarrowsStubsOnlyVerificationCountsEveryResultType() {
    let store = storeCalledWithSeveralTypes()
    verify(store.$value(forKey: any(), returning: Int.self), .times(3))
    verify(store.$value(forKey: eq("b"), returning: Int.self), .times(1))
    verify(store.$optional(forKey: any(), returning: Int?.self), .times(3))
    verify(store.$list(forKey: any(), returning: [Int].self), .times(3))
    verify(store.$list(forKey: "b", returning: [Int].self), .times(1))
  }

  @Test func aFailedVerificationNamesTheCall() async {
    let store = KeyedStoreMock()
    let _: Int = store.value(forKey: "a")
    let _: [String] = store.list(forKey: "b")
    let issues = await recordedIssues {
      verify(store.$value(forKey: eq("b")))
      verify(store.$list(forKey: any()), .times(2))
    }
    #expect(
      issues.map(\.message) == [
        """
        verify failed - expected 1 call to value(forKey: eq("b")), got 0
        1 call to value(forKey:) had other arguments:
          #1 value(forKey: "a")
             argument 1: expected eq("b"), got "a"
        """,
        "verify failed - expected 2 calls to list(forKey: any()), got 1",
      ])
  }

  @Test func clearingForgetsTheCallsOfEveryResultTypeWithOrWithoutReturning() {
    let store = storeCalledWithSeveralTypes()
    clearInvocations(store.$value(forKey: eq("a")))
    verify(store.$value(forKey: any()), .times(1))
    verify(store.$value(forKey: "b"))
    // With `returning:` too: the `Int` handle forgets the `String` call.
    clearInvocations(store.$value(forKey: any(), returning: Int.self))
    verify(store.$value(forKey: any()), .never)
    clearInvocations(store.$optional(forKey: any(), returning: Int?.self))
    verify(store.$optional(forKey: any()), .never)
    clearInvocations(store.$list(forKey: "a"))
    verify(store.$list(forKey: any()), .times(1))
    clearInvocations(store.$list(forKey: any(), returning: [Int].self))
    store.verifyNoInteractions()
  }

  @Test func inOrderSeesTheCallsOfEveryResultType() async {
    let store = KeyedStoreMock()
    let _: Int = store.value(forKey: "first")
    let _: String? = store.optional(forKey: "second")
    let _: [Bool] = store.list(forKey: "third")
    let _: String = store.value(forKey: "fourth")
    let inOrder = InOrder()
    inOrder.verify(store.$value(forKey: "first"))
    inOrder.verify(store.$optional(forKey: any()))
    inOrder.verify(store.$list(forKey: any()))
    inOrder.verify(store.$value(forKey: any()))
    store.verifyNoMoreInteractions()
    let issues = await recordedIssues {
      let late = InOrder()
      late.verify(store.$value(forKey: "fourth"))
      late.verify(store.$list(forKey: any()))
    }
    #expect(
      issues.map(\.message) == [
        """
        verifyCall in order failed - expected 1 call to list(forKey: any()) after value(forKey: "fourth"), got 0
        1 call to list(forKey:) matched earlier, out of order
        """
      ])
  }

  @Test func callsOnTheirWayAreAwaited() async {
    let store = KeyedStoreMock()
    Task { let _: [String] = store.list(forKey: "later") }
    await verify(store.$list(forKey: any()), within: .seconds(10))
  }

  @Test func aCaptorTakesTheKeysOfEveryResultType() {
    let store = storeCalledWithSeveralTypes()
    let keys = ArgumentCaptor<String>()
    verify(store.$optional(forKey: keys.capture()), .times(3))
    #expect(keys.allValues == ["a", "b", "a"])
  }

  @Test func stubbingStillTakesTheResultTypeFromTheStub() throws {
    let store = KeyedStoreMock()
    // `thenReturn(7)` makes the handle a `MockCall<String, Int>`: the generic handle, whose stub
    // answers every type (a value of another type is reported), as before.
    when(store.$value(forKey: any())).thenReturn(7)
    when(store.$optional(forKey: any())).thenReturn("x")
    when(store.$list(forKey: any())).thenReturn([1, 2])
    let number: Int = store.value(forKey: "n")
    let text: String? = store.optional(forKey: "t")
    let numbers: [Int] = store.list(forKey: "l")
    #expect(number == 7 && text == "x" && numbers == [1, 2])
    // No result type to infer: the handle without one, whose stub throws for every result type.
    when(store.$decode(any())).thenThrow(KeyedStoreError.locked)
    #expect(throws: KeyedStoreError.locked) { try store.decode("1") as Int }
    #expect(throws: KeyedStoreError.locked) { try store.decode("a") as String }
    verify(store.$decode(any()), .times(2))
  }

  @Test func aGenericArgumentStaysGenericBesideTheErasedResult() {
    let store = KeyedStoreMock()
    let _: Int = store.convert(5)
    let _: String = store.convert(5)
    let _: Int = store.convert("5")
    verify(store.$convert(any(Int.self)), .times(2))
    verify(store.$convert(5), .times(2))
    verify(store.$convert("5"))
    verify(store.$convert(any(Int.self), returning: String.self), .times(2))
  }
}
