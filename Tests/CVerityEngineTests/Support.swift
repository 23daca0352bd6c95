import CVerityEngine

/// Test helpers over the raw C API.

/// Tags as bytes (the C enum constants import as `Int`).
enum Tag {
  static let `nil` = UInt8(VRT_TAG_NIL)
  static let `false` = UInt8(VRT_TAG_FALSE)
  static let `true` = UInt8(VRT_TAG_TRUE)
  static let uint = UInt8(VRT_TAG_UINT)
  static let nint = UInt8(VRT_TAG_NINT)
  static let double = UInt8(VRT_TAG_DOUBLE)
  static let string = UInt8(VRT_TAG_STRING)
  static let bytes = UInt8(VRT_TAG_BYTES)
  static let some = UInt8(VRT_TAG_SOME)
  static let backref = UInt8(VRT_TAG_BACKREF)
  static let opaque = UInt8(VRT_TAG_OPAQUE)
  static let array = UInt8(VRT_TAG_ARRAY)
  static let set = UInt8(VRT_TAG_SET)
  static let dict = UInt8(VRT_TAG_DICT)
  static let `struct` = UInt8(VRT_TAG_STRUCT)
  static let `enum` = UInt8(VRT_TAG_ENUM)
  static let object = UInt8(VRT_TAG_OBJECT)
  static let tuple = UInt8(VRT_TAG_TUPLE)
}

/// A writer owned by Swift, destroyed on deinit.
final class Writer {
  var raw = vrt_writer()

  init() { vrt_writer_init(&raw) }
  deinit { vrt_writer_destroy(&raw) }

  var bytes: [UInt8] {
    let length = vrt_writer_length(&raw)
    guard length > 0, let base = vrt_writer_bytes(&raw) else { return [] }
    return Array(UnsafeBufferPointer(start: base, count: length))
  }

  var length: Int { vrt_writer_length(&raw) }
  var status: vrt_status { vrt_writer_status(&raw) }
  var finish: vrt_status { vrt_writer_finish(&raw) }

  func `nil`() { vrt_writer_write_nil(&raw) }
  func bool(_ value: Bool) { vrt_writer_write_bool(&raw, value) }
  func int(_ value: Int64) { vrt_writer_write_int(&raw, value) }
  func uint(_ value: UInt64) { vrt_writer_write_uint(&raw, value) }
  func double(_ value: Double) { vrt_writer_write_double(&raw, value) }
  func string(_ value: String) {
    var copy = value
    copy.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { chars in
        vrt_writer_write_string(&raw, chars.baseAddress, chars.count)
      }
    }
  }
  func data(_ value: [UInt8]) {
    value.withUnsafeBytes { vrt_writer_write_data(&raw, Tag.bytes, $0.baseAddress, $0.count) }
  }
  func begin(_ tag: UInt8, _ name: String? = nil) {
    if let name {
      var copy = name
      copy.withUTF8 { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { chars in
          vrt_writer_begin(&raw, tag, chars.baseAddress, chars.count)
        }
      }
    } else {
      vrt_writer_begin(&raw, tag, nil, 0)
    }
  }
  func end() { vrt_writer_end(&raw) }
  func objectSeen(_ identity: UInt) -> Bool { vrt_writer_object_seen(&raw, identity) }
  func wrapSome(from start: Int) { vrt_writer_wrap_some(&raw, start) }
  func forgetIdentities() { vrt_writer_forget_identities(&raw) }
  func reset() { vrt_writer_reset(&raw) }
}

/// Writes with a fresh writer and returns the bytes (expects a successful finish).
func encode(_ body: (Writer) -> Void) -> [UInt8] {
  let writer = Writer()
  body(writer)
  precondition(writer.finish == VRT_OK, "writer failed: \(writer.finish)")
  return writer.bytes
}

/// One string's encoded bytes.
func stringBytes(_ value: String) -> [UInt8] { encode { $0.string(value) } }
func intBytes(_ value: Int64) -> [UInt8] { encode { $0.int(value) } }

