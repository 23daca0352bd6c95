import CVerityEngine
import Testing

/// The range and string argument kinds, call tags with `engine_tags`, batched argument lookups
/// and the cold-to-indexed switch of exact queries.
@Suite struct CallLogEngineKindTests {
  /// Counts calls of `method` whose single argument matches `argument`; the callback (for calls
  /// the engine hands back) answers `fallback`.
  static func count(
    _ log: Log, _ method: UInt32, _ argument: vrt_arg_pattern, tags: [UInt32]? = nil, fallback: Bool = false
  ) -> (vrt_status, UInt64) {
    var args = [argument]
    var count: UInt64 = 0
    let answer = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    defer { answer.deallocate() }
    answer.pointee = fallback
    let status = args.withUnsafeMutableBufferPointer { buffer in
      (tags ?? []).withUnsafeBufferPointer { tagBuffer in
        var pattern = vrt_pattern()
        pattern.method = method
        pattern.arg_count = 1
        pattern.args = UnsafePointer(buffer.baseAddress)
        pattern.predicate = { context, _, _, _, _ in context!.assumingMemoryBound(to: Bool.self).pointee }
        pattern.predicate_context = UnsafeMutableRawPointer(answer)
        if tags != nil {
          pattern.engine_tags = tagBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)
          pattern.engine_tag_count = tagBuffer.count
        }
        return vrt_log_count(log.raw, &pattern, &count)
      }
    }
    return (status, count)
  }

  static func intRange(low: (Bool, UInt64, Bool)? = nil, high: (Bool, UInt64, Bool)? = nil) -> vrt_arg_pattern {
    var a = vrt_arg_pattern()
    a.kind = VRT_ARG_INT_RANGE
    if let low {
      a.low = vrt_bound(negative: low.0, magnitude: low.1, value: 0)
      a.flags |= UInt32(VRT_ARG_LOW) | (low.2 ? UInt32(VRT_ARG_LOW_INCLUSIVE) : 0)
    }
    if let high {
      a.high = vrt_bound(negative: high.0, magnitude: high.1, value: 0)
      a.flags |= UInt32(VRT_ARG_HIGH) | (high.2 ? UInt32(VRT_ARG_HIGH_INCLUSIVE) : 0)
    }
    return a
  }

  @Test func integerRangesCompareAcrossTheWholeInt64AndUInt64Domain() {
    let log = Log()
    let m = log.intern("m")
    let values: [[UInt8]] = [
      intBytes(Int64.min), intBytes(-2), intBytes(-1), intBytes(0), intBytes(5), intBytes(Int64.max),
      encode { $0.uint(UInt64.max) }, encode { $0.double(1) }, stringBytes("5"),
    ]
    for value in values { #expect(log.append(m, [value]) == VRT_OK) }
    // -1 is negative with magnitude 0; Int64.min has magnitude Int64.max.
    #expect(Self.count(log, m, Self.intRange(high: (false, 0, false))).1 == 3)  // < 0
    #expect(Self.count(log, m, Self.intRange(high: (false, 0, true))).1 == 4)  // <= 0
    #expect(Self.count(log, m, Self.intRange(low: (true, 1, true), high: (false, 5, false))).1 == 3)  // -2..<5
    #expect(Self.count(log, m, Self.intRange(low: (false, UInt64(Int64.max), false))).1 == 1)  // > Int64.max
    #expect(Self.count(log, m, Self.intRange(low: (true, UInt64(Int64.max), true))).1 == 7)  // >= Int64.min
    #expect(Self.count(log, m, Self.intRange()).1 == 7)  // every integer, no double or string
  }

  /// An integer value in the NINT convention: (negative, magnitude), the value being
  /// `-(magnitude + 1)` when negative.
  typealias EngineInteger = (negative: Bool, magnitude: UInt64)

  /// `a` compared with `b` (-1, 0, 1), computed here independently of the engine.
  static func compare(_ a: EngineInteger, _ b: EngineInteger) -> Int {
    if a.negative != b.negative { return a.negative ? -1 : 1 }
    if a.magnitude == b.magnitude { return 0 }
    return (a.magnitude < b.magnitude) != a.negative ? -1 : 1
  }

  /// Pages whose calls all share method, tag and a readable argument list take the scan's integer
  /// fast path; a page with one call of another method takes the general one. Both must give the
  /// answer computed here, for every boundary value against every pair of bounds.
  @Test func integerRangesGiveTheSameAnswerOnUniformAndMixedPages() {
    let points: [EngineInteger] = [
      (true, UInt64.max), (true, UInt64(Int64.max)), (true, 200), (true, 127), (true, 1), (true, 0),
      (false, 0), (false, 1), (false, 127), (false, 128), (false, 16_383), (false, 16_384),
      (false, UInt64(Int64.max)), (false, UInt64.max - 1), (false, UInt64.max),
    ]
    // Tag and LEB128 magnitude written by hand: NINT magnitudes past Int64's reach no writer call.
    func bytes(_ v: EngineInteger) -> [UInt8] {
      var out: [UInt8] = [v.negative ? 0x05 : 0x04]
      var m = v.magnitude
      repeat {
        out.append(UInt8(m & 0x7F) | (m >= 0x80 ? 0x80 : 0))
        m >>= 7
      } while m != 0
      return out
    }
    let uniform = Log()
    let m = uniform.intern("m")
    let mixed = Log()
    let other = mixed.intern("other")
    let mm = mixed.intern("m")
    #expect(mixed.append(other, []) == VRT_OK)
    for point in points {
      #expect(uniform.append(m, [bytes(point)]) == VRT_OK)
      #expect(mixed.append(mm, [bytes(point)]) == VRT_OK)
    }
    let bounds: [(Bool, UInt64, Bool)?] = [nil] + points.flatMap { [($0.negative, $0.magnitude, false), ($0.negative, $0.magnitude, true)] }
    var checked = 0
    for low in bounds {
      for high in bounds {
        let expected = points.filter { point in
          if let low {
            let c = Self.compare(point, (low.0, low.1))
            if c < 0 || (c == 0 && !low.2) { return false }
          }
          if let high {
            let c = Self.compare(point, (high.0, high.1))
            if c > 0 || (c == 0 && !high.2) { return false }
          }
          return true
        }.count
        let pattern = Self.intRange(low: low, high: high)
        let fast = Self.count(uniform, m, pattern)
        let general = Self.count(mixed, mm, pattern)
        #expect(fast.0 == VRT_OK && general.0 == VRT_OK)
        #expect(fast.1 == UInt64(expected), "uniform page, low \(String(describing: low)), high \(String(describing: high))")
        #expect(general.1 == UInt64(expected), "mixed page, low \(String(describing: low)), high \(String(describing: high))")
        checked += 1
      }
    }
    #expect(checked == 31 * 31)
  }

  @Test func doubleRangesCompareAsCDoubles() {
    let log = Log()
    let m = log.intern("m")
    for value in [-1.5, 0, 2.5, .infinity, .nan] { #expect(log.append(m, [encode { $0.double(value) }]) == VRT_OK) }
    #expect(log.append(m, [intBytes(1)]) == VRT_OK)
    var below = vrt_arg_pattern()
    below.kind = VRT_ARG_DOUBLE_RANGE
    below.flags = UInt32(VRT_ARG_HIGH)
    below.high.value = 2.5
    #expect(Self.count(log, m, below).1 == 2)  // NaN and the integer do not match
    below.flags |= UInt32(VRT_ARG_HIGH_INCLUSIVE)
    #expect(Self.count(log, m, below).1 == 3)
    var any = vrt_arg_pattern()
    any.kind = VRT_ARG_DOUBLE_RANGE
    #expect(Self.count(log, m, any).1 == 5)
  }

  @Test func stringKindsDecideASCIIAndHandTheRestToTheCallback() {
    let log = Log()
    let m = log.intern("m")
    for text in ["abc", "ABC", "xabcx", "ab", "abc\r\n", "caf\u{E9}"] {
      #expect(log.append(m, [stringBytes(text)]) == VRT_OK)
    }
    let needle: [UInt8] = Array("abc".utf8)
    needle.withUnsafeBufferPointer { bytes in
      var prefix = vrt_arg_pattern()
      prefix.kind = VRT_ARG_STRING_PREFIX
      prefix.bytes = bytes.baseAddress
      prefix.length = bytes.count
      // "abc" decided in the engine; "abc\r\n" and "café" go to the callback (false here).
      #expect(Self.count(log, m, prefix, fallback: false).1 == 1)
      #expect(Self.count(log, m, prefix, fallback: true).1 == 3)
      prefix.flags = UInt32(VRT_ARG_ASCII_CASE_FOLD)
      #expect(Self.count(log, m, prefix).1 == 2)
      var contains = prefix
      contains.kind = VRT_ARG_STRING_CONTAINS
      #expect(Self.count(log, m, contains).1 == 3)
      var suffix = prefix
      suffix.kind = VRT_ARG_STRING_SUFFIX
      suffix.flags = 0
      #expect(Self.count(log, m, suffix).1 == 1)
    }
    // A non-ASCII needle is refused.
    let accented: [UInt8] = Array("é".utf8)
    accented.withUnsafeBufferPointer { bytes in
      var prefix = vrt_arg_pattern()
      prefix.kind = VRT_ARG_STRING_PREFIX
      prefix.bytes = bytes.baseAddress
      prefix.length = bytes.count
      #expect(Self.count(log, m, prefix).0 == VRT_ERR_INVALID_ARGUMENT)
    }
  }

  @Test func engineTagsLeaveOtherCallsToTheCallback() {
    let log = Log()
    let m = log.intern("m")
    var index: UInt64 = 0
    for (value, tag) in [(1, 7), (2, 7), (3, 9)] as [(Int64, UInt32)] {
      let bytes = intBytes(value)
      #expect(bytes.withUnsafeBufferPointer { vrt_log_append_tagged(log.raw, m, $0.baseAddress, $0.count, 1, VRT_SEQ_AUTO, tag, &index) } == VRT_OK)
    }
    #expect(log.call(2).tag == 9)
    let below10 = Self.intRange(high: (false, 10, false))
    #expect(Self.count(log, m, below10, tags: [7], fallback: false).1 == 2)
    #expect(Self.count(log, m, below10, tags: [7], fallback: true).1 == 3)
    #expect(Self.count(log, m, below10, tags: [], fallback: false).1 == 0)
    #expect(Self.count(log, m, below10).1 == 3)
  }

  @Test func typedAnyMatchesEngineTaggedCallsAndAsksForTheRest() {
    let log = Log()
    let m = log.intern("m")
    var index: UInt64 = 0
    // Calls tagged 7 hold the wanted type; the call tagged 9 holds another (a string).
    let calls: [([UInt8], UInt32)] = [(intBytes(1), 7), (intBytes(2), 7), (stringBytes("x"), 9)]
    for (bytes, tag) in calls {
      #expect(bytes.withUnsafeBufferPointer { vrt_log_append_tagged(log.raw, m, $0.baseAddress, $0.count, 1, VRT_SEQ_AUTO, tag, &index) } == VRT_OK)
    }
    var typedAny = vrt_arg_pattern()
    typedAny.kind = VRT_ARG_TYPED_ANY
    #expect(Self.count(log, m, typedAny, tags: [7], fallback: false).1 == 2)
    #expect(Self.count(log, m, typedAny, tags: [7], fallback: true).1 == 3)
    #expect(Self.count(log, m, typedAny, tags: [], fallback: false).1 == 0)
    #expect(Self.count(log, m, typedAny).1 == 3)  // no tags given: the engine decides every call

    // Next to a range on the first argument, trailing typed-any arguments are not looked at for
    // tagged calls, and the callback decides them for the others.
    let two = Log()
    let n = two.intern("n")
    for (value, tag) in [(1, 7), (20, 7), (3, 9)] as [(Int64, UInt32)] {
      let bytes = intBytes(value) + stringBytes("s")
      #expect(bytes.withUnsafeBufferPointer { vrt_log_append_tagged(two.raw, n, $0.baseAddress, $0.count, 2, VRT_SEQ_AUTO, tag, &index) } == VRT_OK)
    }
    var args = [Self.intRange(high: (false, 10, false)), typedAny]
    for (tags, fallback, expected) in [([UInt32(7)], false, UInt64(1)), ([7], true, 2)] {
      var count: UInt64 = 0
      let answer = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
      defer { answer.deallocate() }
      answer.pointee = fallback
      let status = args.withUnsafeMutableBufferPointer { buffer in
        tags.withUnsafeBufferPointer { tagBuffer in
          var pattern = vrt_pattern()
          pattern.method = n
          pattern.arg_count = 2
          pattern.args = UnsafePointer(buffer.baseAddress)
          pattern.predicate = { context, _, _, _, _ in context!.assumingMemoryBound(to: Bool.self).pointee }
          pattern.predicate_context = UnsafeMutableRawPointer(answer)
          pattern.engine_tags = tagBuffer.baseAddress
          pattern.engine_tag_count = tagBuffer.count
          return vrt_log_count(two.raw, &pattern, &count)
        }
      }
      #expect(status == VRT_OK)
      #expect(count == expected, "tags \(tags), callback answers \(fallback)")
    }
    // Without the callback, the kind is rejected (like the string kinds).
    var pattern = vrt_pattern()
    pattern.method = m
    pattern.arg_count = 1
    var count: UInt64 = 0
    let status = withUnsafePointer(to: typedAny) { argument in
      pattern.args = argument
      return vrt_log_count(log.raw, &pattern, &count)
    }
    #expect(status == VRT_ERR_INVALID_ARGUMENT)
  }

  @Test func argumentsAreFoundInBatchesAndMarkedByList() {
    let log = Log()
    let m = log.intern("m")
    let other = log.intern("other")
    for i in 0..<1_000 {
      #expect(log.append(m, [intBytes(Int64(i)), stringBytes("s\(i % 3)")]) == VRT_OK)
      if i % 10 == 0 { #expect(log.append(other, []) == VRT_OK) }
    }
    var bytes: UnsafePointer<UInt8>? = nil
    var length = 0
    var tag: UInt32 = 1
    #expect(vrt_log_argument(log.raw, 0, 1, &bytes, &length, &tag) == VRT_OK)
    #expect(Array(UnsafeBufferPointer(start: bytes, count: length)) == stringBytes("s0") && tag == 0)
    #expect(vrt_log_argument(log.raw, 0, 2, &bytes, &length, nil) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_argument(log.raw, 1_000_000, 0, &bytes, &length, nil) == VRT_ERR_INVALID_ARGUMENT)

    // Every call with "s1" as its second argument, in batches of 64, with its first argument.
    var found: [Int64] = []
    var indices: [UInt64] = []
    withPattern(method: m, [.any, .eq(stringBytes("s1"))]) { (pattern: inout vrt_pattern) in
      var from: UInt64 = 0
      var batch = [vrt_found_argument](repeating: vrt_found_argument(), count: 64)
      while true {
        var written = 0
        let status = batch.withUnsafeMutableBufferPointer {
          vrt_log_find_arguments(log.raw, &pattern, from, 0, $0.baseAddress, 64, &written)
        }
        #expect(status == VRT_OK)
        for entry in batch.prefix(written) {
          var value: Int64 = 0
          #expect(vrt_read_int64(entry.bytes, entry.length, &value))
          found.append(value)
          indices.append(entry.index)
        }
        if written < 64 { break }
        from = batch[written - 1].index + 1
      }
      // A position past the calls' arguments: the calls are found, with no bytes.
      var beyond = [vrt_found_argument](repeating: vrt_found_argument(), count: 8)
      var written = 0
      let status = beyond.withUnsafeMutableBufferPointer {
        vrt_log_find_arguments(log.raw, &pattern, 0, 2, $0.baseAddress, 8, &written)
      }
      #expect(status == VRT_OK && written == 8)
      #expect(beyond.map(\.index) == indices.prefix(8).map { $0 })
      #expect(beyond.allSatisfy { $0.bytes == nil && $0.length == 0 && $0.tag == 0 })
    }
    #expect(found == Array(stride(from: 1, to: 1_000, by: 3)).map(Int64.init))
    // Every call of `m`, second argument: the batches cross each page boundary (pages hold 64,
    // 64, 128, 256, ... calls), and each entry is what the one-call reader gives.
    var every = 0
    withPattern(method: m, [.any, .any]) { (pattern: inout vrt_pattern) in
      var from: UInt64 = 0
      var batch = [vrt_found_argument](repeating: vrt_found_argument(), count: 100)
      while true {
        var written = 0
        let status = batch.withUnsafeMutableBufferPointer {
          vrt_log_find_arguments(log.raw, &pattern, from, 1, $0.baseAddress, 100, &written)
        }
        #expect(status == VRT_OK)
        for entry in batch.prefix(written) {
          var single: UnsafePointer<UInt8>? = nil
          var singleLength = 0
          var singleTag: UInt32 = 1
          #expect(vrt_log_argument(log.raw, entry.index, 1, &single, &singleLength, &singleTag) == VRT_OK)
          #expect(single == entry.bytes && singleLength == entry.length && singleTag == entry.tag)
          #expect(Array(UnsafeBufferPointer(start: entry.bytes, count: entry.length)) == stringBytes("s\(every % 3)"))
          every += 1
        }
        if written < 100 { break }
        from = batch[written - 1].index + 1
      }
    }
    #expect(every == 1_000)
    #expect(indices.withUnsafeBufferPointer { vrt_log_mark_calls(log.raw, $0.baseAddress, $0.count) } == VRT_OK)
    #expect(log.unverified(m, capacity: 0).total == 1_000 - UInt64(found.count))
    var past: [UInt64] = [0, 10_000_000]
    #expect(past.withUnsafeMutableBufferPointer { vrt_log_mark_calls(log.raw, $0.baseAddress, 2) } == VRT_ERR_INVALID_ARGUMENT)
    #expect(log.call(0).verified == false)  // nothing changed
  }

  @Test func readersRefuseAnythingButExactlyOneValueOfTheirKind() {
    var value: Int64 = 0
    var double = 0.0
    for (bytes, expected) in [(intBytes(-7), Int64(-7)), (intBytes(Int64.min), Int64.min), (intBytes(Int64.max), Int64.max)] {
      #expect(vrt_read_int64(bytes, bytes.count, &value) && value == expected)
    }
    let huge = encode { $0.uint(UInt64.max) }
    #expect(!vrt_read_int64(huge, huge.count, &value))
    let two = intBytes(1) + intBytes(2)
    #expect(!vrt_read_int64(two, two.count, &value))
    let text = stringBytes("1")
    #expect(!vrt_read_int64(text, text.count, &value))
    let half = encode { $0.double(0.5) }
    #expect(vrt_read_double(half, half.count, &double) && double == 0.5)
    #expect(!vrt_read_double(text, text.count, &double))
  }

  /// Exact queries scan until they repeat, then build the index: the answers never change.
  @Test func exactQueriesAnswerTheSameBeforeAndAfterTheIndex() {
    for constant in [false, true] {
      let log = Log(constantHash: constant ? 3 : nil)
      let m = log.intern("m")
      for i in 0..<3_000 { #expect(log.append(m, [intBytes(Int64(i % 100)), stringBytes("k\(i % 7)")]) == VRT_OK) }
      var answers: [UInt64] = []
      for round in 0..<Int(VRT_EXACT_SCANS_BEFORE_INDEX) + 4 {
        answers.append(log.count(m, [.eq(intBytes(Int64(round))), .eq(stringBytes("k\(round % 7)"))]))
        answers.append(log.find(m, [.eq(intBytes(5)), .eq(stringBytes("k5"))], from: 1_000, capacity: 4).total)
      }
      let expected = (0..<Int(VRT_EXACT_SCANS_BEFORE_INDEX) + 4).flatMap { round -> [UInt64] in
        let matching = (0..<3_000).filter { $0 % 100 == round && $0 % 7 == round % 7 }.count
        let later = (1_000..<3_000).filter { $0 % 100 == 5 && $0 % 7 == 5 }.count
        return [UInt64(matching), UInt64(later)]
      }
      #expect(answers == expected, "constant hash: \(constant)")
    }
  }
}
