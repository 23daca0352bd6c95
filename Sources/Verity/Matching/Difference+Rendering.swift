/// Renders a ``Difference`` as a path list or a collapsed tree, within a line budget.
struct _DifferenceRenderer {
  let difference: Difference
  let lineLimit: Int
  var lines: [String] = []
  var shownEdits = 0
  var full = false

  init(difference: Difference, lineLimit: Int) {
    self.difference = difference
    self.lineLimit = max(1, lineLimit)
  }

  /// Values longer than this (UTF-8 bytes) are cut with `…` on one line.
  static let valueLength = 120

  // MARK: Path list

  mutating func pathList() -> String {
    for edit in difference.edits {
      let block = Self.block(for: edit, maxValueLength: Self.valueLength)
      guard emit(block) else { break }
      shownEdits += 1
    }
    return finish()
  }

  /// One edit's lines: a single line, or a header and the place where they differ for long
  /// strings and for bytes.
  static func block(for edit: Difference.Edit, maxValueLength: Int) -> [String] {
    let path = edit.path.description
    let prefix = path.isEmpty ? "" : "\(path): "
    if edit.kind == .changed, let lines = detail(edit.before, edit.after, indent: "  ") {
      return ["\(prefix)\(lines.header)"] + lines.body
    }
    return [line(for: edit, maxValueLength: maxValueLength)]
  }

  /// Where the two sides of a change first differ, as a header and `-`/`+` lines, when they are
  /// strings (long or multi-line) or bytes; nil for other values.
  static func detail(_ before: Structure?, _ after: Structure?, indent: String) -> (header: String, body: [String])? {
    guard let before, let after else { return nil }
    return _StringLineDiff(before, after)?.lines(indent: indent) ?? _BytesDiff(before, after)?.lines(indent: indent)
  }

  static func line(for edit: Difference.Edit, maxValueLength: Int) -> String {
    let path = edit.path.description
    let prefix = path.isEmpty ? "" : "\(path): "
    let before = edit.before?.rendered(maxLength: maxValueLength) ?? ""
    let after = edit.after?.rendered(maxLength: maxValueLength) ?? ""
    switch edit.kind {
    case .changed: return "\(prefix)\(before) → \(after)"
    case .typeChanged: return "\(prefix)\(before) → \(after) (type changed)"
    case .inserted: return "\(prefix)inserted \(after)"
    case .removed: return "\(prefix)removed \(before)"
    }
  }

  /// Appends lines if the budget has room for all of them (keeping one line for the totals, which
  /// are shown only when something was left out).
  mutating func emit(_ block: [String]) -> Bool {
    guard !full else { return false }
    let room = lineLimit - lines.count - 1
    if block.count > room {
      // A first block that is too long on its own is cut rather than dropped.
      if lines.isEmpty { lines += block.prefix(max(1, room)) }
      full = true
      return false
    }
    lines += block
    return true
  }

  mutating func finish() -> String {
    let left = difference.count - shownEdits
    if left > 0 {
      let more = left == 1 ? "1 more edit" : "\(left) more edits"
      lines.append("… \(more) (\(difference.count) in all: \(difference.summary))")
    }
    return lines.joined(separator: "\n")
  }

  // MARK: Tree

  mutating func tree() -> String {
    let engine = difference.engine
    var children: [Int: [Int]] = [:]
    for (index, step) in engine.steps.enumerated() { children[step.parent ?? -1, default: []].append(index) }
    var editsAt: [Int: [Int]] = [:]
    for (index, edit) in engine.edits.enumerated() { editsAt[edit.step ?? -1, default: []].append(index) }
    if let rootEdits = editsAt[-1] {
      for index in rootEdits {
        guard emit(edit(index, label: "", indent: "")) else { break }
        shownEdits += 1
      }
      return finish()
    }
    renderContainer(key: -1, label: "", indent: "", children: children, editsAt: editsAt)
    return finish()
  }

