import CVerityEngine
import Testing

/// NULL and length-0 contracts of every public function.
@Suite struct NullContractTests {
  @Test func statusStrings() {
    #expect(String(cString: vrt_status_string(VRT_OK)) == "ok")
    #expect(String(cString: vrt_status_string(VRT_ERR_TRUNCATED)) == "truncated input")
    #expect(String(cString: vrt_status_string(vrt_status(rawValue: 999))) == "unknown status")
    // The header promises VRT_OK is 0; Verity's recording path compares statuses by raw value.
    #expect(VRT_OK.rawValue == 0)
  }

  @Test func hashing() {
    let empty = vrt_hash_bytes(nil, 0, nil)
    #expect(vrt_hash_bytes([UInt8](), 0, nil) == empty)
    // Contract violation (NULL with a length) hashes the empty input instead of reading NULL.
    #expect(vrt_hash_bytes(nil, 8, nil) == empty)
  }

  @Test func writerFunctionsAcceptNull() {
    vrt_writer_init(nil)
    vrt_writer_destroy(nil)
    vrt_writer_reset(nil)
    #expect(!vrt_writer_grow(nil, 1))
    #expect(vrt_writer_finish(nil) == VRT_ERR_NULL_ARGUMENT)
    vrt_writer_write_opaque(nil, nil, 0, nil, 0)
    vrt_writer_begin(nil, Tag.array, nil, 0)
    vrt_writer_end(nil)
    #expect(vrt_writer_object_seen(nil, 1))
    vrt_writer_forget_identities(nil)
    vrt_writer_wrap_some(nil, 0)
  }

  @Test func writerNullDataWithLength() {
    let w = Writer()
    vrt_writer_write_opaque(&w.raw, nil, 1, nil, 0)
    #expect(w.finish == VRT_ERR_NULL_ARGUMENT)
    let v = Writer()
    vrt_writer_begin(&v.raw, Tag.struct, nil, 2)
    #expect(v.finish == VRT_ERR_NULL_ARGUMENT)
    // NULL with length 0 is an empty name or string.
    let u = Writer()
    vrt_writer_begin(&u.raw, Tag.struct, nil, 0)
    vrt_writer_write_string(&u.raw, nil, 0)
    vrt_writer_write_nil(&u.raw)
    vrt_writer_end(&u.raw)
    #expect(u.finish == VRT_OK)
    #expect(u.bytes == [0x13, 5, 0, 0, 0, 0x07, 0x00, 0x07, 0x00, 0x01])
  }

  @Test func writerGrowthOverflowIsTooLarge() {
    let w = Writer()
    w.int(1)
    #expect(!vrt_writer_grow(&w.raw, Int(bitPattern: UInt.max)))  // SIZE_MAX
    #expect(w.status == VRT_ERR_TOO_LARGE)
  }

  @Test func destroyedWriterCanBeReinitialized() {
    var w = vrt_writer()
    vrt_writer_init(&w)
    vrt_writer_write_int(&w, 5)
    vrt_writer_destroy(&w)
    #expect(vrt_writer_length(&w) == 0)
    vrt_writer_init(&w)
    vrt_writer_write_int(&w, 6)
    #expect(vrt_writer_length(&w) == 2)
    vrt_writer_destroy(&w)
  }

  @Test func readersRejectNull() {
    var size = 0
    var value: UInt64 = 0
    let one: [UInt8] = [0x01]
    #expect(vrt_value_size(nil, 0, &size) == VRT_ERR_TRUNCATED)
    #expect(vrt_value_size(nil, 1, &size) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_value_size(one, 1, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_read_varint(nil, 0, &value, &size) == VRT_ERR_TRUNCATED)
    #expect(vrt_read_varint(nil, 1, &value, &size) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_read_varint(one, 1, nil, &size) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_read_varint(one, 1, &value, nil) == VRT_ERR_NULL_ARGUMENT)
    var table = vrt_node_table()
    #expect(vrt_node_table_build(nil, 0, nil, &table) == VRT_ERR_TRUNCATED)
    #expect(vrt_node_table_build(nil, 1, nil, &table) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_node_table_build(one, 1, nil, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(table.nodes == nil && table.count == 0)
    vrt_node_table_free(nil)
    vrt_node_table_free(&table)
    #expect(vrt_validate(nil, 0) == VRT_ERR_TRUNCATED)
    #expect(vrt_validate(nil, 1) == VRT_ERR_NULL_ARGUMENT)
  }

