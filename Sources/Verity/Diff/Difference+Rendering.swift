/// Renders a ``Difference`` as a path list or a collapsed tree, within a line budget.
///
/// Both renderings are laid out the same way: the rendering is first built as pieces (a block of
/// lines for one edit or one run of unchanged children, a container's opening and closing lines),
/// then the longest prefix of whole pieces is kept whose lines, plus the closing lines of the
/// containers it leaves open, plus the totals line (when edits are left out) fit the budget. So
/// every rendering has at most `lineLimit` lines, its brackets balance, and "N more edits" is
/// exactly the number of edits not shown.
struct _DifferenceRenderer {
  let difference: Difference
  let lineLimit: Int

  init(difference: Difference, lineLimit: Int) {
    self.difference = difference
    self.lineLimit = max(1, lineLimit)
  }

  /// Values longer than this (UTF-8 bytes) are cut with `…` on one line.
  static let valueLength = 120

  /// One piece of a rendering.
  enum Piece {
    /// Lines showing `edits` edits (0 for a run of unchanged children).
    case block([String], edits: Int)
    /// A container's opening line, and the line that closes it.
    case open(String, closer: String)
    /// The closing line of the innermost open container.
    case close
  }

  // MARK: Path list

  func pathList() -> String {
    layout(blocks: difference.edits.lazy.map { Self.block(for: $0, maxValueLength: Self.valueLength) })
  }

