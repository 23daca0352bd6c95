internal import CVerityEngine

/// A readable rendering decoded from the bytes, at most ``Structure/descriptionLimit`` UTF-8
/// bytes long (longer renderings end with `…`).
///
/// | structure | rendering |
/// |---|---|
/// | integers, doubles | `42`, `-3`, `1.5`, `nan`, `inf` |
/// | strings | `"text"` (quoted; `"`, `\`, newline, tab, return and control characters escaped) |
/// | nil, booleans | `nil`, `true`, `false` |
/// | `Optional.some` around nil or another optional | `Optional(nil)` |
/// | bytes | `Data(3 bytes)` |
/// | arrays, sets, dictionaries | `[1, 2]`, `Set([1, 2])`, `["a": 1]` / `[:]` (canonical order) |
/// | structs, class instances | `User(name: "x", age: 3)` |
/// | enums | `Shape.circle(radius: 1.0)`, `Result.success(1)`, `Color.red` |
/// | tuples | `(1, label: 2)` |
/// | a cycle back to an enclosing instance | `<cycle to Node>` (the innermost enclosing `Node`), `<cycle to Node, 2 objects out>` |
/// | opaque values | their description, or `<TypeName>` when it is empty |
///
/// The rendering is iterative, so a 10 000-deep value renders (truncated) without deep recursion.
///
/// ```swift
/// Structure(["a": [1, 2]]).description  // ["a": [1, 2]]
/// ```
extension Structure: CustomStringConvertible {
  /// The rendering, bounded to ``descriptionLimit`` UTF-8 bytes.
  public var description: String {
    rendered(maxLength: Structure.descriptionLimit)
  }

  /// The length bound of ``description``, in UTF-8 bytes (4096).
  ///
  /// ```swift
  /// Structure(String(repeating: "x", count: 10_000)).description.hasSuffix("…")  // true
  /// ```
  public static let descriptionLimit = 4096

  /// The rendering of ``description`` with another length bound (`maxLength` UTF-8 bytes, then
  /// `…`).
  package func rendered(maxLength: Int) -> String {
    withUnsafeBytes { bytes in
      var renderer = _StructureRenderer(bytes: bytes, limit: max(0, maxLength))
      return renderer.render()
    }
  }
}

/// Renders structure bytes without recursion: an explicit stack of open containers.
struct _StructureRenderer {
  enum Kind { case elements, set, dictionary, fields, some }

  struct Frame {
    var kind: Kind
    var end: Int
    var count = 0
    var closer: String
    /// An OBJECT: closing it pops ``_StructureRenderer/objects``.
    var isObject = false
  }

  var reader: _StructureReader
  let limit: Int
  var output = ""
  var truncated = false
  var malformed = false
  var stack: [Frame] = []
  /// Type names of the OBJECTs open around the current position, for cycles (BACKREF).
  var objects: [String] = []

  init(bytes: UnsafeRawBufferPointer, limit: Int) {
    self.reader = _StructureReader(bytes)
    self.limit = limit
  }

  mutating func render() -> String {
    renderValue()
    while !truncated && !malformed {
      guard let top = stack.last else { break }
      if reader.position >= top.end {
        stack.removeLast()
        if top.isObject { objects.removeLast() }
        append(top.closer)
        continue
      }
      // (An optional's frame holds one value: it closes before a second.)
      if top.count > 0 { append(top.kind == .dictionary && top.count % 2 == 1 ? ": " : ", ") }
      if top.kind == .fields {
        guard let label = reader.readString() else {
          malformed = true
          break
        }
        if !label.isEmpty {
          append(label)
          append(": ")
        }
      }
      stack[stack.count - 1].count += 1
      renderValue()
    }
    if malformed && !truncated { append("<malformed>") }
    if truncated { output += "…" }
    return output
  }