  @Test func logLifecycleAndNull() {
    #expect(vrt_log_create(nil, nil) == VRT_ERR_NULL_ARGUMENT)
    var log: OpaquePointer?
    #expect(vrt_log_create(nil, &log) == VRT_OK)
    defer { vrt_log_free(log) }
    vrt_log_free(nil)
    var id: UInt32 = 0
    #expect(vrt_log_intern(nil, "f", 1, &id) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_intern(log, nil, 1, &id) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_intern(log, "f", 1, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_intern(log, nil, 0, &id) == VRT_OK)  // the empty name
    #expect(vrt_log_find_method(nil, "f", 1, &id) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_find_method(log, nil, 1, &id) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_find_method(log, "f", 1, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_method_count(nil) == 0)
    #expect(vrt_log_method_name(nil, 0, nil) == nil)
    #expect(vrt_log_append(nil, 0, nil, 0, 0, VRT_SEQ_AUTO, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_count_calls(nil) == 0)
    #expect(vrt_log_count_method(nil, 0) == 0)
    #expect(vrt_log_memory(nil) == 0)
    var call = vrt_call()
    #expect(vrt_log_get(nil, 0, &call) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_get(log, 0, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_get(log, 0, &call) == VRT_ERR_INVALID_ARGUMENT)
    #expect(vrt_log_lower_bound(nil, 5) == 0)
    #expect(vrt_log_lower_bound(log, 5) == 0)
    #expect(vrt_log_set_verified(nil, 0, true) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_set_verified(log, 0, true) == VRT_ERR_INVALID_ARGUMENT)
  }

  @Test func queriesRejectNull() {
    let log = Log()
    let f = log.intern("f")
    var pattern = vrt_pattern()
    pattern.method = f
    var count: UInt64 = 0
    var index: UInt64 = 0
    var near = vrt_near_call()
    #expect(vrt_log_count(nil, &pattern, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_count(log.raw, nil, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_count(log.raw, &pattern, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_find(nil, &pattern, 0, nil, 0, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_find(log.raw, nil, 0, nil, 0, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_find(log.raw, &pattern, 0, nil, 0, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_find(log.raw, &pattern, 0, nil, 1, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_first(nil, &pattern, 0, &index) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_first(log.raw, nil, 0, &index) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_first(log.raw, &pattern, 0, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_mark_verified(nil, &pattern, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_mark_verified(log.raw, nil, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_unverified(nil, VRT_NONE, nil, 0, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_unverified(log.raw, VRT_NONE, nil, 0, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_unverified(log.raw, VRT_NONE, nil, 1, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_nearest(nil, &pattern, &near, 1, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_nearest(log.raw, nil, &near, 1, &count) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_nearest(log.raw, &pattern, &near, 1, nil) == VRT_ERR_NULL_ARGUMENT)
    #expect(vrt_log_nearest(log.raw, &pattern, nil, 1, &count) == VRT_ERR_NULL_ARGUMENT)
  }

  @Test func emptyLogAnswersEveryQuery() {
    let log = Log()
    let f = log.intern("f")
    #expect(log.count(f, []) == 0)
    #expect(log.count(f, [.any]) == 0)
    #expect(log.count(f, [], flags: UInt32(VRT_PATTERN_ANY_ARGUMENTS)) == 0)
    #expect(log.find(f, [.eq(intBytes(1))]) == (0, []))
    #expect(log.first(f, [.any]) == nil)
    #expect(log.markVerified(f, [.any]) == 0)
    #expect(log.unverified() == (0, []))
    #expect(log.unverified(f) == (0, []))
    #expect(log.nearest(f, [.any], capacity: 4).total == 0)
    // Zero-capacity outputs may be NULL.
    var total: UInt64 = 9
    let status = withPattern(method: f, []) { vrt_log_find(log.raw, &$0, 0, nil, 0, &total) }
    #expect(status == VRT_OK && total == 0)
  }

  @Test func callsWithoutArguments() {
    let log = Log()
    let f = log.intern("f")
    for _ in 0..<3 { #expect(vrt_log_append(log.raw, f, nil, 0, 0, VRT_SEQ_AUTO, nil) == VRT_OK) }
    #expect(log.count(f, []) == 3)
    #expect(log.find(f, [], from: 1) == (2, [1, 2]))
    #expect(log.count(f, [.any]) == 0)
    #expect(log.nearest(f, [.any], capacity: 1).calls.first?.mismatch_mask == 0b1)
    let call = log.call(0)
    #expect(call.length == 0 && call.arg_count == 0)
  }
}