  /// One block per edit, laid out; blocks are built until more lines than the budget are built
  /// (nothing past them can be shown).
  func layout(blocks: some Sequence<[String]>) -> String {
    var pieces: [Piece] = []
    var lines = 0
    for block in blocks {
      pieces.append(.block(block, edits: 1))
      lines += block.count
      if lines > lineLimit { break }
    }
    return layout(pieces).text
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
    case .moved: return "\(prefix)moved from \(edit.originalPath?.description ?? "")"
    }
  }

  // MARK: Layout

  /// The longest prefix of whole pieces that fits the budget with its closing lines and the
  /// totals line; then those closing lines and the totals (when edits are left out). When not even
  /// one edit's block fits whole, the first lines of the first block are shown (that edit counts
  /// as shown).
  func layout(_ pieces: [Piece]) -> (text: String, shownEdits: Int) {
    let total = difference.count
    var lines = 0
    var closers: [String] = []
    var shown = 0
    var best = (end: 0, lines: 0, open: 0, shown: 0)
    for (index, piece) in pieces.enumerated() {
      switch piece {
      case .block(let block, let edits):
        lines += block.count
        shown += edits
      case .open(_, let closer):
        lines += 1
        closers.append(closer)
      case .close:
        lines += 1
        closers.removeLast()
      }
      let cost = lines + closers.count + (shown < total ? 1 : 0)
      // A prefix that shows no edit shows only brackets: the totals line alone says more.
      if cost <= lineLimit, shown > 0 { best = (index + 1, lines, closers.count, shown) }
      if lines > lineLimit { break }
    }
    var output: [String] = []
    var open: [String] = []
    for piece in pieces.prefix(best.end) {
      switch piece {
      case .block(let block, _): output += block
      case .open(let line, let closer):
        output.append(line)
        open.append(closer)
      case .close: output.append(open.removeLast())
      }
    }
    var shownEdits = best.shown
    if best.end == 0, case .block(let block, let edits)? = pieces.first, edits > 0, lineLimit >= 2 {
      // A first edit too long for the budget on its own: its first lines still name it.
      let room = lineLimit - (edits < total ? 1 : 0)
      output = Array(block.prefix(room))
      shownEdits = edits
    }
    output += open.reversed()
    let left = total - shownEdits
    if left > 0 {
      let more = left == 1 ? "1 more edit" : "\(left) more edits"
      let lead = shownEdits == 0 ? "… \(left == 1 ? "1 edit" : "\(left) edits")" : "… \(more)"
      output.append("\(lead) (\(total) in all: \(difference.summary))")
    }
    return (output.joined(separator: "\n"), shownEdits)
  }

  // MARK: Tree

  func tree() -> String {
    let engine = difference.engine
    var children: [Int: [Int]] = [:]
    for (index, step) in engine.steps.enumerated() { children[step.parent ?? -1, default: []].append(index) }
    var editsAt: [Int: [Int]] = [:]
    for (index, edit) in engine.edits.enumerated() { editsAt[edit.step ?? -1, default: []].append(index) }
    if let rootEdits = editsAt[-1] {
      return layout(blocks: rootEdits.lazy.map { edit($0, label: "", indent: "") })
    }
    var pieces: [Piece] = []
    var lines = 0
    containerPieces(
      key: -1, label: "", indent: "", children: children, editsAt: editsAt, into: &pieces, lines: &lines)
    let tree = layout(pieces)
    // An edit nested deeper than the budget has room for: the path list still shows it.
    return tree.shownEdits == 0 && difference.count > 0 ? pathList() : tree.text
  }

  /// The pieces of the container a set of steps leave, and recursively of the containers below
  /// it. Building stops once more lines than the budget are built (nothing past them can be
  /// shown), so the recursion is no deeper than the budget.
  func containerPieces(
    key: Int, label: String, indent: String, children: [Int: [Int]], editsAt: [Int: [Int]],
    into pieces: inout [Piece], lines: inout Int
  ) {
    let engine = difference.engine
    guard let container = engine.containers[key], lines <= lineLimit else { return }
    let (open, close) = Self.brackets(container)
    pieces.append(.open("  \(indent)\(label)\(open)", closer: "  \(indent)\(close)"))
    lines += 1
    let inner = indent + "  "
    var cursorA = 0
    var cursorB = 0
    func unchanged(_ count: Int) {
      guard count > 0, container.tag != .set else { return }
      pieces.append(.block(["  \(inner)… (\(count) unchanged)"], edits: 0))
      lines += 1
    }
    for stepIndex in children[key] ?? [] {
      if lines > lineLimit { return }
      let step = engine.steps[stepIndex]
      // The unchanged children before this step, counted in the second value where the step is
      // there (its positions in it only grow), else in the first; both sides move past them.
      let gap: Int
      switch (step.positionInA, step.positionInB) {
      case (let a?, let b?):
        gap = b - cursorB
        cursorB = b + 1
        // An element aligned in place moves both sides on; one that moved (identity alignment)
        // came from elsewhere in the first value, which moves on by the unchanged run only.
        cursorA = a - cursorA == gap ? a + 1 : cursorA + max(0, gap)
      case (let a?, nil):
        gap = a - cursorA
        cursorA = a + 1
        cursorB += max(0, gap)
      case (nil, let b?):
        gap = b - cursorB
        cursorB = b + 1
        cursorA += max(0, gap)
      case (nil, nil):
        gap = 0
      }
      unchanged(gap)
      let childLabel = Self.label(of: step)
      for index in editsAt[stepIndex] ?? [] {
        let block = edit(index, label: childLabel, indent: inner)
        pieces.append(.block(block, edits: 1))
        lines += block.count
      }
      if children[stepIndex] != nil {
        containerPieces(
          key: stepIndex, label: childLabel, indent: inner, children: children, editsAt: editsAt,
          into: &pieces, lines: &lines)
      }
    }
    if lines > lineLimit { return }
    unchanged(container.countInB > 0 || container.countInA == 0 ? container.countInB - cursorB : container.countInA - cursorA)
    pieces.append(.close)
    lines += 1
  }

  /// The `-` / `+` lines of one edit in the tree.
  func edit(_ index: Int, label: String, indent: String) -> [String] {
    let edit = difference.engine.edits[index]
    if edit.kind == .changed, let diff = Self.detail(edit.before, edit.after, indent: "  " + indent + "  ") {
      return ["  \(indent)\(label)\(diff.header)"] + diff.body
    }
    if edit.kind == .moved {
      let from = edit.step.flatMap { difference.engine.steps[$0].positionInA }.map { "[\($0)]" } ?? "?"
      return ["~ \(indent)\(label)moved from \(from)"]
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
    guard let x = _lengthPrefixedPayload(of: before, tag: .string), let y = _lengthPrefixedPayload(of: after, tag: .string)
    else { return nil }
    guard x.count > Self.threshold || y.count > Self.threshold || x.contains(10) || y.contains(10) else {
      return nil
    }
    self.before = x
    self.after = y
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
    guard let x = _lengthPrefixedPayload(of: before, tag: .bytes), let y = _lengthPrefixedPayload(of: after, tag: .bytes)
    else { return nil }
    self.before = x
    self.after = y
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

/// The payload of a STRING or BYTES structure (its length-prefixed content), or nil when the
/// structure is another kind of value.
func _lengthPrefixedPayload(of structure: Structure, tag: StructureTag) -> [UInt8]? {
  structure.withUnsafeBytes { bytes -> [UInt8]? in
    var reader = _StructureReader(bytes)
    guard reader.readTag() == tag.rawValue, let content = reader.readLengthPrefixed() else { return nil }
    return Array(content)
  }
}
