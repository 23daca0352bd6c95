import Foundation
import Synchronization
import Testing
import VerityMacros

// Signatures of issue 47 that did not compile: generic subscripts, `sending` results, optional
// closure parameters.

/// A key whose value type is its generic argument, as typed settings and key-value stores have.
struct SettingKey<Value>: Hashable, Sendable {
  var name: String
}

@Mock
protocol SettingsStore {
  subscript<Value>(key: SettingKey<Value>) -> Value? { get }
}

/// Apart from `SettingsStore`: beside its subscript, `$subscript(any(SettingKey<String>.self))`
/// would also name this one's getter (its `default:` matcher defaults to `any()`), and
/// `thenReturn("dark")` picks it, where no optional is needed.
@Mock
protocol DefaultsStore {
  subscript<Value>(key: SettingKey<Value>, default fallback: Value) -> Value where Value: Sendable { get set }
}

/// Not `Sendable`: a factory hands each draft over with `sending`.
final class Draft {
  var text: String
  init(text: String) { self.text = text }
}

@Mock
protocol DraftFactory {
  func makeDraft(title: String) -> sending Draft
  func restore(id: Int) async throws -> sending Draft?
  func archive(_ draft: sending Draft) -> Bool
}

@Mock
protocol PhotoUploader {
  func upload(_ data: Data, completion: ((Bool) -> Void)?)
  func cancel(id: Int, then handler: Optional<@Sendable (Int) -> Void>)
  func retry(_ count: Int, onFinish: (@Sendable (Result<Int, any Error>) -> Void)?) -> Bool
}

@Suite struct MockSignatureShapeTests {
  @Test func genericSubscriptsStubAndVerifyPerValueType() async {
    let store = SettingsStoreMock()
    let retries = SettingKey<Int>(name: "retries")
    let theme = SettingKey<String>(name: "theme")
    when(store.$subscript(retries)).thenReturn(3)
    when(store.$subscript(any(SettingKey<String>.self))).thenReturn("dark")

    #expect(store[retries] == 3)
    #expect(store[theme] == "dark")
    #expect(store[SettingKey<Int>(name: "timeout")] == nil)

    verify(store.$subscript(retries))
    verify(store.$subscript(any(SettingKey<String>.self)))
    verify(store.$subscript(any(SettingKey<Int>.self)), .times(2))
    verify(store.$subscript(SettingKey<Bool>(name: "retries")), .never)
  }

  @Test func genericSubscriptsWithAWhereClauseAndASetter() async {
    let defaults = DefaultsStoreMock()
    let retries = SettingKey<Int>(name: "retries")
    let theme = SettingKey<String>(name: "theme")
    when(defaults.$subscript(eq(retries), default: any())).thenAnswer { _, fallback in fallback + 1 }

    #expect(defaults[retries, default: 5] == 6)
    #expect(defaults[theme, default: "light"] == "")
    defaults[theme, default: "light"] = "sepia"

    verify(defaults.$subscript(retries, default: 5))
    verify(defaults.$subscript(any(SettingKey<String>.self), default: any()))
    verify(defaults.$subscript(theme, default: "light", set: "sepia"))
    verify(defaults.$subscript(any(SettingKey<String>.self), default: any(), set: eq("dark")), .never)
    let messages = await issueMessages { verify(defaults.$subscript(theme, default: "dark", set: "sepia")) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to subscript(SettingKey<String>(name: "theme"), default: "dark") = "sepia", got 0
        1 call to set subscript(_:default:) had other arguments:
          #3 subscript(SettingKey<String>(name: "theme"), default: "light") = "sepia"
             argument 2: expected "dark", got "light"
        """
      ])
  }

  @Test func sendingResultsAndParameters() async throws {
    let factory = DraftFactoryMock()
    when(factory.$makeDraft(title: any())).thenAnswer { title in Draft(text: title) }
    when(factory.$restore(id: 7)).thenAnswer { id in Draft(text: "draft \(id)") }
    when(factory.$archive(any())).thenAnswer { draft in draft.text.isEmpty == false }

    let draft = factory.makeDraft(title: "Notes")
    #expect(draft.text == "Notes")
    #expect(try await factory.restore(id: 7)?.text == "draft 7")
    #expect(try await factory.restore(id: 8) == nil)
    let archivedOne = factory.archive(Draft(text: "kept"))   // `#expect` would pass the draft on
    #expect(archivedOne)

    verify(factory.$makeDraft(title: "Notes"))
    verify(factory.$restore(id: any()), .times(2))
    let archived = ArgumentCaptor<Draft>()
    verify(factory.$archive(archived.capture()))
    #expect(archived.lastValue?.text == "kept")
  }

  @Test func optionalClosureParametersTakeMatchers() async {
    let uploader = PhotoUploaderMock()
    var finished: [Bool] = []
    uploader.upload(Data([1])) { finished.append($0) }
    uploader.upload(Data([2]), completion: nil)
    uploader.cancel(id: 4, then: nil)
    when(uploader.$retry(any(), onFinish: isNotNil())).thenReturn(true)
    #expect(uploader.retry(2) { _ in })
    #expect(!uploader.retry(3, onFinish: nil))

    verify(uploader.$upload(Data([1])))
    verify(uploader.$upload(Data([2]), completion: isNil()))
    verify(uploader.$upload(Data([1]), completion: isNotNil()))
    verify(uploader.$upload(any(), completion: any()), .times(2))
    verify(uploader.$upload(any(), completion: isNil()), .once)
    verify(uploader.$cancel(id: 4, then: isNil()))
    verify(uploader.$cancel(id: 4))
    verify(uploader.$retry(3, onFinish: isNil()))

    let completion = ArgumentCaptor<((Bool) -> Void)?>()
    verify(uploader.$upload(Data([1]), completion: completion.capture()))
    completion.lastValue??(true)
    #expect(finished == [true])

    let messages = await issueMessages { verify(uploader.$upload(Data([3]))) }
    #expect(
      messages == [
        """
        verify failed - expected 1 call to upload(Data(1 bytes), completion: any()), got 0
        2 calls to upload(_:completion:) had other arguments:
          #1 upload(Data(1 bytes), completion: <function (Bool) -> ()>)
             argument 1: expected Data(1 bytes), got Data(1 bytes)
          #2 upload(Data(1 bytes), completion: nil)
             argument 1: expected Data(1 bytes), got Data(1 bytes)
        """
      ])
  }
}

