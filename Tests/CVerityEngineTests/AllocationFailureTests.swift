import CVerityEngine
import Testing

/// The engine under memory pressure: a test seam makes exactly the n-th allocation fail, and each
/// test sweeps n over every allocation of a representative workload. Every call must answer with a
/// status (OK or OUT_OF_MEMORY), the object must stay usable, and nothing recorded before the
/// failure may be lost. Leaks are checked by running these tests under LeakSanitizer (CI).
@Suite struct AllocationFailureTests {
  /// Every C predicate call answers "the argument is an unsigned integer".
  static let isUnsigned: vrt_predicate_fn = { _, _, _, bytes, length in
    length > 0 && bytes![0] == UInt8(VRT_TAG_UINT)
  }

  /// One step of the workload: what it did, and its status.
  struct Step: Equatable {
    var name: String
    var status: vrt_status
    var answer: [UInt64]
  }

  /// Appends 600 calls over three methods (pages and arena chunks grow), then every query kind,
  /// with index and hash-column builds along the way. Returns each step's status and answer.
  static func workload(_ log: Log) -> [Step] {
    var steps: [Step] = []
    var methods: [UInt32] = []
    for name in ["open", "save", "close"] {
      var id: UInt32 = 0
      let status = Array(name.utf8CString).withUnsafeBufferPointer { vrt_log_intern(log.raw, $0.baseAddress, name.utf8.count, &id) }
      steps.append(Step(name: "intern \(name)", status: status, answer: status == VRT_OK ? [UInt64(id)] : []))
      if status != VRT_OK { return steps }  // the methods are the workload's premise
      methods.append(id)
    }
    for i in 0..<600 {
      let args: [[UInt8]] = [intBytes(Int64(i % 7)), stringBytes(i % 2 == 0 ? "even" : "odd")]
      steps.append(Step(name: "append \(i)", status: log.append(methods[i % 3], args), answer: []))
    }
    func query(_ name: String, _ method: UInt32, _ args: [Arg], flags: UInt32 = 0,
               _ run: (inout vrt_pattern) -> (vrt_status, [UInt64])) {
      let (status, answer) = withPattern(method: method, args, flags: flags, predicate: isUnsigned, context: nil, run)
      steps.append(Step(name: name, status: status, answer: status == VRT_OK ? answer : []))
    }
    let exact: [Arg] = [.eq(intBytes(3)), .eq(stringBytes("odd"))]
    let column: [Arg] = [.any, .eq(stringBytes("even"))]
    let predicate: [Arg] = [.predicate, .eq(stringBytes("odd"))]
    for (name, args) in [("exact", exact), ("column", column), ("predicate", predicate)] {
      query("count \(name)", methods[1], args) { pattern in
        var count: UInt64 = 0
        return (vrt_log_count(log.raw, &pattern, &count), [count])
      }
      query("find \(name)", methods[1], args) { pattern in
        var out = [UInt64](repeating: 0, count: 8)
        var total: UInt64 = 0
        let status = out.withUnsafeMutableBufferPointer { vrt_log_find(log.raw, &pattern, 5, $0.baseAddress, 8, &total) }
        return (status, Array(out.prefix(Int(min(total, 8)))) + [total])
      }
      query("first \(name)", methods[1], args) { pattern in
        var index: UInt64 = 0
        return (vrt_log_first(log.raw, &pattern, 100, &index), [index])
      }
      query("nearest \(name)", methods[1], args) { pattern in
        var near = [vrt_near_call](repeating: vrt_near_call(), count: 4)
        var total: UInt64 = 0
        let status = near.withUnsafeMutableBufferPointer { vrt_log_nearest(log.raw, &pattern, $0.baseAddress, 4, &total) }
        return (status, near.prefix(Int(min(total, 4))).map(\.index) + [total])
      }
      query("mark if (fails) \(name)", methods[1], args) { pattern in
        var count: UInt64 = 0
        var marked = false
        return (vrt_log_mark_verified_if(log.raw, &pattern, 1_000, 2_000, &count, &marked), [count, marked ? 1 : 0])
      }
      query("mark if (passes) \(name)", methods[1], args) { pattern in
        var count: UInt64 = 0
        var marked = false
        return (vrt_log_mark_verified_if(log.raw, &pattern, 0, 1_000, &count, &marked), [count, marked ? 1 : 0])
      }
    }
    query("mark all of close", methods[2], [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) { pattern in
      var count: UInt64 = 0
      return (vrt_log_mark_verified(log.raw, &pattern, &count), [count])
    }
    var out = [UInt64](repeating: 0, count: 16)
    var total: UInt64 = 0
    let status = out.withUnsafeMutableBufferPointer { vrt_log_unverified(log.raw, VRT_NONE, $0.baseAddress, 16, &total) }
    steps.append(Step(name: "unverified", status: status, answer: status == VRT_OK ? Array(out.prefix(16)) + [total] : []))
    return steps
  }

  @Test func everyAllocationOfTheLogCanFail() {
    let clean = Log(chunkSize: 256)
    let before = vrt_log_fail_allocation(clean.raw, 0)
    let expected = Self.workload(clean)
    let allocations = vrt_log_fail_allocation(clean.raw, 0) - before
    #expect(allocations > 20)
    #expect(expected.allSatisfy { $0.status == VRT_OK })
    for n in 1...allocations {
      let log = Log(chunkSize: 256)
      _ = vrt_log_fail_allocation(log.raw, n)
      let steps = Self.workload(log)
      // At most one step met the failure and reported it. A step may also absorb it (the undo log
      // of mark_verified_if falls back to a second pass): then every answer must be the same.
      let failed = steps.enumerated().filter { $0.element.status != VRT_OK }
      #expect(failed.count <= 1, "allocation \(n): \(failed.map(\.element.name))")
      guard let (index, step) = failed.first else {
        #expect(steps == expected, "allocation \(n) was absorbed, but an answer changed")
        continue
      }
      #expect(step.status == VRT_ERR_OUT_OF_MEMORY, "allocation \(n): \(step.name)")
      for (i, other) in steps.enumerated() where i != index && !other.name.hasPrefix("mark") && other.name != "unverified" {
        // A failed append shifts later indices (and a failed intern ends the workload), so
        // compare the query answers only when the failure was in a query.
        if !step.name.hasPrefix("count") && !step.name.hasPrefix("find") && !step.name.hasPrefix("first")
          && !step.name.hasPrefix("nearest") && !step.name.hasPrefix("mark") && step.name != "unverified"
          && !other.name.hasPrefix("append") && !other.name.hasPrefix("intern")
        {
          continue
        }
        #expect(other == expected[i], "allocation \(n) (\(step.name)): \(other.name)")
      }
      // The log stays usable and lost nothing recorded before the failure.
      _ = vrt_log_fail_allocation(log.raw, 0)
      let appended = steps.filter { $0.name.hasPrefix("append") && $0.status == VRT_OK }.count
      #expect(log.count == UInt64(appended))
      if step.name.hasPrefix("intern") {
        #expect(appended == 0)
      } else if step.name.hasPrefix("append") {
        #expect(appended == 599)
      } else {
        // Every query answers as on the log that never failed (verified bits aside).
        let again = Self.workload(log).suffix(from: 603)
        let reference = Self.workloadAnswersOnFresh(appendingTwice: true)
        for (mine, theirs) in zip(again, reference) where mine.name.hasPrefix("count") || mine.name.hasPrefix("find")
          || mine.name.hasPrefix("first") || mine.name.hasPrefix("nearest")
        {
          #expect(mine == theirs, "allocation \(n) (\(step.name)), afterwards: \(mine.name)")
        }
      }
    }
  }

  /// The answers of the workload's queries on a log that never failed, after the workload ran once
  /// (so the calls are appended twice, as in the swept log after its second run).
  static func workloadAnswersOnFresh(appendingTwice: Bool) -> ArraySlice<Step> {
    let log = Log(chunkSize: 256)
    _ = workload(log)
    return workload(log).suffix(from: 603)
  }

  @Test func everyAllocationOfTheWriterCanFail() {
    func write(_ w: inout vrt_writer) {
      vrt_writer_begin(&w, UInt8(VRT_TAG_ARRAY), nil, 0)
      for i in stride(from: 40, to: 0, by: -1) {
        vrt_writer_begin(&w, UInt8(VRT_TAG_SET), nil, 0)
        for k in stride(from: 5, to: 0, by: -1) { vrt_writer_write_int(&w, Int64(i * k)) }
        vrt_writer_end(&w)
        vrt_writer_begin(&w, UInt8(VRT_TAG_DICT), nil, 0)
        for k in stride(from: 5, to: 0, by: -1) {
          vrt_writer_write_string(&w, "k\(k)", 2)
          vrt_writer_write_data(&w, UInt8(VRT_TAG_BYTES), [UInt8](repeating: 7, count: 40), 40)
        }
        vrt_writer_end(&w)
        // A chain of objects whose last one points back to the first (identities, a cycle).
        for depth in 0..<3 {
          if !vrt_writer_object_seen(&w, UInt(1_000 * i + depth + 1)) {
            vrt_writer_begin(&w, UInt8(VRT_TAG_OBJECT), "N", 1)
            vrt_writer_write_string(&w, "next", 4)
          }
        }
        _ = vrt_writer_object_seen(&w, UInt(1_000 * i + 1))
        for _ in 0..<3 { vrt_writer_end(&w) }
      }
      vrt_writer_end(&w)
    }
    var clean = vrt_writer()
    vrt_writer_init(&clean)
    write(&clean)
    #expect(vrt_writer_finish(&clean) == VRT_OK)
    let expected = Array(UnsafeBufferPointer(start: vrt_writer_bytes(&clean), count: vrt_writer_length(&clean)))
    let allocations = vrt_writer_fail_allocation(&clean, 0)
    vrt_writer_destroy(&clean)
    #expect(validate(expected) == VRT_OK)
    #expect(allocations > 5)
    for n in 1...allocations {
      var w = vrt_writer()
      vrt_writer_init(&w)
      _ = vrt_writer_fail_allocation(&w, n)
      write(&w)
      #expect(vrt_writer_finish(&w) == VRT_ERR_OUT_OF_MEMORY, "allocation \(n)")
      // Reset, and the same value comes out whole.
      _ = vrt_writer_fail_allocation(&w, 0)
      vrt_writer_reset(&w)
      write(&w)
      #expect(vrt_writer_finish(&w) == VRT_OK)
      #expect(Array(UnsafeBufferPointer(start: vrt_writer_bytes(&w), count: vrt_writer_length(&w))) == expected)
      vrt_writer_destroy(&w)
    }
  }

  @Test func everyAllocationOfANodeTableBuildCanFail() {
    let bytes = encode { w in
      w.begin(Tag.array)
      for i in 0..<500 {
        w.begin(Tag.struct, "S")
        w.string("v")
        w.int(Int64(i))
        w.end()
      }
      w.end()
    }
    var table = vrt_node_table()
    var allocations: UInt64 = 0
    #expect(vrt_node_table_build_failing(bytes, bytes.count, nil, 0, &table, &allocations) == VRT_OK)
    #expect(table.count == 1_001)
    vrt_node_table_free(&table)
    #expect(allocations > 3)
    for n in 1...allocations {
      var failing = vrt_node_table()
      #expect(vrt_node_table_build_failing(bytes, bytes.count, nil, n, &failing, nil) == VRT_ERR_OUT_OF_MEMORY)
      #expect(failing.nodes == nil && failing.count == 0)
    }
  }
}
