/// How ``diff(_:_:options:fileID:filePath:line:column:)-9pqiq`` compares two values and how much
/// it reports.
///
/// ```swift
/// var options = DiffOptions()
/// options.floatTolerance = 1e-9
/// options.ignoredFields = ["updatedAt"]
/// options.ignoredPaths = ["children[*].cache", "settings[\"theme\"]"]
/// options.identityField = "id"          // align array elements by their `id` field
/// let difference = diff(before, after, options: options)
/// ```
public struct DiffOptions: Sendable {
  /// Two `Double`/`Float` leaves at most this far apart count as equal (0: exact). Must be finite
  /// and not negative: NaN, a negative or an infinite tolerance is reported as invalid.
  public var floatTolerance: Double = 0
  /// Compares arrays as multisets: equal elements pair whatever their positions; what is left
  /// is paired in order. Dictionaries and sets never show order either way.
  public var ignoresArrayOrder = false
  /// Array elements that are structs or class instances with a field of this name are aligned by
  /// that field's value, wherever they are: an element whose identity is in both arrays is
  /// compared with itself (its changes are edits at their paths), and is one `moved` edit too when
  /// it is out of order; one whose identity is new was inserted, one whose identity is gone was
  /// removed. `"id"` suits `Identifiable`
  /// models, whose identity is their stored `id` property. `nil` (the default): elements are
  /// aligned by their whole value, then the unaligned ones are paired by similarity.
  public var identityField: String?
  /// Fields with one of these names are ignored wherever they appear. A failure message names
  /// those that are a field of neither value (a misspelled field, say).
  public var ignoredFields: Set<String> = []
  /// Paths ignored, with everything under them (at most 64). See ``DifferencePath/Pattern``. A
  /// pattern that is not a path (`"a..b"`) is reported as invalid; a failure message names the
  /// patterns that ignored no difference (a misspelled field, say).
  public var ignoredPaths: [DifferencePath.Pattern] = []
  /// The most edits recorded (every edit is still counted in the totals), at least 1. Default
  /// 10 000.
  public var editLimit = 10_000
  /// The line budget of the renderings (``Difference/description``,
  /// ``Difference/renderedPaths(lineLimit:)``, ``Difference/renderedTree(lineLimit:)`` defaults
  /// and failure messages), at least 1. Default 200.
  public var lineLimit = 200

  /// Exact comparison, ordered arrays, nothing ignored.
  public init() {}

  /// Options with the given settings; everything else is the default.
  ///
  /// ```swift
  /// diff(a, b, options: DiffOptions(floatTolerance: 0.001, ignoredFields: ["timestamp"]))
  /// ```
  public init(
    floatTolerance: Double = 0,
    ignoresArrayOrder: Bool = false,
    identityField: String? = nil,
    ignoredFields: Set<String> = [],
    ignoredPaths: [DifferencePath.Pattern] = [],
    editLimit: Int = 10_000,
    lineLimit: Int = 200
  ) {
    self.floatTolerance = floatTolerance
    self.ignoresArrayOrder = ignoresArrayOrder
    self.identityField = identityField
    self.ignoredFields = ignoredFields
    self.ignoredPaths = ignoredPaths
    self.editLimit = editLimit
    self.lineLimit = lineLimit
  }

  /// Options that align array elements by the stored property at `keyPath` (see
  /// ``identityField``): `\.id` for `Identifiable` models whose `id` is stored. Returns nil when
  /// the key path is not exactly one stored property of `Element` (a computed property, or a
  /// path through several properties): structures hold stored properties only.
  ///
  /// ```swift
  /// let options = DiffOptions(identifyingElementsBy: \Item.id)!
  /// diff(before, after, options: options)  // an item with a known id is "changed", not moved
  /// ```
  public init?<Element>(identifyingElementsBy keyPath: PartialKeyPath<Element>) {
    let text = String(describing: keyPath)
    let prefix = "\\" + String(describing: Element.self) + "."
    guard text.hasPrefix(prefix) else { return nil }
    let name = String(text.dropFirst(prefix.count))
    guard !name.isEmpty, !name.contains("."), !name.contains("<"), !name.contains(" ") else { return nil }
    self.init()
    identityField = name
  }

  /// Why these options cannot be used, or nil. Every API that takes options reports this as a
  /// failure at the caller's line (and then compares exactly), never silently.
  ///
  /// ```swift
  /// DiffOptions(floatTolerance: -1)._problem
  /// // "invalid DiffOptions: floatTolerance is -1.0 (it must be finite and at least 0)"
  /// ```
  package var _problem: String? {
    var problems: [String] = []
    if !floatTolerance.isFinite || floatTolerance < 0 {
      problems.append("floatTolerance is \(floatTolerance) (it must be finite and at least 0)")
    }
    if editLimit < 1 { problems.append("editLimit is \(editLimit) (it must be at least 1)") }
    if lineLimit < 1 { problems.append("lineLimit is \(lineLimit) (it must be at least 1)") }
    if identityField?.isEmpty == true { problems.append("identityField is empty (nil aligns elements by value)") }
    if ignoredPaths.count > 64 { problems.append("ignoredPaths has \(ignoredPaths.count) patterns (at most 64)") }
    for text in ignoredPaths.compactMap(\._malformedText) {
      problems.append("ignoredPaths pattern \(String(reflecting: text)) is not a path (see DifferencePath.Pattern)")
    }
    return problems.isEmpty ? nil : "invalid DiffOptions: " + problems.joined(separator: "; ")
  }

  /// Whether these options leave equality as it is (no tolerance, nothing ignored, ordered
  /// arrays): then `==` can decide whether two `Equatable` values differ, and the diff only
  /// explains. ``identityField``, ``editLimit`` and ``lineLimit`` shape the explanation only.
  var _equalsDecides: Bool {
    floatTolerance == 0 && !ignoresArrayOrder && ignoredFields.isEmpty && ignoredPaths.isEmpty
  }

  /// Test seam: forces every node hash to this value (collisions everywhere).
  package var _constantHash: UInt64?

  var _engine: _EngineDiffOptions {
    var engine = _EngineDiffOptions()
    engine.floatTolerance = floatTolerance.isFinite ? max(0, floatTolerance) : 0
    engine.unorderedArrays = ignoresArrayOrder
    engine.maxEdits = max(0, editLimit)
    engine.identityLabel = identityField.flatMap { $0.isEmpty ? nil : $0 }
    engine.ignoredLabels = ignoredFields.sorted()
    engine.ignoredPaths = ignoredPaths.map(\.engineSteps)
    engine.constantHash = _constantHash
    return engine
  }
}
