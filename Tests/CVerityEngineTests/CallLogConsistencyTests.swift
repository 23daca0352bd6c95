import CVerityEngine
import Testing

/// Every query path (exact index, scan, nearest) agrees with a plain reference matcher written
/// here over vrt_value_size, on varied and partly malformed argument lists.
@Suite struct CallLogConsistencyTests {
  /// Deterministic generator.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 29
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  /// A small pool of values: short and long varints, short, 8-byte and long strings, doubles,
  /// optionals, containers; plus a few malformed byte strings.
  static let pool: [[UInt8]] = [
    intBytes(0), intBytes(5), intBytes(127), intBytes(128), intBytes(300), intBytes(-1),
    intBytes(Int64.max), stringBytes(""), stringBytes("a"), stringBytes("abcdef"),
    stringBytes("abcdefg"), stringBytes(String(repeating: "z", count: 150)),
    encode { $0.double(0.5) }, encode { $0.nil() }, encode { w in w.nil(); w.wrapSome(from: 0) },
    encode { w in w.begin(Tag.array); w.int(1); w.int(2); w.end() },
    encode { w in w.begin(Tag.struct, "P"); w.string("x"); w.int(300); w.end() },
  ]
  static let malformed: [[UInt8]] = [
    [0x04, 0x80, 0x00],  // over-long varint
    [0x07, 0x05, 0x61],  // string running past the end of the call
    [0xEE],  // unknown tag
  ]

  /// The reference: split with vrt_value_size, compare bytes.
  static func matches(_ call: [UInt8], argc: Int, _ pattern: [[UInt8]?]) -> Bool {
    guard argc == pattern.count else { return false }
    var pos = 0
    for expected in pattern {
      guard pos < call.count else { return false }
      let (status, size) = valueSize(Array(call[pos...]))
      guard status == VRT_OK else { return false }
      if let expected, Array(call[pos..<pos + size]) != expected { return false }
      pos += size
    }
    return pos == call.count
  }

  @Test func allPathsAgreeWithTheReference() {
    var random = Random(state: 7)
    for constant in [false, true] {
      let log = Log(seed: 3, constantHash: constant ? 5 : nil)
      let f = log.intern("f")
      var calls: [(bytes: [UInt8], argc: Int)] = []
      for _ in 0..<1_500 {
        let argc = random.below(4)
        var args: [[UInt8]] = (0..<argc).map { _ in Self.pool[random.below(Self.pool.count)] }
        if argc > 0 && random.below(15) == 0 {
          args[random.below(argc)] = Self.malformed[random.below(Self.malformed.count)]
        }
        log.append(f, args)
        calls.append((args.flatMap { $0 }, argc))
      }
      var disagreements = 0
      for _ in 0..<300 {
        let argc = random.below(4)
        var pattern: [[UInt8]?] = []
        for _ in 0..<argc {
          pattern.append(random.below(3) == 0 ? nil : Self.pool[random.below(Self.pool.count)])
        }
        let args: [Arg] = pattern.map { $0.map(Arg.eq) ?? .any }
        let expected = calls.indices.filter { Self.matches(calls[$0].bytes, argc: calls[$0].argc, pattern) }
        let found = log.find(f, args, capacity: calls.count)
        if found.total != UInt64(expected.count) || found.indices != expected.map(UInt64.init) {
          disagreements += 1
        }
        if log.count(f, args) != UInt64(expected.count) { disagreements += 1 }
        let near = log.nearest(f, args, capacity: 4)
        if near.total != UInt64(calls.count - expected.count) { disagreements += 1 }
        if let from = expected.dropFirst().first,
           log.first(f, args, from: UInt64(expected[0] + 1)) != UInt64(from) {
          disagreements += 1
        }
      }
      #expect(disagreements == 0, "constant hash: \(constant)")
    }
  }
}