  /// Renders the container a set of steps leave, and recursively the containers below it. The
  /// recursion is as deep as the output: it stops when the line budget is spent.
  mutating func renderContainer(
    key: Int, label: String, indent: String, children: [Int: [Int]], editsAt: [Int: [Int]]
  ) {
    let engine = difference.engine
    guard let container = engine.containers[key], !full else { return }
    let (open, close) = Self.brackets(container)
    guard emit(["  \(indent)\(label)\(open)"]) else { return }
    let inner = indent + "  "
    var cursorA = 0
    var cursorB = 0
    for stepIndex in children[key] ?? [] {
      let step = engine.steps[stepIndex]
      let gap = step.positionInA.map { $0 - cursorA } ?? (step.positionInB ?? cursorB) - cursorB
      if gap > 0, container.tag != .set, !emit(["  \(inner)… (\(gap) unchanged)"]) { return }
      if let a = step.positionInA { cursorA = a + 1 }
      if let b = step.positionInB { cursorB = b + 1 }
      let childLabel = Self.label(of: step)
      for index in editsAt[stepIndex] ?? [] {
        guard emit(edit(index, label: childLabel, indent: inner)) else { return }
        shownEdits += 1
      }
      if children[stepIndex] != nil {
        renderContainer(key: stepIndex, label: childLabel, indent: inner, children: children, editsAt: editsAt)
        if full { return }
      }
    }
    let rest = container.countInA > 0 || container.countInB == 0
      ? container.countInA - cursorA : container.countInB - cursorB
    if rest > 0, container.tag != .set, !emit(["  \(inner)… (\(rest) unchanged)"]) { return }
    _ = emit(["  \(indent)\(close)"])
  }

  /// The `-` / `+` lines of one edit in the tree.
  func edit(_ index: Int, label: String, indent: String) -> [String] {
    let edit = difference.engine.edits[index]
    if edit.kind == .changed, let diff = Self.detail(edit.before, edit.after, indent: "  " + indent + "  ") {
      return ["  \(indent)\(label)\(diff.header)"] + diff.body
    }
    var lines: [String] = []
    if let before = edit.before {
      lines.append("- \(indent)\(label)\(before.rendered(maxLength: Self.valueLength))")
    }
    if let after = edit.after {
      lines.append("+ \(indent)\(label)\(after.rendered(maxLength: Self.valueLength))")
    }
    return lines
  }

  static func label(of step: _EngineDifference.Step) -> String {
    switch step.kind {
    case .field:
      step.label.isEmpty ? "" : "\(step.label): "
    case .index:
      "[\(step.positionInB ?? step.positionInA ?? 0)]: "
    case .key:
      "\(step.key?.rendered(maxLength: 80) ?? String(reflecting: step.label)): "
    case .member:
      ""
    }
  }

  static func brackets(_ container: _EngineDifference.Container) -> (String, String) {
    switch container.tag {
    case .array: ("[", "]")
    case .set: ("Set([", "])")
    case .dictionary: ("[", "]")
    case .struct, .object: ("\(container.typeName ?? "")(", ")")
    case .enum: ("\(container.typeName ?? "").\(container.caseName ?? "")(", ")")
    default: ("(", ")")
    }
  }
}

/// Two strings compared by line: where they first differ, the line around it on each side, and
/// one line of context before. Used when either string has a line break or is long, so a 10 MB
/// string that differs in its last character shows that character, not the first 100 bytes.
struct _StringLineDiff {
  let before: [UInt8]
  let after: [UInt8]

  /// Strings longer than this (UTF-8 bytes), or with a line break, get a line diff.
  static let threshold = 80
  /// Bytes shown on each side of the first difference in a long line.
  static let window = 40

  init?(_ before: Structure, _ after: Structure) {
    guard let x = _StringLineDiff.text(before), let y = _StringLineDiff.text(after) else { return nil }
    guard x.count > Self.threshold || y.count > Self.threshold || x.contains(10) || y.contains(10) else {
      return nil
    }
    self.before = x
    self.after = y
  }

  /// The UTF-8 bytes of a STRING structure.
  static func text(_ structure: Structure) -> [UInt8]? {
    structure.withUnsafeBytes { bytes -> [UInt8]? in
      var reader = _StructureReader(bytes)
      guard reader.readTag() == StructureTag.string.rawValue, let text = reader.readLengthPrefixed() else {
        return nil
      }
      return Array(text)
    }
  }

