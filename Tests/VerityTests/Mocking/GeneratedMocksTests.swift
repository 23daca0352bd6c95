import Testing
import Verity

/// The run-time side of generated mocks (Sources/Verity/Mocking/GeneratedMocks.swift): what
/// `recordable(_:)` makes of an argument without a conformance.
@Suite struct RecordableArgumentTests {
  struct Point: Equatable, Sendable { var x: Int; var y: Int }

  @Test func aWrappedArgumentIsRecordedAsTheValueItStandsFor() {
    let log = CallLog()
    log.record("move", recordable(Point(x: 1, y: 2)), recordable(true))
    // The structure is the value's own (by reflection), and the log keeps the value, not the wrapper.
    #expect(log.call(at: 0)?.arguments == [Structure(encoding: Point(x: 1, y: 2)), Structure(true)])
    #expect(log.values(of: Point.self, argument: 0, matching: CallPattern("move")) == [Point(x: 1, y: 2)])
    // As the `[Any?]` form records the same call.
    log.record("move", arguments: [Point(x: 1, y: 2), true])
    #expect(log.call(at: 1)?.arguments == log.call(at: 0)?.arguments)
  }

  @Test func optionalAndAnyParametersAreOneOptionalLayer() {
    let log = CallLog()
    let none: Int? = nil
    let someNone: Any? = Optional<Int>.none as Any
    log.record("take", recordable(none), recordable(someNone), recordable(5 as Any))
    #expect(log.call(at: 0)?.arguments == [Structure(encoding: nil), Structure(encoding: nil), Structure(5)])
    #expect(log.values(of: Int.self, argument: 2, matching: CallPattern("take")) == [5])
  }

  @Test func aWrapperInsideAnotherValueIsNotAnArgument() {
    let log = CallLog()
    // Only a wrapper written as a whole argument stands for its value; inside an array it is an
    // element like any other.
    log.record("many", [recordable(Point(x: 1, y: 2)), recordable(Point(x: 3, y: 4))])
    #expect(log.call(at: 0)?.arguments.first == Structure(encoding: [Point(x: 1, y: 2), Point(x: 3, y: 4)]))
    #expect(log.values(of: Point.self, argument: 0, matching: CallPattern("many")).isEmpty)
  }
}
