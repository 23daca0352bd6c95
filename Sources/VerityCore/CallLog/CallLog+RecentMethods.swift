// Method names to ids: the engine's interning, behind the ids of the last four names a log used.

internal import CVerityEngine

/// The ids of the last four method names a log interned, found by comparing a name's two words
/// with each kept name's: the same literal passed again (what generated and hand-written mocks
/// pass) has the same words. A name spelled another way (built at run time) may miss, and the
/// engine's table answers. A hit is always right: equal words are an equal string, and the log
/// retains each kept name (``_CallLogState/recentMethodNames``), so no other string can take its
/// storage's address. Only trivial values here: a debug build reads this with no retain.
struct _RecentMethods {
  /// A 64-bit string's two words (a struct rather than a tuple: a debug build handles a tuple
  /// through generic code).
  struct Words {
    var first: UInt64 = 0
    var second: UInt64 = 0
  }

  private var words0 = Words(), words1 = Words(), words2 = Words(), words3 = Words()
  private var id0 = UInt32.max, id1 = UInt32.max, id2 = UInt32.max, id3 = UInt32.max
  /// The entry the next insertion replaces.
  private(set) var next = 0

  /// Whether a `String` is two words here, as on every platform Verity builds for; elsewhere
  /// nothing is kept or found.
  private static var applies: Bool { MemoryLayout<String>.size == MemoryLayout<Words>.size }

  @inline(__always)
  private static func words(_ string: String) -> Words {
    unsafeBitCast(string, to: Words.self)
  }

  /// The id kept for `name`, or nil.
  func id(of name: String) -> UInt32? {
    guard Self.applies else { return nil }
    let w = Self.words(name)
    if id0 != .max, words0.first == w.first, words0.second == w.second { return id0 }
    if id1 != .max, words1.first == w.first, words1.second == w.second { return id1 }
    if id2 != .max, words2.first == w.first, words2.second == w.second { return id2 }
    if id3 != .max, words3.first == w.first, words3.second == w.second { return id3 }
    return nil
  }

  /// Keeps `name`'s id in the entry ``next`` names (the oldest); the caller retains `name`.
  mutating func insert(_ name: String, id: UInt32) {
    guard Self.applies else { return }
    let w = Self.words(name)
    switch next {
    case 0:
      words0 = w
      id0 = id
    case 1:
      words1 = w
      id1 = id
    case 2:
      words2 = w
      id2 = id
    default:
      words3 = w
      id3 = id
    }
    next = (next + 1) & 3
  }
}

/// The names ``_RecentMethods`` keeps ids for, retained so that their storage stays theirs.
struct _RecentMethodNames {
  private var name0 = "", name1 = "", name2 = "", name3 = ""

  mutating func set(_ name: String, at entry: Int) {
    switch entry {
    case 0: name0 = name
    case 1: name1 = name
    case 2: name2 = name
    default: name3 = name
    }
  }
}

extension _CallLogState {
  /// The id of a method name, interning it.
  mutating func intern(_ method: String) throws(VerityEngineError) -> UInt32 {
    if let id = recentMethods.id(of: method) { return id }
    let log = try requireLog()
    var id: UInt32 = 0
    var name = method
    let status = name.withUTF8 { utf8 in
      vrt_log_intern(
        log, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), utf8.count, &id)
    }
    try status.check()
    recentMethodNames.set(method, at: recentMethods.next)
    recentMethods.insert(method, id: id)
    return id
  }

  /// The id of a method name if a call of it was recorded (queries never intern a name): the
  /// engine's own table answers, so the log keeps no second table of names.
  func methodID(_ method: String) -> UInt32? {
    if let id = recentMethods.id(of: method) { return id }
    guard let log else { return nil }
    var id: UInt32 = 0
    var name = method
    let status = name.withUTF8 { utf8 in
      vrt_log_find_method(
        log, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), utf8.count, &id)
    }
    return status == VRT_OK ? id : nil
  }
}
