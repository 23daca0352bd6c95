import Foundation
import Synchronization
import Testing

@testable import Verity
@testable import VerityCore

/// A generated mock's handle (`MockCall(storage:identifier:matchers:)`) keeps its matchers
/// uncompiled: a passing verification of a small log asks them about the recorded values
/// directly, and a stub asks them about a call being made now. Both must give every answer the
/// compiled pattern gives, which is what a list handle (`arguments:`) and `verifyCall` use.
@Suite("Handles answered without compiling")
struct QuickVerificationTests {
  struct Track: Equatable, Sendable {
    var title: String
    var seconds: Int
  }

  final class Box: Equatable, @unchecked Sendable {
    var value: Int
    init(_ value: Int) { self.value = value }
    static func == (a: Box, b: Box) -> Bool { a.value == b.value }
  }

  /// A conformance whose structure does not decide `==` (as `@Matchable` writes): `==` looks at
  /// the `id` alone.
  struct Tagged: Equatable, Sendable, StructurallyEncodable {
    var id: Int
    var note: String
    static func == (a: Tagged, b: Tagged) -> Bool { a.id == b.id }
    static var structureDecidesEquality: Bool { false }
    func encode(to encoder: inout StructureEncoder) {
      encoder.encodeStruct(StructureEncoder.typeName(of: Self.self)) { fields in
        fields.field("id", id)
        fields.field("note", note)
      }
    }
  }

  /// Records as `@Mock`'s members do (`recordable`, for argument types with no conformance).
  final class Player: Mock, Sendable {
    let storage = MockStorage()

    func play(_ track: Track, volume: Int, shuffle: Bool) {
      storage.log.record("play(_:volume:shuffle:)", recordable(track), recordable(volume), recordable(shuffle))
    }

    func playCall(
      _ track: Matcher<Track>, volume: Matcher<Int>, shuffle: Matcher<Bool>
    ) -> MockCall<(Track, Int, Bool), Void> {
      MockCall(storage: storage, identifier: "play(_:volume:shuffle:)", matchers: track, volume, shuffle)
    }

    func listPlayCall(
      _ track: Matcher<Track>, volume: Matcher<Int>, shuffle: Matcher<Bool>
    ) -> MockCall<(Track, Int, Bool), Void> {
      MockCall(storage: storage, identifier: "play(_:volume:shuffle:)", arguments: [track, volume, shuffle])
    }

    func hold(_ box: Box) {
      storage.log.record("hold(_:)", recordable(box))
    }

    func holdCall(_ box: Matcher<Box>) -> MockCall<Box, Void> {
      MockCall(storage: storage, identifier: "hold(_:)", matchers: box)
    }

    func rate(_ stars: Int?) -> String {
      storage.log.record("rate(_:)", recordable(stars))
      return stubbedValue(forIdentifier: "rate(_:)", arguments: [stars], default: "none")
    }

    func rateCall(_ stars: Matcher<Int?>) -> MockCall<Int?, String> {
      MockCall(storage: storage, identifier: "rate(_:)", matchers: stars)
    }

    func listRateCall(_ stars: Matcher<Int?>) -> MockCall<Int?, String> {
      MockCall(storage: storage, identifier: "rate(_:)", arguments: [stars])
    }

    func tag(_ tagged: Tagged) {
      storage.log.record("tag(_:)", recordable(tagged))
    }

    func tagCall(_ tagged: Matcher<Tagged>) -> MockCall<Tagged, Void> {
      MockCall(storage: storage, identifier: "tag(_:)", matchers: tagged)
    }

    func stop() {
      recordCall(withIdentifier: "stop()")
    }

    func stopCall() -> MockCall<(), Void> {
      MockCall(storage: storage, identifier: "stop()", typedArguments: [])
    }
  }

  static let blue = Track(title: "Blue Train", seconds: 643)
  static let moment = Track(title: "Moment's Notice", seconds: 550)

  /// Every combination of matchers the handle answers directly (and some it leaves to the
  /// engine), over the same calls: the handle counts what the list handle counts.
  @Test func countsAgreeWithTheCompiledPattern() {
    let long = Matcher<Track>("long()") { $0.seconds > 600 ? .match : .mismatch("short") }
    let tracks: [Matcher<Track>] = [any(), eq(Self.blue), eq(Self.moment), !eq(Self.blue), long]
    let volumes: [Matcher<Int>] = [any(), eq(3), eq(7), greaterThan(4)]
    let shuffles: [Matcher<Bool>] = [any(), eq(true), eq(false)]
    let player = Player()
    player.play(Self.blue, volume: 3, shuffle: true)
    player.play(Self.moment, volume: 7, shuffle: false)
    player.play(Self.blue, volume: 7, shuffle: false)
    player.stop()
    player.play(Track(title: "Blue Train", seconds: 644), volume: 3, shuffle: true)
    for track in tracks {
      for volume in volumes {
        for shuffle in shuffles {
          let quick = player.playCall(track, volume: volume, shuffle: shuffle)
          let listed = player.listPlayCall(track, volume: volume, shuffle: shuffle)
          #expect(quick.description == listed.description)
          let count = Self.count(listed)
          #expect(count >= 0)
          #expect(Self.count(quick) == count, "\(quick.description)")
        }
      }
    }
    #expect(Self.count(player.stopCall()) == 1)
  }

