import CVerityEngine
import Testing

/// Scans with EQ arguments filter on the argument fingerprints stored at append (the first three
/// arguments) or on lazily built argument-hash columns (later ones). These tests check that the
/// filters never change a result: after calls are appended between queries (the columns are
/// extended), with another method's calls interleaved (columns are per method), with calls of one
/// method that have different argument counts or malformed arguments, with EQ arguments at every
/// position, and with VRT_HASH_CONSTANT (every column entry equal: each call is fully matched).
@Suite struct CallLogColumnTests {
  typealias Reference = CallLogConsistencyTests

  /// One recorded call, as the reference sees it.
  struct Recorded {
    let method: UInt32
    let bytes: [UInt8]
    let argc: Int
  }

  /// Appends `count` random calls of `methods` (argument counts 0...6, a few malformed
  /// arguments) to `log` and to `calls`.
  static func appendCalls(_ count: Int, methods: [UInt32], to log: Log, _ calls: inout [Recorded],
                          random: inout Reference.Random) {
    for _ in 0..<count {
      let method = methods[random.below(methods.count)]
      let argc = random.below(7)
      var args: [[UInt8]] = (0..<argc).map { _ in Reference.pool[random.below(Reference.pool.count)] }
      if argc > 0 && random.below(12) == 0 {
        args[random.below(argc)] = Reference.malformed[random.below(Reference.malformed.count)]
      }
      #expect(log.append(method, args) == VRT_OK)
      calls.append(Recorded(method: method, bytes: args.flatMap { $0 }, argc: argc))
    }
  }

  /// A pattern of 1...4 arguments with at least one EQ and at least one ANY (so it is a scan,
  /// not an exact lookup).
  static func mixedPattern(_ random: inout Reference.Random) -> [[UInt8]?] {
    let argc = 1 + random.below(6)
    var pattern: [[UInt8]?] = (0..<argc).map { _ in
      random.below(2) == 0 ? nil : Reference.pool[random.below(Reference.pool.count)]
    }
    let eqAt = random.below(argc)
    if pattern[eqAt] == nil { pattern[eqAt] = Reference.pool[random.below(Reference.pool.count)] }
    if argc > 1 && pattern.allSatisfy({ $0 != nil }) {
      pattern[(eqAt + 1 + random.below(argc - 1)) % argc] = nil
    }
    return pattern
  }

  static func expected(_ calls: [Recorded], _ method: UInt32, _ pattern: [[UInt8]?]) -> [UInt64] {
    calls.indices.filter {
      calls[$0].method == method && Reference.matches(calls[$0].bytes, argc: calls[$0].argc, pattern)
    }.map(UInt64.init)
  }

  @Test(arguments: [nil, 5, 0x1_0000_0007] as [UInt64?])
  func mixedScansAgreeWithTheReferenceAcrossAppends(constantHash: UInt64?) {
    var random = Reference.Random(state: 11)
    let log = Log(seed: 9, constantHash: constantHash)
    let f = log.intern("f")
    let g = log.intern("g")
    var calls: [Recorded] = []
    var disagreements: [String] = []
    for round in 0..<6 {
      // Only f at first (its calls are then dense), then f and g interleaved.
      Self.appendCalls(round == 0 ? 400 : 150 + random.below(300),
                       methods: round == 0 ? [f] : [f, g], to: log, &calls, random: &random)
      for query in 0..<50 {
        let method = random.below(3) == 0 ? g : f
        let pattern = Self.mixedPattern(&random)
        let args: [Arg] = pattern.map { $0.map(Arg.eq) ?? .any }
        let expected = Self.expected(calls, method, pattern)
        let found = log.find(method, args, capacity: calls.count)
        if found.total != UInt64(expected.count) || found.indices != expected {
          disagreements.append("round \(round) query \(query): find \(found.total), expected \(expected.count)")
        }
        if log.count(method, args) != UInt64(expected.count) {
          disagreements.append("round \(round) query \(query): count")
        }
        let from = UInt64(random.below(calls.count + 1))
        let later = expected.filter { $0 >= from }
        if log.first(method, args, from: from) != later.first {
          disagreements.append("round \(round) query \(query): first from \(from)")
        }
        let fromFound = log.find(method, args, from: from, capacity: 8)
        if fromFound.total != UInt64(later.count) || fromFound.indices != Array(later.prefix(8)) {
          disagreements.append("round \(round) query \(query): find from \(from)")
        }
      }
    }
    // Marking verified through the filtered scan marks exactly the matching calls.
    var verified = Set<UInt64>()
    for _ in 0..<10 {
      let method = random.below(2) == 0 ? g : f
      let pattern = Self.mixedPattern(&random)
      let expected = Self.expected(calls, method, pattern)
      let marked = log.markVerified(method, pattern.map { $0.map(Arg.eq) ?? .any })
      if marked != UInt64(expected.count) { disagreements.append("mark verified: \(marked)") }
      verified.formUnion(expected)
    }
    let unverified = log.unverified(capacity: calls.count)
    #expect(unverified.indices == (0..<UInt64(calls.count)).filter { !verified.contains($0) })
    #expect(disagreements == [], "constant hash: \(String(describing: constantHash))")
  }

