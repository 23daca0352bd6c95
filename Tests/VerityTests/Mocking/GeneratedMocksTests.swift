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

  struct Label: Equatable, Sendable { var text: String }

  /// Delegates its writing to a wrapper: a conformance, not a wrapper, so the log keeps it as it is.
  struct Delegating: StructurallyEncodable, Equatable, Sendable {
    var point: Point
    func encode(to encoder: inout StructureEncoder) { recordable(point).encode(to: &encoder) }
  }

  @Test func wrappersOfSeveralTypesInOneCallEachKeepTheirValue() {
    let log = CallLog()
    log.record("place", recordable(Label(text: "a")), 7, recordable(Point(x: 1, y: 2)), recordable(Label(text: "b")))
    let pattern = CallPattern("place")
    #expect(log.values(of: Label.self, argument: 0, matching: pattern) == [Label(text: "a")])
    #expect(log.values(of: Int.self, argument: 1, matching: pattern) == [7])
    #expect(log.values(of: Point.self, argument: 2, matching: pattern) == [Point(x: 1, y: 2)])
    #expect(log.values(of: Label.self, argument: 3, matching: pattern) == [Label(text: "b")])
  }

  @Test func aWrapperPastTheSixtyFourthArgumentKeepsItsValue() {
    let log = CallLog()
    let numbers = Array(0..<70)
    // The parameter-pack form, with a wrapper at position 70 and another at position 0.
    log.record(
      "wide", recordable(Label(text: "first")),
      numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5], numbers[6], numbers[7], numbers[8], numbers[9],
      numbers[10], numbers[11], numbers[12], numbers[13], numbers[14], numbers[15], numbers[16], numbers[17], numbers[18],
      numbers[19], numbers[20], numbers[21], numbers[22], numbers[23], numbers[24], numbers[25], numbers[26], numbers[27],
      numbers[28], numbers[29], numbers[30], numbers[31], numbers[32], numbers[33], numbers[34], numbers[35], numbers[36],
      numbers[37], numbers[38], numbers[39], numbers[40], numbers[41], numbers[42], numbers[43], numbers[44], numbers[45],
      numbers[46], numbers[47], numbers[48], numbers[49], numbers[50], numbers[51], numbers[52], numbers[53], numbers[54],
      numbers[55], numbers[56], numbers[57], numbers[58], numbers[59], numbers[60], numbers[61], numbers[62], numbers[63],
      numbers[64], numbers[65], numbers[66], numbers[67], numbers[68], recordable(Point(x: 1, y: 2)))
    let pattern = CallPattern("wide")
    #expect(log.values(of: Label.self, argument: 0, matching: pattern) == [Label(text: "first")])
    #expect(log.values(of: Int.self, argument: 64, matching: pattern) == [63])
    #expect(log.values(of: Point.self, argument: 70, matching: pattern) == [Point(x: 1, y: 2)])
  }

  /// The log asks a wrapper for its kept value through the wrapper type noted last while the call
  /// was written when that is the argument's own type, and by a cast otherwise: the same values
  /// either way, whichever type was noted last, in this call or an earlier one.
  @Test func keptValuesDoNotDependOnWhichWrapperTypeWasNotedLast() {
    let log = CallLog()
    // The same wrapper type twice; then a conformance writing through a wrapper of that type after
    // a wrapper of it, and before one (a type noted but not a wrapper argument).
    log.record("pair", recordable(Point(x: 1, y: 2)), recordable(Point(x: 3, y: 4)))
    log.record("after", recordable(Point(x: 5, y: 6)), Delegating(point: Point(x: 7, y: 8)))
    log.record("before", Delegating(point: Point(x: 9, y: 10)), recordable(Point(x: 11, y: 12)))
    // A call whose last wrapper is of another type than the first's, after calls that noted the first's.
    log.record("mixed", recordable(Point(x: 13, y: 14)), recordable(Label(text: "c")))
    #expect(log.values(of: Point.self, argument: 0, matching: CallPattern("pair")) == [Point(x: 1, y: 2)])
    #expect(log.values(of: Point.self, argument: 1, matching: CallPattern("pair")) == [Point(x: 3, y: 4)])
    #expect(log.values(of: Point.self, argument: 0, matching: CallPattern("after")) == [Point(x: 5, y: 6)])
    #expect(
      log.values(of: Delegating.self, argument: 1, matching: CallPattern("after")) == [Delegating(point: Point(x: 7, y: 8))])
    #expect(
      log.values(of: Delegating.self, argument: 0, matching: CallPattern("before")) == [Delegating(point: Point(x: 9, y: 10))])
    #expect(log.values(of: Point.self, argument: 1, matching: CallPattern("before")) == [Point(x: 11, y: 12)])
    #expect(log.values(of: Point.self, argument: 0, matching: CallPattern("mixed")) == [Point(x: 13, y: 14)])
    #expect(log.values(of: Label.self, argument: 1, matching: CallPattern("mixed")) == [Label(text: "c")])
  }

  @Test func aConformanceThatWritesThroughAWrapperIsKeptAsItself() {
    let log = CallLog()
    log.record("move", Delegating(point: Point(x: 1, y: 2)))
    let pattern = CallPattern("move")
    #expect(log.values(of: Delegating.self, argument: 0, matching: pattern) == [Delegating(point: Point(x: 1, y: 2))])
    #expect(log.call(at: 0)?.arguments == [Structure(encoding: Point(x: 1, y: 2))])
  }
}