  /// A passing verification marks exactly its calls verified; a failing one (answered by the
  /// compiled pattern, with its message) marks none.
  @Test func aPassingCheckMarksItsCallsAndAFailingOneNone() {
    let player = Player()
    player.play(Self.blue, volume: 3, shuffle: true)
    player.play(Self.moment, volume: 7, shuffle: false)
    player.stop()
    let issues = reportedIssues {
      verify(player.playCall(eq(Self.blue), volume: any(), shuffle: any()), .times(2))
    }
    #expect(issues.map(\.message) == [
      """
      verify failed - expected 2 calls to play(eq(Track(title: "Blue Train", seconds: 643)), volume: any(), shuffle: any()), got 1
      1 call to play(_:volume:shuffle:) had other arguments:
        #2 play(Track(title: "Moment's Notice", seconds: 550), volume: 7, shuffle: false)
           argument 1: expected eq(Track(title: "Blue Train", seconds: 643)), got Track(title: "Moment's Notice", seconds: 550)
      """
    ])
    #expect(player.storage.log.unverifiedCount() == 3)
    verify(player.playCall(eq(Self.blue), volume: any(), shuffle: any()))
    #expect(player.storage.log.unverifiedCount() == 2)
    verify(player.playCall(any(), volume: eq(7), shuffle: eq(false)), .atLeastOnce)
    verify(player.stopCall())
    player.verifyNoMoreInteractions()
  }

  /// Past the small-log limit the compiled pattern answers: the same counts either side of it.
  @Test func aBigLogGivesTheSameAnswers() {
    for calls in [CallLog._quickCallLimit, CallLog._quickCallLimit + 1] {
      let player = Player()
      for index in 0..<calls {
        player.play(index.isMultiple(of: 2) ? Self.blue : Self.moment, volume: index % 5, shuffle: index.isMultiple(of: 3))
      }
      let evens = (calls + 1) / 2
      verify(player.playCall(eq(Self.blue), volume: any(), shuffle: any()), .times(evens))
      verify(player.listPlayCall(eq(Self.blue), volume: any(), shuffle: any()), .times(evens))
      let fours = (0..<calls).filter { $0 % 5 == 4 }.count
      verify(player.playCall(any(), volume: eq(4), shuffle: any()), .times(fours))
      verify(player.playCall(eq(Self.moment), volume: any(), shuffle: any()), .times(calls - evens))
      player.verifyNoMoreInteractions()
    }
  }

  /// An `eq` of a class whose bytes may decide `==` is left to the compiled pattern, which
  /// compares the call-time snapshot: the handle answers as the list does after the instance
  /// changed.
  @Test func anInstanceChangedSinceTheCallIsAnsweredAsTheListAnswers() {
    let player = Player()
    let box = Box(1)
    player.hold(box)
    box.value = 2
    let quick = Self.count(player.holdCall(eq(Box(2))))
    let listed = Self.count(MockCall<Box, Void>(storage: player.storage, identifier: "hold(_:)", arguments: [eq(Box(2))]))
    #expect(quick == listed)
    #expect(quick >= 0)
  }

  /// An `eq` of a conformance whose structure does not decide `==` runs `==`, as the compiled
  /// pattern does: both count the calls `==` accepts.
  @Test func aConformanceWhoseStructureDoesNotDecideCountsByEquality() {
    let player = Player()
    player.tag(Tagged(id: 1, note: "a"))
    player.tag(Tagged(id: 1, note: "b"))
    player.tag(Tagged(id: 2, note: "a"))
    let wanted = Tagged(id: 1, note: "z")
    let listed = Self.count(MockCall<Tagged, Void>(storage: player.storage, identifier: "tag(_:)", arguments: [eq(wanted)]))
    #expect(listed == 2)
    #expect(Self.count(player.tagCall(eq(wanted))) == listed)
    verify(player.tagCall(eq(wanted)), .times(2))
    verify(player.tagCall(!eq(wanted)))
    player.verifyNoMoreInteractions()
  }

  /// A stub made through the handle answers the calls a list handle's stub answers, optional
  /// arguments and `nil` included.
  @Test func stubsAnswerAsTheListStubs() {
    let odd = Matcher<Int?>("odd()") { ($0 ?? 0) % 2 == 1 ? .match : .mismatch("even") }
    let matchers: [Matcher<Int?>] = [any(), eq(3), eq(nil), isNil(), isNotNil(), odd]
    let values: [Int?] = [nil, 3, 4, 5]
    for matcher in matchers {
      var answers: [[String]] = []
      for quick in [true, false] {
        let player = Player()
        when(quick ? player.rateCall(matcher) : player.listRateCall(matcher)).thenReturn("stubbed")
        answers.append(values.map { player.rate($0) })
      }
      #expect(answers[0] == answers[1], "\(matcher.description)")
      verify(Player().rateCall(matcher), .never)
    }
  }

  /// A hand-written mock recording through `[Any?]`, whose values may have any type.
  final class Taker: Mock, Sendable {
    let storage = MockStorage()

    func take(_ value: Any?, _ flag: Bool) {
      recordCall(withIdentifier: "take", arguments: [value, flag])
    }

    /// The compiled path alone: a list handle never answers without compiling.
    func compiledCount(_ value: Any?, _ flag: Any?) -> Int {
      QuickVerificationTests.count(MockCall<(Any?, Bool), Void>(storage: storage, identifier: "take", arguments: [value, flag]))
    }

    /// `verifyCall`'s count: the `n` for which `.times(n)` reports nothing.
    func verifyCallCount(_ value: Any?, _ flag: Any?) -> Int {
      for n in 0...16 {
        let failed = TypedArgumentsTests.Flag()
        withKnownIssue(isIntermittent: true) {
          verifyCall(withIdentifier: "take", arguments: [value, flag], mode: .times(n))
        } matching: { _ in
          failed.value.store(true, ordering: .relaxed)
          return true
        }
        if !failed.value.load(ordering: .relaxed) { return n }
      }
      return -1
    }
  }

  /// `verifyCall` with a list of matchers answers directly when that gives the compiled answer:
  /// values of other types than an `eq`'s (an `Int8` or a `Double` 7 against `eq(7)`, equal by
  /// bytes) are left to the compiled pattern. The calls include nil and `NSNull`, composed and
  /// decomposed "é", and one instance recorded twice. Each check runs twice: the first compiles and learns
  /// the matchers' types, the second answers directly.
  @Test func listsAgreeWithTheCompiledPattern() {
    let taker = Taker()
    taker.take(7, true)
    taker.take(Int8(7), false)
    taker.take(7.0, true)
    taker.take("7", true)
    taker.take(nil, false)
    taker.take(Self.blue, true)
    // The edges: a nil-like, composed and decomposed non-ASCII text, one instance passed twice.
    taker.take(NSNull(), true)
    taker.take("caf\u{E9}", false)
    taker.take("cafe\u{301}", true)
    let shared = Box(3)
    taker.take(shared, true)
    taker.take(shared, false)
    let values: [Any?] = [
      eq(7), eq(Int8(7)), eq(7.0), eq("7"), any(), any(Int.self), any(String.self), isNil() as Matcher<Int?>,
      eq(Self.blue), Matcher<Int>("odd()") { $0 % 2 == 1 ? .match : .mismatch("even") }, 7, nil,
      eq("caf\u{E9}"), Matcher<String>("accented()") { $0.unicodeScalars.count == 5 ? .match : .mismatch("no") },
      eq(Box(3)), Matcher<Box>("three()") { $0.value == 3 ? .match : .mismatch("no") }, NSNull(),
    ]
    let flags: [Any?] = [any(), eq(true), eq(false), true]
    for value in values {
      for flag in flags {
        let compiled = taker.compiledCount(value, flag)
        #expect(compiled >= 0)
        #expect(taker.verifyCallCount(value, flag) == compiled, "\(String(describing: value)), \(String(describing: flag))")
        #expect(taker.verifyCallCount(value, flag) == compiled, "\(String(describing: value)), \(String(describing: flag))")
      }
    }
    // Each passing check marked its calls: every call was matched by one of them.
    taker.verifyNoMoreInteractions()
  }

  /// A matcher that verifies the mock it is asked about is refused with the usual message, and the
  /// outer verification goes on.
  @Test func aMatcherThatVerifiesTheSameMockIsRefused() {
    let player = Player()
    player.play(Self.blue, volume: 3, shuffle: true)
    let nested = Matcher<Int>("nested()") { _ in
      verify(player.stopCall(), .never)
      return .match
    }
    withKnownIssue {
      verify(player.playCall(any(), volume: nested, shuffle: any()))
    } matching: { issue in
      issue.description.contains(
        "verify failed - the mock is in use by a check on this thread (a matcher, == or description running "
          + "inside a verification of the same mock); verify outside matchers")
    }
    player.verifyNoMoreInteractions()
  }

  /// The number of calls `call` matches: the `n` for which `verify(call, .times(n))` reports
  /// nothing.
  static func count<A, V>(_ call: MockCall<A, V>) -> Int {
    for n in 0...16 {
      let failed = TypedArgumentsTests.Flag()
      withKnownIssue(isIntermittent: true) {
        verify(call, .times(n))
      } matching: { _ in
        failed.value.store(true, ordering: .relaxed)
        return true
      }
      if !failed.value.load(ordering: .relaxed) { return n }
    }
    return -1
  }
}