  /// One match among many calls, at every position of the column (first, last, inside and at
  /// the edges of the blocks the column is walked in), with and without calls of another method.
  @Test(arguments: [false, true])
  func singleMatchesAreFoundAtEveryPosition(interleaved: Bool) {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    var indexOf: [UInt64] = []
    for i in 0..<300 {
      if interleaved && i % 3 == 1 { log.append(g, [intBytes(Int64(i)), stringBytes("x")]) }
      indexOf.append(log.count)
      log.append(f, [intBytes(Int64(i)), stringBytes("x")])
    }
    var wrong: [Int] = []
    for i in 0..<300 {
      let pattern: [Arg] = [.eq(intBytes(Int64(i))), .any]
      if log.find(f, pattern) != (1, [indexOf[i]]) { wrong.append(i) }
      if log.first(f, pattern, from: indexOf[i]) != indexOf[i] { wrong.append(i) }
      if log.first(f, pattern, from: indexOf[i] + 1) != nil { wrong.append(i) }
    }
    #expect(wrong == [])
    #expect(log.count(f, [.eq(intBytes(300)), .any]) == 0)
  }

  /// Every call of one method shares an EQ argument's bytes but for its last byte, and the hash is
  /// constant: every column entry equals the EQ hash, so only memcmp tells the calls apart.
  @Test func constantColumnHashesStillCountExactly() {
    let log = Log(constantHash: 42)
    let f = log.intern("f")
    let other = log.intern("other")
    for i in 0..<2_000 {
      log.append(f, [intBytes(Int64(i % 7)), stringBytes("key-\(i % 10)"), encode { $0.double(Double(i)) }])
      if i % 3 == 0 { log.append(f, [stringBytes("key-\(i % 10)")]) }  // another argument count
      if i % 5 == 0 { log.append(other, [intBytes(1), stringBytes("key-3"), intBytes(2)]) }
    }
    #expect(log.count(f, [.any, .eq(stringBytes("key-3")), .any]) == 200)
    #expect(log.count(f, [.eq(intBytes(3)), .eq(stringBytes("key-3")), .any]) == 2_000 / 70 + 1)
    #expect(log.count(f, [.eq(stringBytes("key-3"))]) == 67)  // exact path: i % 30 == 3
    #expect(log.count(f, [.any, .any, .eq(encode { $0.double(1_999) })]) == 1)
    #expect(log.count(other, [.any, .eq(stringBytes("key-3")), .any]) == 400)
    #expect(log.count(f, [.any, .eq(stringBytes("key-10")), .any]) == 0)
  }

  /// EQ arguments among the first three filter on the fingerprints stored at append: no column
  /// and no memory. Past the third, a column costs 4 bytes per call of its method, is built by the
  /// method's second such scan, once per (method, position), is reused by later queries on the
  /// same position, and grows with appended calls.
  @Test func columnMemoryIsCountedPerMethodAndPosition() {
    let log = Log()
    let f = log.intern("f")
    let g = log.intern("g")
    let pad = [intBytes(0), intBytes(0), intBytes(0)]
    func fArgs(_ i: Int, _ s: String) -> [[UInt8]] { pad + [intBytes(Int64(i)), stringBytes(s), encode { $0.double(0.5) }] }
    for i in 0..<1_000 {
      log.append(f, fArgs(i, "s\(i % 10)"))
      if i % 2 == 0 { log.append(g, pad + [intBytes(Int64(i)), stringBytes("t")]) }
    }
    let columnSlack = 256  // the per-method column descriptors
    let any3: [Arg] = [.any, .any, .any]
    #expect(log.count(f, any3 + [.any, .any, .any]) == 1_000)
    #expect(log.count(g, any3 + [.any, .any]) == 500)
    let base = vrt_log_memory(log.raw)

    // Fingerprint filters (EQ among the first three arguments) allocate nothing.
    #expect(log.count(f, [.eq(intBytes(0)), .any, .eq(intBytes(0))] + [.any, .any, .any]) == 1_000)
    #expect(log.count(f, [.any, .eq(intBytes(0)), .any] + [.eq(intBytes(13)), .any, .any]) == 1)
    #expect(vrt_log_memory(log.raw) == base)

    // The first scan with an EQ argument past the third matches bytes directly: no column yet.
    #expect(log.count(f, any3 + [.any, .eq(stringBytes("s3")), .any]) == 100)
    #expect(vrt_log_memory(log.raw) == base)
    // The next one builds the column.
    #expect(log.count(f, any3 + [.any, .eq(stringBytes("s3")), .any]) == 100)
    let first = vrt_log_memory(log.raw)
    #expect(first - base >= 4 * 1_000 && first - base <= 4 * 1_000 + columnSlack)

    // Same position again, and a pattern whose EQ arguments include that position: no new column.
    #expect(log.count(f, any3 + [.any, .eq(stringBytes("s4")), .any]) == 100)
    #expect(log.count(f, any3 + [.eq(intBytes(13)), .eq(stringBytes("s3")), .any]) == 1)
    #expect(vrt_log_memory(log.raw) == first)

    // Another position of f: a second column of f's 1000 calls.
    #expect(log.count(f, any3 + [.eq(intBytes(13)), .any, .any]) == 1)
    let second = vrt_log_memory(log.raw)
    #expect(second - first >= 4 * 1_000 && second - first <= 4 * 1_000 + columnSlack)

    // g's column covers g's 500 calls only (built by g's second such scan).
    #expect(log.count(g, any3 + [.any, .eq(stringBytes("t"))]) == 500)
    #expect(vrt_log_memory(log.raw) == second)
    #expect(log.count(g, any3 + [.any, .eq(stringBytes("t"))]) == 500)
    let third = vrt_log_memory(log.raw)
    #expect(third - second >= 4 * 500 && third - second <= 4 * 500 + columnSlack)

    // Appended calls extend the column they are queried through.
    for _ in 0..<10 { log.append(f, fArgs(1, "s3")) }
    #expect(log.count(f, any3 + [.any, .eq(stringBytes("s3")), .any]) == 110)
    #expect(vrt_log_memory(log.raw) >= third + 4 * 10)
  }
}
