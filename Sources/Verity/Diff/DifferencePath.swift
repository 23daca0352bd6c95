/// Where an edit is: the steps from the root value to the changed part.
///
/// ```swift
/// path.components      // [.field("children"), .index(41), .field("attrs"), .key("b")]
/// path.description     // children[41].attrs["b"]
/// ```
public struct DifferencePath: Hashable, Sendable, CustomStringConvertible {
  /// One step into a value.
  public enum Component: Hashable, Sendable {
    /// A stored property, enum payload or tuple element, by label (unlabeled ones by position:
    /// `"0"`, `"1"`, ...).
    case field(String)
    /// An array element, by position.
    case index(Int)
    /// A dictionary value whose key is this string.
    case key(String)
    /// A dictionary value whose key is not a string (shown by its rendering).
    case structuredKey(Structure)
  }

  /// The steps, outermost first. Empty for the root value itself.
  public var components: [Component]

  /// A path from its steps.
  ///
  /// ```swift
  /// DifferencePath([.field("items"), .index(0)]).description  // items[0]
  /// ```
  public init(_ components: [Component]) {
    self.components = components
  }

  /// Swift-like text: `children[41].attrs["b"]`, `.0` for an unlabeled element; empty for the root.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .field(let label):
        if !text.isEmpty || label.first?.isNumber == true { text += "." }
        text += label
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        text += "[\(String(reflecting: key))]"
      case .structuredKey(let key):
        text += "[\(key.rendered(maxLength: 80))]"
      }
    }
    return text
  }
}

extension DifferencePath {
  /// A path to ignore in ``DiffOptions/ignoredPaths``, written as text or as steps.
  ///
  /// Text: field names separated by `.`, `[3]` for an array index, `["key"]` for a dictionary
  /// key, and `*` or `[*]` for any one step (any element, field or value):
  ///
  /// ```swift
  /// let patterns: [DifferencePath.Pattern] = ["updatedAt", "children[*].id", "attrs[\"b\"]", "*.cache"]
  /// ```
  ///
  /// Text that does not parse (an unclosed bracket, a non-numeric index) is taken as one field
  /// name, so it ignores exactly a field spelled that way.
  public struct Pattern: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One step of a pattern.
    ///
    /// ```swift
    /// DifferencePath.Pattern([.field("items"), .any, .field("id")]).description  // items[*].id
    /// ```
    public enum Step: Hashable, Sendable {
      /// A field with this name.
      case field(String)
      /// An array element at this position.
      case index(Int)
      /// A dictionary value whose key is this string.
      case key(String)
      /// Any one step.
      case any
    }

    /// The steps, outermost first.
    public var steps: [Step]

    /// A pattern from its steps.
    public init(_ steps: [Step]) {
      self.steps = steps
    }

    /// Parses the text form described above.
    public init(stringLiteral text: String) {
      if let steps = Pattern.parse(text) {
        self.steps = steps
      } else {
        self.steps = [.field(text)]
        self._malformedText = text
      }
    }

    /// The text of a literal that is not a path pattern (options that hold it are invalid).
    package var _malformedText: String?

    /// The pattern as text (the form it parses from).
    public var description: String {
      var text = ""
      for step in steps {
        switch step {
        case .field(let label): text += (text.isEmpty ? "" : ".") + label
        case .index(let index): text += "[\(index)]"
        case .key(let key): text += "[\(String(reflecting: key))]"
        case .any: text += text.isEmpty ? "*" : "[*]"
        }
      }
      return text
    }

    static func parse(_ text: String) -> [Step]? {
      var steps: [Step] = []
      var rest = Substring(text)
      while !rest.isEmpty {
        if rest.first == "." {
          guard !steps.isEmpty else { return nil }
          rest.removeFirst()
        }
        if rest.first == "[" {
          rest.removeFirst()
          if rest.first == "\"" {
            rest.removeFirst()
            var key = ""
            var closed = false
            while let character = rest.first {
              rest.removeFirst()
              if character == "\\", let next = rest.first {
                rest.removeFirst()
                key.append(next)
              } else if character == "\"" {
                closed = true
                break
              } else {
                key.append(character)
              }
            }
            guard closed, rest.first == "]" else { return nil }
            rest.removeFirst()
            steps.append(.key(key))
          } else {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let inside = rest[..<close]
            rest = rest[rest.index(after: close)...]
            if inside == "*" {
              steps.append(.any)
            } else if let index = Int(inside), index >= 0 {
              steps.append(.index(index))
            } else {
              return nil
            }
          }
          continue
        }
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        let name = rest[..<end]
        guard !name.isEmpty else { return nil }
        steps.append(name == "*" ? .any : .field(String(name)))
        rest = rest[end...]
      }
      return steps
    }

    var engineSteps: [_EngineDiffOptions.PatternStep] {
      steps.map { step in
        switch step {
        case .field(let label): .field(label)
        case .index(let index): .index(index)
        case .key(let key): .key(Structure(key))
        case .any: .any
        }
      }
    }
  }
}
