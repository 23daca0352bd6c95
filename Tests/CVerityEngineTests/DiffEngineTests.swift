import CVerityEngine
import Testing

/// The C diff's contracts: arguments, limits, totals; its results on values are tested through
/// the Swift API (Tests/VerityTests/Diff) and by the fuzz target.
@Suite("vrt_diff")
struct DiffEngineTests {
  /// Runs vrt_diff on two byte structures with fresh node tables.
  func run(
    _ a: [UInt8], _ b: [UInt8], _ options: UnsafePointer<vrt_diff_options>? = nil,
    _ body: (vrt_status, vrt_diff_result) -> Void
  ) {
    var ta = vrt_node_table()
    var tb = vrt_node_table()
    defer {
      vrt_node_table_free(&ta)
      vrt_node_table_free(&tb)
    }
    #expect(vrt_node_table_build(a, a.count, nil, &ta) == VRT_OK)
    #expect(vrt_node_table_build(b, b.count, nil, &tb) == VRT_OK)
    var result = vrt_diff_result()
    let status = vrt_diff(a, a.count, &ta, b, b.count, &tb, options, &result)
    body(status, result)
    vrt_diff_result_free(&result)
  }

  func array(_ values: [UInt64]) -> [UInt8] {
    let w = Writer()
    w.begin(Tag.array)
    for value in values { w.uint(value) }
    w.end()
    return w.bytes
  }

  @Test func equalStructuresGiveAnEmptyResult() {
    run(array([1, 2, 3]), array([1, 2, 3])) { status, result in
      #expect(status == VRT_OK)
      #expect(result.edit_count == 0 && result.step_count == 0 && result.changed == 0 && !result.truncated)
    }
  }

  @Test func editsAndTotals() {
    run(array([1, 2, 3]), array([1, 9, 3, 4])) { status, result in
      #expect(status == VRT_OK)
      #expect(result.changed == 1 && result.inserted == 1 && result.removed == 0)
      let edits = Array(UnsafeBufferPointer(start: result.edits, count: result.edit_count))
      #expect(edits.map(\.kind) == [UInt32(VRT_DIFF_CHANGED.rawValue), UInt32(VRT_DIFF_INSERTED.rawValue)])
      let steps = UnsafeBufferPointer(start: result.steps, count: result.step_count)
      #expect(steps[Int(edits[0].step)].a_index == 1 && steps[Int(edits[0].step)].b_index == 1)
      #expect(steps[Int(edits[1].step)].a_index == VRT_NONE && steps[Int(edits[1].step)].b_index == 3)
    }
  }

  @Test func theEditLimitStopsRecordingNotCounting() {
    var options = vrt_diff_options()
    options.max_edits = 2
    run(array([1, 2, 3, 4, 5]), array([6, 7, 8, 9, 10]), &options) { status, result in
      #expect(status == VRT_OK)
      #expect(result.edit_count == 2 && result.truncated)
      #expect(result.changed == 5)
    }
  }

  @Test func nullAndInvalidArguments() {
    let a = array([1])
    var table = vrt_node_table()
    defer { vrt_node_table_free(&table) }
    #expect(vrt_node_table_build(a, a.count, nil, &table) == VRT_OK)
    var result = vrt_diff_result()
    #expect(vrt_diff(a, a.count, nil, a, a.count, &table, nil, &result) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_diff(a, a.count, &table, a, a.count, &table, nil, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_diff(nil, 3, &table, a, a.count, &table, nil, &result) == VRT_ERR_NULL_ARGUMENT)
    // A table that does not describe the bytes.
    #expect(vrt_diff(a, a.count - 1, &table, a, a.count, &table, nil, &result) == VRT_ERR_INVALID_ARGUMENT)
    var empty = vrt_node_table()
    #expect(vrt_diff(a, a.count, &empty, a, a.count, &table, nil, &result) == VRT_ERR_INVALID_ARGUMENT)
    var options = vrt_diff_options()
    options.identity_label_length = 2
    #expect(vrt_diff(a, a.count, &table, a, a.count, &table, &options, &result) == VRT_ERR_NULL_ARGUMENT)
    vrt_diff_result_free(nil)
  }

  @Test func ignoredPathsHaveALimitAndAnEmptyPathIgnoresEverything() {
    let paths = [vrt_diff_ignored_path](repeating: vrt_diff_ignored_path(steps: nil, count: 0), count: 65)
    paths.withUnsafeBufferPointer { buffer in
      var options = vrt_diff_options()
      options.ignored = buffer.baseAddress
      options.ignored_count = 65
      run(array([1]), array([2]), &options) { status, _ in #expect(status == VRT_ERR_TOO_LARGE) }
      options.ignored_count = 1
      run(array([1]), array([2]), &options) { status, result in
        #expect(status == VRT_OK)
        #expect(result.edit_count == 0 && result.changed == 0)
      }
    }
  }
}

/// vrt_decimal_nearest_double against Swift's correctly rounded `Double(String)`, on every path:
/// exact small values, 64-bit mantissas with exponents up to ±19, and the strtod fallback.
@Suite("vrt_decimal_nearest_double")
struct DecimalNearestDoubleTests {
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test func agreesWithCorrectlyRoundedParsing() {
    var rng = Generator(state: 3)
    for round in 0..<20_000 {
      let mantissa: UInt64
      switch round % 3 {
      case 0: mantissa = UInt64.random(in: 1..<(1 << 53), using: &rng)
      case 1: mantissa = UInt64.random(in: (1 << 53)...UInt64.max, using: &rng)
      default: mantissa = UInt64.random(in: 1...UInt64.max, using: &rng) >> UInt64.random(in: 0..<60, using: &rng) | 1
      }
      let exponent = Int32.random(in: -40...40, using: &rng)
      let negative = Bool.random(using: &rng)
      let expected = Double("\(negative ? "-" : "")\(mantissa)e\(exponent)")!
      let got = vrt_decimal_nearest_double(0, mantissa, exponent, negative)
      #expect(got.bitPattern == expected.bitPattern, "\(mantissa)e\(exponent)")
    }
  }

  @Test func wideMantissasAndEdges() {
    // 123456789012345678901234567891 = 6692605942 * 2^64 + 14083847773837265619
    #expect(vrt_decimal_nearest_double(6_692_605_942, 14_083_847_773_837_265_619, -10, false)
      == Double("12345678901234567890.1234567891")!)
    #expect(vrt_decimal_nearest_double(0, 65_613_616_999_999_977, -15, true) == Double("-65.613616999999977")!)
    #expect(vrt_decimal_nearest_double(0, 0, 5, true).sign == .minus)
    #expect(vrt_decimal_nearest_double(0, 1, 400, false) == .infinity)
    #expect(vrt_decimal_nearest_double(0, 1, -400, false) == 0)
    // Ties to even: 2^53 + 1 is halfway between 2^53 and 2^53 + 2.
    #expect(vrt_decimal_nearest_double(0, 9_007_199_254_740_993, 0, false) == 9_007_199_254_740_992)
  }
}
