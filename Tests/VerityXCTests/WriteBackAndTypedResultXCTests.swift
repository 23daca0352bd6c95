import Verity
import XCTest

// Answers that write back and generic results by type (issue 49), reported through XCTest: each
// failure once, at the line of the stub that caused it.

struct XCTestProfile: Equatable, Sendable {
  var age: Int
}

struct XCTestRefusal: Error, CustomStringConvertible {
  var description: String { "refused" }
}

final class XCTestFakeProfileEditor: Mock, Sendable {
  let storage = MockStorage()

  func modify(profile: inout XCTestProfile) {
    storage.log.record("modify(profile:)", recordable(profile))
    return storage.answer(
      "modify(profile:)", arguments: profile, values: [profile],
      writingBack: { (answer: @Sendable (inout XCTestProfile) throws -> Void) in try answer(&profile) })
  }

  func modifyCall(profile: Matcher<XCTestProfile> = any())
    -> MockCall<InoutArguments<@Sendable (inout XCTestProfile) throws -> Void>, Void>
  {
    MockCall(storage: storage, identifier: "modify(profile:)", arguments: [profile])
  }

  func value<V>(forKey key: String) -> V {
    storage.log.record("value(forKey:)", recordable(key))
    return storage.answer("value(forKey:)", arguments: key, values: [key])
  }

  func valueCall<V>(forKey key: Matcher<String> = any()) -> MockCall<String, V> {
    MockCall(storage: storage, identifier: "value(forKey:)", arguments: [key])
  }

  func valueCall<V>(forKey key: Matcher<String> = any(), returning type: V.Type) -> MockCall<String, V> {
    valueCall(forKey: key).returning(type)
  }
}

final class WriteBackAndTypedResultXCTests: FailureCapturingTestCase {
  func testAnAnswerWritesBackAndVerificationSeesTheValuePassed() {
    let editor = XCTestFakeProfileEditor()
    when(editor.modifyCall()).thenAnswer { profile in profile.age = 100 }
    var profile = XCTestProfile(age: 30)
    let failures = capturingFailures {
      editor.modify(profile: &profile)
      verify(editor.modifyCall(profile: eq(XCTestProfile(age: 30))))
    }
    XCTAssertEqual(failures, [])
    XCTAssertEqual(profile.age, 100)
  }

  func testAnAnswerThatThrowsIsReportedOnceAtItsStub() {
    let editor = XCTestFakeProfileEditor()
    let line = #line + 1
    when(editor.modifyCall()).thenAnswer { _ in throw XCTestRefusal() }
    var profile = XCTestProfile(age: 30)
    let failures = capturingFailures { editor.modify(profile: &profile) }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(
      failures.map { _message($0.description) },
      ["modify(profile:) failed - the stub for modify(profile: any()) throws refused, but modify(profile:) cannot throw"])
    XCTAssertEqual(profile.age, 30)
  }

  func testAStubWithoutReturningOfAnotherTypeIsReportedOnceAtItsStub() {
    let editor = XCTestFakeProfileEditor()
    when(editor.valueCall(forKey: any(), returning: String.self)).thenReturn("dark")
    let line = #line + 1
    when(editor.valueCall(forKey: eq("count"))).thenReturn(3)
    var theme = ""
    var count: Int = -1
    let failures = capturingFailures {
      theme = editor.value(forKey: "theme")
      count = editor.value(forKey: "count")
      let _: String = editor.value(forKey: "count")
    }
    XCTAssertEqual(theme, "dark")
    XCTAssertEqual(count, 3)
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(
      failures.map { _message($0.description) },
      ["value(forKey:) failed - the stub for value(forKey: eq(\"count\")) returns Int, not String"])
  }
}