  func lines(indent: String) -> (header: String, body: [String]) {
    let shared = min(before.count, after.count)
    var offset = 0
    while offset < shared, before[offset] == after[offset] { offset += 1 }
    var lineStart = offset
    while lineStart > 0, before[lineStart - 1] != 10 { lineStart -= 1 }
    var lineNumber = 1
    for byte in before[0..<lineStart] where byte == 10 { lineNumber += 1 }
    let column = offset - lineStart + 1
    let header =
      "strings differ at line \(lineNumber), byte \(column) (offset \(offset); \(before.count) → \(after.count) bytes):"
    var body: [String] = []
    if lineStart > 0 {
      var previousStart = lineStart - 1
      while previousStart > 0, before[previousStart - 1] != 10 { previousStart -= 1 }
      body.append("\(indent)  \(Self.show(before, previousStart, lineStart - 1, around: lineStart - 1))")
    }
    body.append("\(indent)- \(Self.show(before, lineStart, Self.lineEnd(before, from: offset), around: offset))")
    body.append("\(indent)+ \(Self.show(after, lineStart, Self.lineEnd(after, from: offset), around: offset))")
    return (header, body)
  }

  static func lineEnd(_ text: [UInt8], from offset: Int) -> Int {
    var end = offset
    while end < text.count, text[end] != 10 { end += 1 }
    return end
  }

  /// `text[start..<end]`, cut to a window around `around` with `…` marks, control characters
  /// escaped.
  static func show(_ text: [UInt8], _ start: Int, _ end: Int, around: Int) -> String {
    var from = start
    var to = end
    if to - from > 2 * window {
      from = max(start, around - window)
      to = min(end, max(around, from) + window)
      while from > start, from < text.count, text[from] & 0xC0 == 0x80 { from -= 1 }
      while to < end, text[to] & 0xC0 == 0x80 { to += 1 }
    }
    var shown = from > start ? "…" : ""
    for scalar in String(decoding: text[from..<to], as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\t": shown += "\\t"
      case "\r": shown += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          shown.unicodeScalars.append(scalar)
        }
      }
    }
    if to < end { shown += "…" }
    return shown
  }
}

/// Two byte values (`Data`, `[UInt8]`) compared byte by byte: the offset of the first difference
/// and a window of hexadecimal bytes around it on each side, the first differing byte in brackets.
/// A `Data(3 bytes) → Data(3 bytes)` line says nothing; this says where and what.
struct _BytesDiff {
  let before: [UInt8]
  let after: [UInt8]

  /// Bytes shown on each side of the first difference.
  static let window = 8

  init?(_ before: Structure, _ after: Structure) {
    guard let x = Self.bytes(before), let y = Self.bytes(after) else { return nil }
    self.before = x
    self.after = y
  }

  /// The contents of a BYTES structure.
  static func bytes(_ structure: Structure) -> [UInt8]? {
    structure.withUnsafeBytes { bytes -> [UInt8]? in
      var reader = _StructureReader(bytes)
      guard reader.readTag() == StructureTag.bytes.rawValue, let content = reader.readLengthPrefixed() else {
        return nil
      }
      return Array(content)
    }
  }

  func lines(indent: String) -> (header: String, body: [String]) {
    let shared = min(before.count, after.count)
    var offset = 0
    while offset < shared, before[offset] == after[offset] { offset += 1 }
    let header = "bytes differ at offset \(offset) (\(before.count) → \(after.count) bytes):"
    return (header, ["\(indent)- \(Self.show(before, around: offset))", "\(indent)+ \(Self.show(after, around: offset))"])
  }

  /// `… 0a 0b [0c] 0d …`: up to ``window`` bytes on each side of `offset`, `[end]` where the value
  /// ends at `offset`, `…` where bytes are left out.
  static func show(_ bytes: [UInt8], around offset: Int) -> String {
    let from = max(0, offset - window)
    let to = min(bytes.count, offset + window + 1)
    var parts: [String] = from > 0 ? ["…"] : []
    for index in from..<max(from, to) {
      let hex = bytes[index] < 16 ? "0" + String(bytes[index], radix: 16) : String(bytes[index], radix: 16)
      parts.append(index == offset ? "[\(hex)]" : hex)
    }
    if offset >= bytes.count { parts.append("[end]") }
    if to < bytes.count { parts.append("…") }
    return parts.joined(separator: " ")
  }
}
