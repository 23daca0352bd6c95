/// What differs between two values: the edits that turn the first (the "before", or expected,
/// value) into the second (the "after", or actual, value), with their paths and totals.
///
/// ```swift
/// if let difference = diff(expected, actual) {
///   print(difference)            // one line per edit: children[41].attrs["b"]: 1 → 2
///   print(difference.renderedTree())
///   difference.count             // every edit, even past DiffOptions.editLimit
/// }
/// ```
public struct Difference: Sendable, CustomStringConvertible {
  /// What an edit does.
  public enum Kind: Sendable, Hashable {
    /// Two values of one kind differ (two numbers, two strings, two enum cases, ...).
    case changed
    /// The two values are of different kinds or types (a number and a string, two struct types).
    case typeChanged
    /// A value only the second side has (an array element, a dictionary entry, a set member, a
    /// field).
    case inserted
    /// A value only the first side has.
    case removed
    /// An array element aligned by ``DiffOptions/identityField`` that is at another place: ``Edit/path``
    /// is its place in the second value, ``Edit/originalPath`` in the first. Changes inside it are
    /// edits of their own, at their paths.
    case moved
  }

  /// One difference.
  public struct Edit: Sendable, CustomStringConvertible {
    /// What the edit does.
    public var kind: Kind
    /// Where it is: in the second value, except for a removal (in the first value). A set
    /// member's path is the set's.
    public var path: DifferencePath
    /// The path in the first value (differs from ``path`` when array elements moved); nil for an
    /// insertion.
    public var originalPath: DifferencePath?
    /// The first value's part (nil for an insertion).
    public var before: Structure?
    /// The second value's part (nil for a removal).
    public var after: Structure?

    /// One line: `path: before → after`, `path: inserted value`, `path: removed value`.
    public var description: String {
      _DifferenceRenderer.line(for: self, maxValueLength: 120)
    }
  }

  /// The recorded edits, in the order of the values (at most ``DiffOptions/editLimit``).
  public let edits: [Edit]
  /// Every edit, recorded or not.
  public var count: Int { changedCount + typeChangedCount + insertedCount + removedCount + movedCount }
  /// `changed` edits, recorded or not.
  ///
  /// ```swift
  /// diff([1, 2], [1, 3])!.changedCount  // 1
  /// ```
  public let changedCount: Int
  /// `typeChanged` edits, recorded or not (`diff(1, "1")!.typeChangedCount == 1`).
  public let typeChangedCount: Int
  /// `inserted` edits, recorded or not (`diff([1], [1, 2])!.insertedCount == 1`).
  public let insertedCount: Int
  /// `removed` edits, recorded or not (`diff([1, 2], [1])!.removedCount == 1`).
  public let removedCount: Int
  /// `moved` edits, recorded or not (only with ``DiffOptions/identityField``).
  ///
  /// ```swift
  /// diff(before, after, options: DiffOptions(identityField: "id"))!.movedCount  // 1
  /// ```
  public let movedCount: Int
  /// True when ``edits`` holds fewer than ``count`` edits (the edit limit was reached).
  public var isTruncated: Bool { edits.count < count }
  /// The line budget the renderings use by default.
  public let lineLimit: Int

  let engine: _EngineDifference
  /// The `ignoredPaths` patterns of the options that ignored no difference (a misspelled field,
  /// say): failure messages name them.
  package var unusedIgnoredPaths: [DifferencePath.Pattern] = []
  /// The `ignoredFields` of the options that name a field neither value has (a misspelling, say),
  /// sorted: failure messages name them.
  package var unknownIgnoredFields: [String] = []

  init(_ engine: _EngineDifference, lineLimit: Int) {
    self.engine = engine
    self.lineLimit = max(1, lineLimit)
    changedCount = engine.changed
    typeChangedCount = engine.typeChanged
    insertedCount = engine.inserted
    removedCount = engine.removed
    movedCount = engine.moved
    var edits: [Edit] = []
    edits.reserveCapacity(engine.edits.count)
    var cache: [Int: (a: DifferencePath, b: DifferencePath)] = [:]
    for edit in engine.edits {
      let (inA, inB) = Difference.paths(to: edit.step, in: engine, cache: &cache)
      let kind: Kind =
        switch edit.kind {
        case .changed: .changed
        case .typeChanged: .typeChanged
        case .inserted: .inserted
        case .removed: .removed
        case .moved: .moved
        }
      edits.append(
        Edit(
          kind: kind, path: kind == .removed ? inA : inB, originalPath: kind == .inserted ? nil : inA,
          before: edit.before, after: edit.after))
    }
    self.edits = edits
  }

