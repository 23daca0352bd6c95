import Testing
import VerityMacros

// Members whose type is an existential with primary associated types (issue 55): a spy looks a
// stub up as an optional of the member's type, written `(any Labelled<String>)?`.

protocol Labelled<Label>: Sendable {
  associatedtype Label: Sendable
  var label: Label { get }
}

struct Tag<Label: Sendable>: Labelled {
  var label: Label
}

@Mock
protocol ExistentialResults {
  var prop: any Labelled<String> { get }
  func f() -> any Labelled<Double>
  func getInts() -> any Collection<Int>
}

final class RealExistentialResults: ExistentialResults, Sendable {
  var prop: any Labelled<String> { Tag(label: "real") }
  func f() -> any Labelled<Double> { Tag(label: 1.5) }
  func getInts() -> any Collection<Int> { [1, 2, 3] }
}

@Suite struct MockExistentialResultShapeTests {
  @Test func stubbedAndVerified() {
    let mock = ExistentialResultsMock()
    when(mock.$prop()).thenReturn(Tag(label: "stubbed"))
    when(mock.$f()).thenReturn(Tag(label: 2.5))
    when(mock.$getInts()).thenAnswer { _ in [4, 5] }
    #expect(mock.prop.label == "stubbed")
    #expect(mock.f().label == 2.5)
    #expect(Array(mock.getInts()) == [4, 5])
    verify(mock.$prop())
    verify(mock.$f())
    verify(mock.$getInts())
    mock.verifyNoMoreInteractions()
  }

  @Test func spied() {
    let spy = ExistentialResultsMock(spying: RealExistentialResults())
    #expect(spy.prop.label == "real")
    #expect(spy.f().label == 1.5)
    #expect(Array(spy.getInts()) == [1, 2, 3])
    when(spy.$f()).thenReturn(Tag(label: 9))
    #expect(spy.f().label == 9)
    verify(spy.$prop())
    verify(spy.$f(), .times(2))
    verify(spy.$getInts())
  }
}