/// Builds a node table (returns status and the nodes copied out).
func nodeTable(_ bytes: [UInt8], options: vrt_hash_options? = nil) -> (vrt_status, [vrt_node]) {
  var table = vrt_node_table()
  let status: vrt_status = bytes.withUnsafeBufferPointer { buffer in
    if var options {
      return vrt_node_table_build(buffer.baseAddress, buffer.count, &options, &table)
    }
    return vrt_node_table_build(buffer.baseAddress, buffer.count, nil, &table)
  }
  defer { vrt_node_table_free(&table) }
  guard status == VRT_OK, let nodes = table.nodes else { return (status, []) }
  return (status, Array(UnsafeBufferPointer(start: nodes, count: table.count)))
}

func validate(_ bytes: [UInt8]) -> vrt_status {
  bytes.withUnsafeBufferPointer { vrt_validate($0.baseAddress, $0.count) }
}

func valueSize(_ bytes: [UInt8]) -> (vrt_status, Int) {
  var size = 0
  let status = bytes.withUnsafeBufferPointer { vrt_value_size($0.baseAddress, $0.count, &size) }
  return (status, size)
}

func hashBytes(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
  var options = vrt_hash_options(seed: seed, flags: 0, constant: 0)
  return bytes.withUnsafeBytes { vrt_hash_bytes($0.baseAddress, $0.count, &options) }
}

/// A call log owned by Swift.
final class Log {
  let raw: OpaquePointer

  init(seed: UInt64 = 0, constantHash: UInt64? = nil, chunkSize: Int = 0) {
    var options = vrt_log_options()
    options.hash.seed = seed
    if let constantHash {
      options.hash.flags = UInt32(VRT_HASH_CONSTANT)
      options.hash.constant = constantHash
    }
    options.chunk_size = chunkSize
    var log: OpaquePointer?
    let status = vrt_log_create(&options, &log)
    precondition(status == VRT_OK)
    raw = log!
  }

  deinit { vrt_log_free(raw) }

  func intern(_ name: String) -> UInt32 {
    var id: UInt32 = 0
    var copy = name
    let status = copy.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { vrt_log_intern(raw, $0.baseAddress, $0.count, &id) }
    }
    precondition(status == VRT_OK)
    return id
  }

  @discardableResult
  func append(_ method: UInt32, _ args: [[UInt8]], seq: UInt64 = VRT_SEQ_AUTO) -> vrt_status {
    let bytes = args.flatMap { $0 }
    return bytes.withUnsafeBufferPointer {
      vrt_log_append(raw, method, $0.baseAddress, $0.count, UInt32(args.count), seq, nil)
    }
  }

  var count: UInt64 { vrt_log_count_calls(raw) }

  func call(_ index: UInt64) -> vrt_call {
    var call = vrt_call()
    precondition(vrt_log_get(raw, index, &call) == VRT_OK)
    return call
  }
}

/// A pattern argument that keeps its bytes alive while a query runs.
enum Arg {
  case any
  case eq([UInt8])
  case predicate
}

/// Runs `body` with a C pattern built from `args`.
func withPattern<R>(
  method: UInt32, _ args: [Arg], flags: UInt32 = 0,
  predicate: vrt_predicate_fn? = nil, context: UnsafeMutableRawPointer? = nil,
  _ body: (inout vrt_pattern) -> R
) -> R {
  // Copy every EQ byte array into one stable allocation.
  let storage = args.map { arg -> [UInt8] in
    if case .eq(let bytes) = arg { return bytes }
    return []
  }
  let flat = storage.flatMap { $0 }
  return flat.withUnsafeBufferPointer { flatBuffer in
    var offset = 0
    var cArgs: [vrt_arg_pattern] = []
    for (i, arg) in args.enumerated() {
      var a = vrt_arg_pattern()
      switch arg {
      case .any: a.kind = VRT_ARG_ANY
      case .eq:
        a.kind = VRT_ARG_EQ
        a.bytes = storage[i].isEmpty ? nil : flatBuffer.baseAddress! + offset
        a.length = storage[i].count
      case .predicate: a.kind = VRT_ARG_PREDICATE
      }
      offset += storage[i].count
      cArgs.append(a)
    }
    return cArgs.withUnsafeBufferPointer { argsBuffer in
      var pattern = vrt_pattern(
        method: method, flags: flags, arg_count: UInt32(args.count),
        args: argsBuffer.baseAddress, predicate: predicate, predicate_context: context, engine_tags: nil,
        engine_tag_count: 0)
      return body(&pattern)
    }
  }
}