  /// Renders a scalar, or opens a container (pushing a frame).
  mutating func renderValue() {
    guard let tag = reader.readTag() else {
      malformed = true
      return
    }
    switch tag {
    case StructureTag.nil.rawValue:
      append("nil")
    case StructureTag.false.rawValue:
      append("false")
    case StructureTag.true.rawValue:
      append("true")
    case StructureTag.unsigned.rawValue:
      guard let value = reader.readVarint() else { return fail() }
      append(String(value))
    case StructureTag.negative.rawValue:
      guard let value = reader.readVarint() else { return fail() }
      append(value == .max ? "-18446744073709551616" : "-\(value + 1)")
    case StructureTag.double.rawValue:
      guard let bits = reader.readUInt64() else { return fail() }
      append(Double(bitPattern: bits).description)
    case StructureTag.string.rawValue:
      guard let text = reader.readLengthPrefixed() else { return fail() }
      appendQuoted(text)
    case StructureTag.bytes.rawValue:
      guard let data = reader.readLengthPrefixed() else { return fail() }
      append("Data(\(data.count) bytes)")
    case StructureTag.some.rawValue:
      var size = 0
      let rest = reader.bytes.count - reader.position
      let status = vrt_value_size(
        reader.bytes.baseAddress.map { ($0 + reader.position).assumingMemoryBound(to: UInt8.self) },
        rest, &size)
      guard status == VRT_OK else { return fail() }
      append("Optional(")
      stack.append(Frame(kind: .some, end: reader.position + size, closer: ")"))
    case StructureTag.backReference.rawValue:
      guard let distance = reader.readVarint() else { return fail() }
      if distance < UInt64(objects.count) {
        let name = objects[objects.count - 1 - Int(distance)]
        append(distance == 0 ? "<cycle to \(name)>" : "<cycle to \(name), \(distance + 1) objects out>")
      } else {
        append("<cycle>")
      }
    case StructureTag.opaque.rawValue:
      guard let typeName = reader.readLengthPrefixed(), let text = reader.readLengthPrefixed() else {
        return fail()
      }
      if text.isEmpty {
        append("<\(String(decoding: typeName, as: UTF8.self))>")
      } else {
        append(String(decoding: text, as: UTF8.self))
      }
    case 0x10...0x16:
      guard let length = reader.readUInt32(), Int(length) <= reader.bytes.count - reader.position else {
        return fail()
      }
      let end = reader.position + Int(length)
      openContainer(tag, end: end)
    default:
      fail()
    }
  }

  mutating func openContainer(_ tag: UInt8, end: Int) {
    switch tag {
    case StructureTag.array.rawValue:
      append("[")
      stack.append(Frame(kind: .elements, end: end, closer: "]"))
    case StructureTag.set.rawValue:
      append("Set([")
      stack.append(Frame(kind: .set, end: end, closer: "])"))
    case StructureTag.dictionary.rawValue:
      if reader.position == end {
        append("[:]")
      } else {
        append("[")
        stack.append(Frame(kind: .dictionary, end: end, closer: "]"))
      }
    case StructureTag.struct.rawValue, StructureTag.object.rawValue:
      guard let qualified = reader.readString() else { return fail() }
      let name = _displayTypeName(qualified)
      let isObject = tag == StructureTag.object.rawValue
      if isObject { objects.append(name) }
      append(name)
      append("(")
      stack.append(Frame(kind: .fields, end: end, closer: ")", isObject: isObject))
    case StructureTag.enum.rawValue:
      guard let name = reader.readString(), let caseName = reader.readString() else { return fail() }
      append(_displayTypeName(name))
      append(".")
      append(caseName)
      if reader.position < end {
        append("(")
        stack.append(Frame(kind: .fields, end: end, closer: ")"))
      }
    case StructureTag.tuple.rawValue:
      append("(")
      stack.append(Frame(kind: .fields, end: end, closer: ")"))
    default:
      fail()
    }
  }

  mutating func fail() {
    malformed = true
  }

  /// Appends text, or as much of it as the budget allows (then marks the output truncated).
  mutating func append(_ text: String) {
    guard !truncated else { return }
    let room = limit - output.utf8.count
    if text.utf8.count <= room {
      output += text
      return
    }
    var used = 0
    for character in text {
      let size = character.utf8.count
      if used + size > room { break }
      output.append(character)
      used += size
    }
    truncated = true
  }

  /// Appends a STRING's text quoted and escaped; only about as much as the budget allows is read.
  mutating func appendQuoted(_ utf8: UnsafeRawBufferPointer) {
    let room = max(0, limit - output.utf8.count)
    let cut = utf8.count > room + 4
    let slice = cut ? UnsafeRawBufferPointer(rebasing: utf8[0..<(room + 4)]) : utf8
    var text = String(decoding: slice, as: UTF8.self)
    if cut, text.unicodeScalars.last == "\u{FFFD}" { text.unicodeScalars.removeLast() }
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case "\0": escaped += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    escaped += "\""
    append(escaped)
  }
}
