import Foundation
import Testing

@testable import Verity

/// Issue "right answers, round 3", case 4: Verity has one nil. `nil` at any optional depth
/// (`Int??.some(nil)` as well as `.none`) and `NSNull` are the same nil on every path.
@Suite struct OneNilTests {
  static let someNil: Int?? = .some(nil)

  @Test func nilAtAnyOptionalDepthIsOneNilOnEveryPath() {
    let value = Self.someNil
    let fake = FakeTaker()
    fake.take(value as Any?)
    let log = fake.storage.log
    let typedIsNil: Matcher<Int??> = isNil()
    let typedIsNotNil: Matcher<Int??> = isNotNil()
    for (path, argument, matches) in [
      ("the value itself", value as Any?, true), ("eq(value)", eq(value), true), ("eq(.none)", eq(Int??.none), true),
      ("plain nil", nil, true), ("isNil()", isNil(), true), ("typed isNil()", typedIsNil, true),
      ("isNotNil()", isNotNil(), false), ("typed isNotNil()", typedIsNotNil, false), ("eq(1)", eq(Int??.some(1)), false),
    ] as [(String, Any?, Bool)] {
      let call = ExpectedCall(identifier: "take", arguments: [argument])
      #expect((log.count(matching: call.pattern) == 1) == matches, "\(path) in verifyCall")
      #expect(call.matches(values: [value as Any?], log: CallLog()) == matches, "\(path) in a stub")
      #expect((log.firstMatch(matching: call.pattern, afterSequence: 0) != nil) == matches, "\(path) in order")
    }
    let none: Int?? = .none
    #expect(eq(value).matches(none).isMatch)
    #expect(eq(none).matches(value).isMatch)
    #expect(eq(value).matches(any: value as Any?).isMatch)
    #expect(typedIsNil.matches(value).isMatch)
    #expect(isNil().matches(value).isMatch)
    #expect(Structure(value) == Structure(encoding: value as Any))
    #expect(Structure(value) == Structure(none))
    Assert(that: value).isNil()
    Assert(that: value).matches(isNil())
  }

  /// Messages say why an optional holding nil counts as nil, and never read "nil is not nil".
  @Test func nilMessagesExplainNestedOptionals() {
    let typedIsNotNil: Matcher<Int??> = isNotNil()
    #expect(typedIsNotNil.matches(Self.someNil) == .mismatch("value is Optional(nil), an optional holding nil, which counts as nil"))
    let none: Int?? = .none
    #expect(typedIsNotNil.matches(none) == .mismatch("value is nil"))
    let issues = reportedIssues {
      Assert(that: Self.someNil).isNotNil()
      Assert(that: Self.someNil).isEqualTo(none)
    }
    #expect(issues.map(\.message) == [
      "isNotNil failed - value is Optional(nil), an optional holding nil, which counts as nil",
      "isEqualTo failed - Optional(nil) is not equal to nil",
    ])
  }
}