  /// The totals in words: `1 changed, 2 inserted` (kinds with no edit are left out).
  public var summary: String {
    let counts = [
      (changedCount, "changed"), (typeChangedCount, "type changed"), (insertedCount, "inserted"),
      (removedCount, "removed"), (movedCount, "moved"),
    ]
    return counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }

  /// The path list within ``lineLimit`` lines (see ``renderedPaths(lineLimit:)``).
  public var description: String { renderedPaths(lineLimit: lineLimit) }

  /// One line per edit (`children[41].attrs["b"]: 1 → 2`; long or multi-line strings as a line
  /// diff), at most `lineLimit` lines, then a line with what was left out and the totals.
  ///
  /// ```
  /// items[3].price: 10.0 → 12.5
  /// items[7]: inserted Item(name: "pen", price: 2.0)
  /// … 18 more edits (20 in all: 19 changed, 1 inserted)
  /// ```
  public func renderedPaths(lineLimit: Int? = nil) -> String {
    let renderer = _DifferenceRenderer(difference: self, lineLimit: lineLimit ?? self.lineLimit)
    return renderer.pathList()
  }

  /// A collapsed tree in the style of swift-custom-dump: the containers on the way to each edit,
  /// `-` lines for the first value and `+` lines for the second, runs of unchanged children as
  /// `… (N unchanged)`; at most `lineLimit` lines, then the totals.
  ///
  /// ```
  ///   Library(
  ///     books: [
  ///       … (41 unchanged)
  ///       [41]: Book(
  ///         … (2 unchanged)
  /// -       year: 1999
  /// +       year: 2001
  ///       )
  ///       … (958 unchanged)
  ///     ]
  ///   )
  /// ```
  public func renderedTree(lineLimit: Int? = nil) -> String {
    let renderer = _DifferenceRenderer(difference: self, lineLimit: lineLimit ?? self.lineLimit)
    return renderer.tree()
  }

  /// The paths to a step on each side. Edits share prefixes: the path of each edit's parent step
  /// is memoized (only those, so a 100 000-deep path costs its own length, not its square).
  private static func paths(
    to step: Int?, in engine: _EngineDifference,
    cache: inout [Int: (a: DifferencePath, b: DifferencePath)]
  ) -> (DifferencePath, DifferencePath) {
    guard let step else { return (DifferencePath([]), DifferencePath([])) }
    if let known = cache[step] { return known }
    // The step, then its ancestors up to the nearest one whose paths are known.
    var chain = [step]
    var current = engine.steps[step].parent
    while let index = current, cache[index] == nil {
      chain.append(index)
      current = engine.steps[index].parent
    }
    var (a, b) = current.flatMap { cache[$0] } ?? (DifferencePath([]), DifferencePath([]))
    for (depth, index) in chain.enumerated().reversed() {
      append(engine.steps[index], to: &a, &b)
      if depth < 2 { cache[index] = (a, b) }  // the step and its parent
    }
    return (a, b)
  }

  private static func append(_ s: _EngineDifference.Step, to a: inout DifferencePath, _ b: inout DifferencePath) {
    switch s.kind {
    case .field:
      let label = s.label.isEmpty ? String(s.positionInB ?? s.positionInA ?? 0) : s.label
      a.components.append(.field(label))
      b.components.append(.field(label))
    case .index:
      a.components.append(.index(s.positionInA ?? s.positionInB ?? 0))
      b.components.append(.index(s.positionInB ?? s.positionInA ?? 0))
    case .key:
      let component: DifferencePath.Component =
        s.key.map { $0.bytes.first == StructureTag.string.rawValue } == true
        ? .key(s.label) : .structuredKey(s.key ?? Structure(0))
      a.components.append(component)
      b.components.append(component)
    case .member:
      break
    }
  }
}