extension Log {
  func count(_ method: UInt32, _ args: [Arg], flags: UInt32 = 0,
             predicate: vrt_predicate_fn? = nil, context: UnsafeMutableRawPointer? = nil) -> UInt64 {
    var result: UInt64 = 0
    let status = withPattern(method: method, args, flags: flags, predicate: predicate,
                             context: context) { vrt_log_count(raw, &$0, &result) }
    precondition(status == VRT_OK, "count failed: \(status)")
    return result
  }

  func find(_ method: UInt32, _ args: [Arg], from: UInt64 = 0, capacity: Int = 16,
            flags: UInt32 = 0) -> (total: UInt64, indices: [UInt64]) {
    var total: UInt64 = 0
    var out = [UInt64](repeating: 0, count: capacity)
    let status = withPattern(method: method, args, flags: flags) { pattern in
      out.withUnsafeMutableBufferPointer {
        vrt_log_find(raw, &pattern, from, $0.baseAddress, capacity, &total)
      }
    }
    precondition(status == VRT_OK, "find failed: \(status)")
    return (total, Array(out.prefix(Int(min(UInt64(capacity), total)))))
  }

  func first(_ method: UInt32, _ args: [Arg], from: UInt64 = 0, flags: UInt32 = 0) -> UInt64? {
    var index: UInt64 = 0
    let status = withPattern(method: method, args, flags: flags) {
      vrt_log_first(raw, &$0, from, &index)
    }
    if status == VRT_ERR_NOT_FOUND { return nil }
    precondition(status == VRT_OK, "first failed: \(status)")
    return index
  }

  func markVerified(_ method: UInt32, _ args: [Arg], flags: UInt32 = 0) -> UInt64 {
    var count: UInt64 = 0
    let status = withPattern(method: method, args, flags: flags) {
      vrt_log_mark_verified(raw, &$0, &count)
    }
    precondition(status == VRT_OK)
    return count
  }

  func unverified(_ method: UInt32 = VRT_NONE, capacity: Int = 64) -> (total: UInt64, indices: [UInt64]) {
    var total: UInt64 = 0
    var out = [UInt64](repeating: 0, count: capacity)
    let status = out.withUnsafeMutableBufferPointer {
      vrt_log_unverified(raw, method, $0.baseAddress, capacity, &total)
    }
    precondition(status == VRT_OK)
    return (total, Array(out.prefix(Int(min(UInt64(capacity), total)))))
  }

  func nearest(_ method: UInt32, _ args: [Arg], capacity: Int,
               predicate: vrt_predicate_fn? = nil, context: UnsafeMutableRawPointer? = nil)
    -> (total: UInt64, calls: [vrt_near_call])
  {
    var total: UInt64 = 0
    var out = [vrt_near_call](repeating: vrt_near_call(), count: capacity)
    let status = withPattern(method: method, args, predicate: predicate, context: context) { pattern in
      out.withUnsafeMutableBufferPointer {
        vrt_log_nearest(raw, &pattern, $0.baseAddress, capacity, &total)
      }
    }
    precondition(status == VRT_OK)
    return (total, Array(out.prefix(Int(min(UInt64(capacity), total)))))
  }
}
