import Testing

@testable import Verity
@testable import VerityCore

/// A hand-written mock whose storage takes the paths a test forces (``_MatchingPaths``).
final class PathTaker: Mock, Sendable {
  let storage: MockStorage
  init(paths: _MatchingPaths) { storage = MockStorage(paths: paths) }
  func take(_ value: Any?) { recordCall(withIdentifier: "take", arguments: [value]) }
  func pad() { recordCall(withIdentifier: "pad") }
  func answer(_ value: Any?) -> Int { stubbedValue(forIdentifier: "answer", arguments: [value], default: 0) }
}

/// Whether `argument` (a plain value or a matcher, as in an `[Any?]` list) matches a recorded
/// `value`, by each public path: `verifyCall` on a small log (quick where it can) and on a log
/// past the quick path's limit, with the compiled pattern forced, a stub, and `InOrder`. Each
/// entry is the path's name and its answer.
func answersOnEveryPath(_ argument: Any?, recorded value: Any?) -> [(path: String, answer: Bool)] {
  var answers: [(String, Bool)] = []
  for (paths, name) in [(_MatchingPaths.automatic, "quick where it can"), (.compiledOnly, "compiled")] {
    for padding in [0, CallLog._quickCallLimit + 1] {
      let taker = PathTaker(paths: paths)
      for _ in 0..<padding { taker.pad() }
      taker.take(value)
      let passes = issueMessages {
        taker.verifyCall(withIdentifier: "take", arguments: [argument])
      }.isEmpty
      answers.append(("verifyCall (\(name), \(padding == 0 ? "small log" : "large log"))", passes))
    }
    let taker = PathTaker(paths: paths)
    taker.stub(withIdentifier: "answer", arguments: [argument], returning: 1)
    answers.append(("a stub (\(name))", taker.answer(value) == 1))
    taker.take(value)
    let inOrder = InOrder()
    let ordered = issueMessages {
      inOrder.verifyCall(on: taker, withIdentifier: "take", arguments: [argument])
    }.isEmpty
    answers.append(("InOrder (\(name))", ordered))
  }
  return answers
}

/// The composed forms of `eq(expected)` that must answer as it does: `eq || eq`, `!!eq`,
/// `eq && any()`.
func composedForms<T: Equatable & Sendable>(of expected: T) -> [(name: String, matcher: Matcher<T>)] {
  [("eq || eq", eq(expected) || eq(expected)), ("!!eq", !(!eq(expected))), ("eq && any()", eq(expected) && any())]
}
