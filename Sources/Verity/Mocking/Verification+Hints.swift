// What a verification failure adds when `==` refuses an argument that looks the same as the one
// recorded (`expected eq(nan), got nan`): why they still differ.

extension MockStorage {
  /// Why an expectation that `==` refuses failed where nothing shown differs (issue 47, items 8
  /// and 11), as a parenthesis to append; empty for every other mismatch.
  ///
  /// - A NaN (the expectation reads as the recorded value): `==` never finds it equal, itself
  ///   included; the hint says how to match one.
  /// - A value `==` compares (plain or `eq`) whose structure equals the recorded one: `==` compares
  ///   something the structure leaves out (a `@MatchableIgnored` field, say); the hint names the
  ///   first field, read by reflection, where the two values differ.
  func sameRenderingHint(_ wanted: ExpectedArgument, got: String, call: Int, position: Int, recorded: Structure) -> String {
    let description = wanted.description
    if description == got || description == "eq(\(got))", recorded._containsNaN {
      let how =
        got == "nan" || got == "-nan"
        ? #"match it with Matcher("isNaN", where: { $0.isNaN })"#
        : "match it with a closure matcher that checks isNaN where the NaN is"
      return " (NaN is not equal to itself under ==, so no value equals \(got); \(how))"
    }
    // `==` says no where the structures are equal. (The expected value is read only inside its
    // expectation, and inside the log's lock when beside a kept value: the order every query takes.)
    guard wanted.withEquatableValue({ Structure(encoding: $0) == recorded }) == true else { return "" }
    let found = log._withKeptValue(call: call, position: position) { value -> _SendableText? in
      guard let value, let present = _flattenOptional(value) else { return nil }
      let difference = wanted.withEquatableValue { expected in
        _reflectedDifference(expected, present, path: "").map { path, wanted, got in
          path.isEmpty
            ? " (== tells them apart by something their structures leave out: expected \(wanted), got \(got))"
            : " (== tells them apart by \(path), which their structures leave out (a @MatchableIgnored field, say): "
              + "expected \(wanted), got \(got))"
        }
      }
      return (difference ?? nil).map(_SendableText.init(text:))
    }
    return (found ?? nil)?.text
      ?? " (== tells them apart by something their structures leave out, and reflection shows no difference)"
  }
}

/// A text made inside the log's lock.
private struct _SendableText: Sendable {
  let text: String
}

/// The first place, read by reflection (`Mirror`), where `a` and `b` differ: its path (`lastSeen`,
/// `items[2].id`; empty for the values themselves) and the two values there, in Swift's debug
/// form; nil when reflection shows none.
func _reflectedDifference(_ a: Any, _ b: Any, path: String, depth: Int = 0) -> (String, String, String)? {
  guard depth < 16 else { return nil }
  let aMirror = Mirror(reflecting: a)
  let bMirror = Mirror(reflecting: b)
  let aChildren = Array(aMirror.children)
  let bChildren = Array(bMirror.children)
  if aChildren.isEmpty || bChildren.isEmpty || aChildren.count != bChildren.count
    || aMirror.displayStyle == .dictionary || aMirror.displayStyle == .set
  {
    let (aText, bText) = (String(reflecting: a), String(reflecting: b))
    return aText == bText ? nil : (path, _cut(aText), _cut(bText))
  }
  for (index, (aChild, bChild)) in zip(aChildren, bChildren).enumerated() {
    let step: String
    switch (aChild.label, aMirror.displayStyle) {
    case (_, .optional): step = ""
    case (let label?, _): step = path.isEmpty ? label : ".\(label)"
    case (nil, _): step = "[\(index)]"
    }
    if let found = _reflectedDifference(aChild.value, bChild.value, path: path + step, depth: depth + 1) { return found }
  }
  return nil
}
