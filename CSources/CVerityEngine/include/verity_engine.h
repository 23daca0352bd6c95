/*
 * verity_engine.h — the Verity C engine (C11).
 *
 * One umbrella header. Every symbol carries the `vrt_` / `VRT_` prefix. The engine has no global
 * mutable state: every object is created and owned by the caller, and no object is thread-safe on
 * its own (Swift serializes access behind a Mutex).
 *
 * Contracts used throughout:
 *   - Functions that can fail return a `vrt_status`; VRT_OK is 0.
 *   - A NULL pointer where an object or output is required returns VRT_ERR_NULL_ARGUMENT and
 *     writes nothing. A NULL data pointer with length 0 is always allowed (an empty input).
 *   - Every `*_free` / `*_destroy` accepts NULL and does nothing.
 *   - Outputs are written only on VRT_OK unless a function says otherwise.
 *
 * ---------------------------------------------------------------------------------------------
 * THE STRUCTURE FORMAT
 * ---------------------------------------------------------------------------------------------
 * A value is written once, in preorder. Every value starts with a one-byte tag.
 *
 *   Scalars
 *     NIL      0x01                                   Optional.none, NSNull
 *     FALSE    0x02
 *     TRUE     0x03
 *     UINT     0x04 varint(v)                         every integer >= 0, whatever its Swift width
 *     NINT     0x05 varint(-(v + 1))                  every integer < 0 (so -1 is 0x05 0x00)
 *     DOUBLE   0x06 8 bytes, little-endian IEEE-754   Float and Double (Float widened exactly).
 *              Canonical: every NaN is written as 0x7FF8000000000000; -0.0 is written as +0.0
 *              (Swift's == treats them as equal, so structures do too). Readers reject any other
 *              NaN bit pattern and -0.0 as MALFORMED.
 *     STRING   0x07 varint(n) n bytes                 UTF-8 exactly as Swift stores it; no Unicode
 *              normalization is applied ("é" precomposed and decomposed are different structures).
 *     BYTES    0x08 varint(n) n bytes                 Data, [UInt8] written as bytes
 *     SOME     0x09 <value>                           prefix: Optional.some(x) where x itself is
 *              NIL or SOME, so Int??.some(nil) differs from nil. Otherwise .some(x) is written as x.
 *              So a chain of SOME prefixes always ends in NIL; readers reject SOME before any
 *              other value as MALFORMED.
 *     BACKREF  0x0A varint(k)                         a cycle: the instance of the k-th OBJECT
 *              enclosing this position, counting outward (0 = the innermost enclosing OBJECT).
 *              Only cycles use it: an instance met again outside its own subtree (shared by two
 *              fields, two elements, ...) is written in full again, so whether an instance is shared
 *              never changes the bytes. A value that would write shared instances again more than
 *              VRT_MAX_REPEATED_INSTANCES times fails with VRT_ERR_SHARING_LIMIT.
 *     OPAQUE   0x0B varint(n) type-name, varint(m) description
 *              a value with no structure (a closure, a metatype, ...).
 *
 *   Containers: tag, then a 4-byte little-endian payload length, then the payload. The length lets
 *   any reader skip a subtree without decoding it. A payload is at most VRT_MAX_PAYLOAD bytes.
 *     ARRAY    0x10 len  children
 *     SET      0x11 len  children, sorted by their encoded bytes (memcmp order, shorter first on tie)
 *     DICT     0x12 len  key value key value ...; pairs sorted by the encoded bytes of the key
 *                        (then of the value, for duplicate keys)
 *              A BACKREF only points outward, so every element's bytes are independent of the
 *              others and the order is canonical whatever instances the elements share.
 *     STRUCT   0x13 len  STRING type-name, then (STRING label, value)*
 *     ENUM     0x14 len  STRING type-name, STRING case-name, then (STRING label, value)*
 *                        (labels of unlabeled associated values are empty strings)
 *     OBJECT   0x15 len  STRING type-name, then (STRING label, value)*   (a class instance,
 *                        written by its contents; its identity is used only to end cycles)
 *     TUPLE    0x16 len  (STRING label, value)*  (unlabeled elements have empty labels)
 *
 *   varint: unsigned LEB128, at most 10 bytes, no over-long forms (a final 0x00 continuation byte
 *   other than for the value 0 itself is malformed).
 *
 * Same bytes <=> same structure. Hashes are only ever a hint; equality is confirmed by memcmp.
 */
#ifndef VERITY_ENGINE_H
#define VERITY_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Status                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/** Result of every fallible engine call. */
typedef enum vrt_status {
  VRT_OK = 0,
  /** A required pointer argument was NULL. */
  VRT_ERR_NULL_ARGUMENT = 1,
  /** An allocation failed; the object is unchanged (writers become failed, see vrt_writer). */
  VRT_ERR_OUT_OF_MEMORY = 2,
  /** The input ended inside a value. */
  VRT_ERR_TRUNCATED = 3,
  /** The input is not a valid structure: unknown tag, bad varint, a child overrunning its
   *  container, trailing bytes after the root, a BACKREF with no OBJECT that far out, ... */
  VRT_ERR_MALFORMED = 4,
  /** A size limit was exceeded (container payload > VRT_MAX_PAYLOAD, too many calls, ...). */
  VRT_ERR_TOO_LARGE = 5,
  /** The call is not valid in the object's current state (end without begin, ...). */
  VRT_ERR_INVALID_STATE = 6,
  /** An argument is out of range (unknown method id, call index past the end, ...). */
  VRT_ERR_INVALID_ARGUMENT = 7,
  /** A lookup found nothing (vrt_log_first). */
  VRT_ERR_NOT_FOUND = 8,
  /** A value shares class instances so much that writing each occurrence in full would exceed
   *  VRT_MAX_REPEATED_INSTANCES repeated instances (see BACKREF). */
  VRT_ERR_SHARING_LIMIT = 9,
} vrt_status;

/** A static, human-readable name for `status` ("ok", "truncated input", ...). Never NULL; an
 *  unknown value gives "unknown status". */
const char *vrt_status_string(vrt_status status);

/* ------------------------------------------------------------------------------------------- */
/* Tags and limits                                                                              */
/* ------------------------------------------------------------------------------------------- */

enum {
  VRT_TAG_NIL = 0x01,
  VRT_TAG_FALSE = 0x02,
  VRT_TAG_TRUE = 0x03,
  VRT_TAG_UINT = 0x04,
  VRT_TAG_NINT = 0x05,
  VRT_TAG_DOUBLE = 0x06,
  VRT_TAG_STRING = 0x07,
  VRT_TAG_BYTES = 0x08,
  VRT_TAG_SOME = 0x09,
  VRT_TAG_BACKREF = 0x0A,
  VRT_TAG_OPAQUE = 0x0B,
  VRT_TAG_ARRAY = 0x10,
  VRT_TAG_SET = 0x11,
  VRT_TAG_DICT = 0x12,
  VRT_TAG_STRUCT = 0x13,
  VRT_TAG_ENUM = 0x14,
  VRT_TAG_OBJECT = 0x15,
  VRT_TAG_TUPLE = 0x16,
};

/** Largest container payload, in bytes. */
#define VRT_MAX_PAYLOAD ((uint32_t)0xFFFFFFF0u)
/** The most times one value may write class instances that it already wrote (shared instances are
 *  written in full at each occurrence; a chain of diamonds doubles at each level). */
#define VRT_MAX_REPEATED_INSTANCES 200000u
/** Size of a container header: tag + 4-byte payload length. */
#define VRT_CONTAINER_HEADER 5u
/** Marks "no such index/offset" in node and call records. */
#define VRT_NONE ((uint32_t)0xFFFFFFFFu)

/** True for the container tags (ARRAY ... TUPLE). */
static inline bool vrt_tag_is_container(uint8_t tag) {
  return tag >= VRT_TAG_ARRAY && tag <= VRT_TAG_TUPLE;
}

/* ------------------------------------------------------------------------------------------- */
/* Hashing                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/** Hash configuration shared by node tables and call logs.
 *  Node hashes: a scalar's is XXH3-64 of its bytes (SOME prefixes included) with `seed`; a
 *  container's folds, in order, the XXH3 of its type-name / case-name / label STRINGs and its
 *  children's hashes into an order-dependent accumulator, finished by XXH3 over (accumulator,
 *  child count, tag), so a parent's hash covers its whole subtree.
 *  `flags & VRT_HASH_CONSTANT` is a test seam: every hash becomes `constant`, so tests can force
 *  collisions and check that memcmp, not the hash, decides equality. */
typedef struct vrt_hash_options {
  uint64_t seed;
  uint32_t flags;
  uint64_t constant;
} vrt_hash_options;

#define VRT_HASH_CONSTANT 0x1u

/** XXH3-64 of `length` bytes with `options` (NULL: seed 0, no flags). `bytes` may be NULL only if
 *  `length` is 0. */
uint64_t vrt_hash_bytes(const void *bytes, size_t length, const vrt_hash_options *options);

/* ------------------------------------------------------------------------------------------- */
/* Writer                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/**
 * Builds one or more structures into a growable byte buffer.
 *
 * The struct is public so that the scalar writes below can be inlined into Swift; its fields are
 * private: use the functions. Initialize with vrt_writer_init, release with vrt_writer_destroy.
 *
 * Errors are sticky: after an allocation failure or a misuse, `status` is set, every later write
 * is ignored, and vrt_writer_finish reports the status. This keeps the hot scalar writes free of
 * error plumbing.
 */
typedef struct vrt_writer {
  uint8_t *bytes;        /* private */
  size_t length;         /* private: bytes written */
  size_t capacity;       /* private */
  vrt_status status;     /* private: sticky error */
  size_t *open;          /* private: start offsets of open containers */
  size_t open_count;     /* private */
  size_t open_capacity;  /* private */
  void *identities;      /* private: object identity table (cycles, sharing budget) */
  uint32_t object_count; /* private: registered OBJECTs open around the write position */
  uint64_t allocations;     /* private: allocations attempted (test seam) */
  uint64_t fail_allocation; /* private: test seam, the allocation number that fails (0: none) */
} vrt_writer;

/** Initializes an empty writer. Does not allocate. `w` must not be NULL. */
void vrt_writer_init(vrt_writer *w);
/** Releases the writer's memory. NULL is a no-op. The writer may be re-initialized afterwards. */
void vrt_writer_destroy(vrt_writer *w);
/** Empties the writer (length 0, no open containers, no identities, status OK), keeping its
 *  capacity. NULL is a no-op. */
void vrt_writer_reset(vrt_writer *w);
/** Out-of-line growth: ensures room for `extra` more bytes, or sets the sticky status. Returns
 *  true when there is room. */
bool vrt_writer_grow(vrt_writer *w, size_t extra);

/** The bytes written so far (valid until the next write), and their count. */
static inline const uint8_t *vrt_writer_bytes(const vrt_writer *w) { return w->bytes; }
static inline size_t vrt_writer_length(const vrt_writer *w) { return w->length; }
/** The number of containers open at the write position (0: between top-level values). */
static inline size_t vrt_writer_depth(const vrt_writer *w) { return w->open_count; }
static inline vrt_status vrt_writer_status(const vrt_writer *w) { return w->status; }

/** Checks that every container is closed and returns the sticky status. */
vrt_status vrt_writer_finish(const vrt_writer *w);

static inline bool vrt_writer_reserve_(vrt_writer *w, size_t extra) {
  if (w->status != VRT_OK) return false;
  if (w->capacity - w->length >= extra) return true;
  return vrt_writer_grow(w, extra);
}

static inline void vrt_writer_put_varint_(vrt_writer *w, uint64_t v) {
  uint8_t *p = w->bytes + w->length;
  while (v >= 0x80) {
    *p++ = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  *p++ = (uint8_t)v;
  w->length = (size_t)(p - w->bytes);
}

static inline void vrt_writer_write_nil(vrt_writer *w) {
  if (!vrt_writer_reserve_(w, 1)) return;
  w->bytes[w->length++] = VRT_TAG_NIL;
}

static inline void vrt_writer_write_bool(vrt_writer *w, bool value) {
  if (!vrt_writer_reserve_(w, 1)) return;
  w->bytes[w->length++] = value ? VRT_TAG_TRUE : VRT_TAG_FALSE;
}

/** Any signed integer, whatever its Swift width. Non-negative values are written as UINT. */
static inline void vrt_writer_write_int(vrt_writer *w, int64_t value) {
  if (!vrt_writer_reserve_(w, 11)) return;
  if (value >= 0) {
    w->bytes[w->length++] = VRT_TAG_UINT;
    vrt_writer_put_varint_(w, (uint64_t)value);
  } else {
    w->bytes[w->length++] = VRT_TAG_NINT;
    /* -(v + 1) computed without overflow for INT64_MIN. */
    vrt_writer_put_varint_(w, ~(uint64_t)value);
  }
}

static inline void vrt_writer_write_uint(vrt_writer *w, uint64_t value) {
  if (!vrt_writer_reserve_(w, 11)) return;
  w->bytes[w->length++] = VRT_TAG_UINT;
  vrt_writer_put_varint_(w, value);
}

/** Canonicalizes NaN and -0.0 as described in the format section. */
static inline void vrt_writer_write_double(vrt_writer *w, double value) {
  if (!vrt_writer_reserve_(w, 9)) return;
  uint64_t bits;
  if (value != value) {
    bits = UINT64_C(0x7FF8000000000000);
  } else if (value == 0.0) {
    bits = 0;
  } else {
    memcpy(&bits, &value, 8);
  }
  uint8_t *p = w->bytes + w->length;
  p[0] = VRT_TAG_DOUBLE;
  for (int i = 0; i < 8; i++) p[1 + i] = (uint8_t)(bits >> (8 * i));
  w->length += 9;
}

/** Writes a STRING (`tag` VRT_TAG_STRING) or BYTES (`tag` VRT_TAG_BYTES) scalar. `data` may be
 *  NULL when `length` is 0. Any other tag sets VRT_ERR_INVALID_ARGUMENT. */
static inline void vrt_writer_write_data(vrt_writer *w, uint8_t tag, const void *data, size_t length) {
  if (tag != VRT_TAG_STRING && tag != VRT_TAG_BYTES) {
    if (w->status == VRT_OK) w->status = VRT_ERR_INVALID_ARGUMENT;
    return;
  }
  if (length > VRT_MAX_PAYLOAD) {
    if (w->status == VRT_OK) w->status = VRT_ERR_TOO_LARGE;
    return;
  }
  if (!vrt_writer_reserve_(w, 11 + length)) return;
  w->bytes[w->length++] = tag;
  vrt_writer_put_varint_(w, (uint64_t)length);
  if (length) memcpy(w->bytes + w->length, data, length);
  w->length += length;
}

static inline void vrt_writer_write_string(vrt_writer *w, const char *utf8, size_t length) {
  vrt_writer_write_data(w, VRT_TAG_STRING, utf8, length);
}

/**
 * Unicode normalization quick check: true when the UTF-8 text has no code point at or above
 * U+0300 (every byte is below 0xCC), so it is already in Normalization Form C and a writer can
 * copy it as it is. False means it may not be (the caller normalizes). `utf8` may be NULL only
 * when `length` is 0 (true: the empty text is in NFC).
 */
bool vrt_utf8_is_nfc_quick(const uint8_t *utf8, size_t length);

/**
 * The IEEE-754 double nearest to the decimal number (-1)^negative x mantissa x 10^exponent, where
 * the mantissa is the unsigned 128-bit integer `high`:`low` (round to nearest, ties to even; past
 * the largest double gives infinity, below the smallest subnormal zero, with the sign). Correctly
 * rounded for every input: exactly computed when the mantissa is below 2^53 and |exponent| <= 22,
 * else through the C library's strtod on the digits written without a decimal point (no locale
 * setting affects it). This is what a JSON number's text means as a double.
 */
double vrt_decimal_nearest_double(uint64_t high, uint64_t low, int32_t exponent, bool negative);

/** Writes OPAQUE with a type name and a description (either may be empty / NULL with length 0). */
void vrt_writer_write_opaque(vrt_writer *w, const char *type_name, size_t type_length,
                             const char *description, size_t description_length);

/**
 * Opens a container. For STRUCT, ENUM and OBJECT, `name` is the type name (written as the first
 * STRING of the payload); for ENUM the caller writes the case name next with
 * vrt_writer_write_string. For ARRAY, SET, DICT and TUPLE `name` is ignored (may be NULL).
 * Inside STRUCT/ENUM/OBJECT/TUPLE the caller writes a label STRING before each field value.
 * A non-container tag sets VRT_ERR_INVALID_ARGUMENT.
 */
void vrt_writer_begin(vrt_writer *w, uint8_t tag, const char *name, size_t name_length);

/**
 * Closes the innermost open container: patches its payload length; a SET sorts its children and a
 * DICT sorts its pairs by key bytes (canonical order). A DICT with an odd number of children sets
 * VRT_ERR_MALFORMED; no open container sets VRT_ERR_INVALID_STATE; a payload over
 * VRT_MAX_PAYLOAD sets VRT_ERR_TOO_LARGE.
 */
void vrt_writer_end(vrt_writer *w);

/**
 * Identity for class instances. Call before writing an instance with identity `identity` (any
 * non-zero pointer-sized value). If the instance is an OBJECT still open around the write position
 * (a cycle), a BACKREF to it is written and true is returned (the caller writes nothing more).
 * Otherwise false is returned and the caller writes the OBJECT in full (vrt_writer_begin with
 * VRT_TAG_OBJECT, which opens the identity, fields, vrt_writer_end, which closes it); this
 * includes an instance written before in the same value (sharing), which counts against
 * VRT_MAX_REPEATED_INSTANCES: past it VRT_ERR_SHARING_LIMIT is set and true is returned.
 * Identities are forgotten by vrt_writer_reset and vrt_writer_forget_identities. On allocation
 * failure the sticky status is set and true is returned (nothing more should be written); so does
 * identity 0 (VRT_ERR_INVALID_ARGUMENT), a failed writer, and a NULL writer.
 */
bool vrt_writer_object_seen(vrt_writer *w, uintptr_t identity);

/**
 * Test seam: the `n`-th allocation the writer attempts from now on (1: the next one) fails as if
 * memory ran out (the sticky status becomes VRT_ERR_OUT_OF_MEMORY); 0 turns the seam off. Returns
 * how many allocations the writer has attempted so far, so a test can sweep every one. A NULL
 * writer returns 0. No effect on a writer that never calls it.
 */
uint64_t vrt_writer_fail_allocation(vrt_writer *w, uint64_t n);

/** Forgets remembered identities and the sharing budget, for the next independent value
 *  written into the same buffer (for example the next argument of a call). Calling it while a
 *  container is open sets VRT_ERR_INVALID_STATE. */
void vrt_writer_forget_identities(vrt_writer *w);

/**
 * Optional.some: call after writing the wrapped value, which started at offset `value_start`.
 * When that value begins with NIL or SOME, a SOME prefix is inserted so nested optionals stay
 * distinct; otherwise nothing changes. A `value_start` at or past the end of the bytes, or before
 * the payload of the innermost open container, sets VRT_ERR_INVALID_ARGUMENT.
 */
void vrt_writer_wrap_some(vrt_writer *w, size_t value_start);

/* ------------------------------------------------------------------------------------------- */
/* Reading: sizes, validation, node tables                                                      */
/* ------------------------------------------------------------------------------------------- */

/**
 * Size in bytes of the value starting at `bytes[0]`, reading only its header (a container's
 * contents are not validated). VRT_ERR_TRUNCATED when `length` is 0 or the header or declared size
 * runs past `length`; VRT_ERR_MALFORMED for an unknown tag or a bad varint. A SOME prefix is
 * followed to the value it wraps (iteratively).
 */
vrt_status vrt_value_size(const uint8_t *bytes, size_t length, size_t *out_size);

/** Decodes a varint at `bytes` (at most `length` bytes). Writes the value and the bytes used. */
vrt_status vrt_read_varint(const uint8_t *bytes, size_t length, uint64_t *out_value, size_t *out_used);

/** One value node of a structure, in preorder. Labels and type names are not nodes. */
typedef struct vrt_node {
  uint64_t hash;         /* subtree hash: XXH3 of scalars, combined bottom-up for containers */
  uint32_t offset;       /* offset of the node's first byte: its first SOME prefix if it has
                            any (a SOME prefix belongs to its node), else its tag */
  uint32_t length;       /* total bytes of the node, header and prefixes included */
  uint32_t depth;        /* root is 0 */
  uint32_t parent;       /* node index of the parent, VRT_NONE for the root */
  uint32_t child_count;  /* direct children that are nodes (a DICT counts keys and values) */
  uint32_t name_offset;  /* STRUCT/ENUM/OBJECT: offset of the type-name STRING; else VRT_NONE */
  uint32_t label_offset; /* a field of STRUCT/ENUM/OBJECT/TUPLE: offset of its label STRING;
                            a DICT value: VRT_NONE (see key_node) */
  uint32_t key_node;     /* a DICT value: node index of its key; else VRT_NONE */
  uint32_t end_index;    /* one past the last node index of this subtree (skip to sibling) */
  uint8_t tag;           /* the value's tag (after any SOME prefixes) */
  uint8_t some_depth;    /* number of SOME prefixes (saturates at 255) */
} vrt_node;

/** A node table: `nodes[0..count)`, owned by the table; release with vrt_node_table_free. */
typedef struct vrt_node_table {
  vrt_node *nodes;
  size_t count;
} vrt_node_table;

/**
 * Validates exactly one structure occupying all of `bytes[0..length)` and builds its node table in
 * one pass, without recursion (any depth is fine; memory grows with depth, not the C stack).
 * `options` may be NULL. On failure `out` is left empty ({NULL, 0}) and the status says why:
 * TRUNCATED, MALFORMED (including trailing bytes), TOO_LARGE (input over 4 GiB), OUT_OF_MEMORY.
 * length 0 is TRUNCATED.
 */
vrt_status vrt_node_table_build(const uint8_t *bytes, size_t length, const vrt_hash_options *options,
                                vrt_node_table *out);

/**
 * Test seam: vrt_node_table_build, except that its `fail_allocation`-th allocation (1: the first)
 * fails as if memory ran out (0: none fails). Writes the number of allocations the build attempted
 * to `out_allocations` (may be NULL), so a test can sweep every one.
 */
vrt_status vrt_node_table_build_failing(const uint8_t *bytes, size_t length,
                                        const vrt_hash_options *options, uint64_t fail_allocation,
                                        vrt_node_table *out, uint64_t *out_allocations);

/** Frees the table's nodes and empties it. NULL is a no-op. */
void vrt_node_table_free(vrt_node_table *table);

/** Reads `bytes[0..length)` as exactly one integer (UINT or NINT) that fits in int64_t; false
 *  otherwise. For callers that rebuild values from argument bytes. */
bool vrt_read_int64(const uint8_t *bytes, size_t length, int64_t *out_value);

/** Reads `bytes[0..length)` as exactly one DOUBLE; false otherwise. */
bool vrt_read_double(const uint8_t *bytes, size_t length, double *out_value);

/** Validates one structure (as vrt_node_table_build, without keeping the table). */
vrt_status vrt_validate(const uint8_t *bytes, size_t length);

/* ------------------------------------------------------------------------------------------- */
/* Call log                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/**
 * An append-only log of calls. Per call: a method id (names interned), the argument bytes (the
 * concatenation of one structure per argument, stored in a chunked arena so growth never copies
 * old calls), the argument count, a sequence number and a verified bit.
 *
 * Calls are identified by their index (0, 1, 2, ... in append order). Sequence numbers are either
 * assigned by the log (index-based) or supplied by the caller (for example from a counter shared by
 * several logs, to check order across mocks); they must strictly increase within one log.
 *
 * At append the log also stores the call's argument fingerprints (32 bits: one byte for each of
 * the first three arguments, one for the rest), a caller tag, and the call's index in its
 * method's call list, so that the first query of any kind
 * is a scan over data already there, never an index build. Indexes that pay off only when queries
 * repeat (the exact index, argument-hash columns; see vrt_pattern) are built by a later query and
 * extended incrementally afterwards. Memory: the argument bytes plus 36 bytes per call (sequence
 * 8, argument pointer 8, length 4, method and count 4, fingerprints 4, tag 4, method list 4) and a
 * verified bit; the exact index adds 4 bytes per call plus about 40 bytes per distinct (method,
 * arguments), each argument-hash column 4 bytes per call of its method, for only the (method,
 * argument position) pairs that repeated scans have used. A log is created with its first 64
 * calls' records and 256 bytes of arena in the same allocation (about 2.6 KiB in all), so a small
 * log of a few calls allocates little else. vrt_log_memory counts all of it.
 *
 * Not thread-safe: the caller serializes every call on one log.
 */
typedef struct vrt_log vrt_log;

typedef struct vrt_log_options {
  /** Hashing for the exact-arguments index and the argument-hash columns (seed;
   *  VRT_HASH_CONSTANT forces collisions, so every candidate is confirmed by memcmp). */
  vrt_hash_options hash;
  /** The first allocated arena chunk's size in bytes (0: 1 MiB); before it, arguments and method
   *  names fill 256 bytes allocated with the log itself, so a small log allocates no chunk.
   *  Later chunks double, up to 2 MiB less 4 KiB (a size that takes one huge page where the
   *  system has them), or keep this size when it is larger. An argument list longer than the
   *  next chunk's size gets a chunk of its own. */
  size_t chunk_size;
} vrt_log_options;

/** Passing this as the sequence number lets the log assign (previous + 1, starting at 1).
 *  (UINT64_MAX, spelled as a cast literal so that Swift imports it.) */
#define VRT_SEQ_AUTO ((uint64_t)0xFFFFFFFFFFFFFFFFu)

/** Creates an empty log. `options` may be NULL (defaults). */
vrt_status vrt_log_create(const vrt_log_options *options, vrt_log **out_log);
/** Frees the log and everything it owns. NULL is a no-op. */
void vrt_log_free(vrt_log *log);

/**
 * Test seam: the `n`-th allocation the log attempts from now on (1: the next one), in any call
 * (appends, index builds, queries), fails as if memory ran out, so that call returns
 * VRT_ERR_OUT_OF_MEMORY; 0 turns the seam off. Returns how many allocations the log has attempted
 * so far, so a test can sweep every one. A NULL log returns 0. A failed call leaves the log as it
 * was before the call, and every later call works.
 */
uint64_t vrt_log_fail_allocation(vrt_log *log, uint64_t n);

/**
 * Interns a method name (any bytes, length 0 allowed; `name` may be NULL only when length is 0) and
 * writes its id. The same name always gives the same id in one log; ids are dense from 0.
 * A log holds at most 2^24 methods (then VRT_ERR_TOO_LARGE).
 */
vrt_status vrt_log_intern(vrt_log *log, const char *name, size_t length, uint32_t *out_method);

/**
 * Looks a method name up without interning it (the log is not changed): writes its id and returns
 * VRT_OK when the name was interned, else returns VRT_ERR_NOT_FOUND and writes nothing. `name` may
 * be NULL only when length is 0. Errors: NULL_ARGUMENT (NULL `log` or `out_method`, or NULL
 * `name` with length > 0).
 */
vrt_status vrt_log_find_method(const vrt_log *log, const char *name, size_t length, uint32_t *out_method);

/** Number of interned methods. */
uint32_t vrt_log_method_count(const vrt_log *log);

/** The name of `method` (not NUL-terminated) and its length, or NULL for an unknown id. */
const char *vrt_log_method_name(const vrt_log *log, uint32_t method, size_t *out_length);

/**
 * Appends one call: `arg_count` argument structures concatenated in `args[0..length)` (NULL with
 * length 0 for no arguments). The bytes are copied. The arguments are not validated here (the
 * Swift writer produces them); queries skip over them with vrt_value_size and treat malformed
 * arguments as non-matching. `seq` is VRT_SEQ_AUTO or greater than the previous call's sequence
 * number (else VRT_ERR_INVALID_ARGUMENT). `out_index` may be NULL.
 * Errors: INVALID_ARGUMENT (unknown method, arg_count > 255, seq not increasing), TOO_LARGE
 * (`length` over 4 GiB - 1, more than 2^32 - 2 calls, VRT_SEQ_AUTO after UINT64_MAX),
 * OUT_OF_MEMORY.
 */
vrt_status vrt_log_append(vrt_log *log, uint32_t method, const uint8_t *args, size_t length,
                          uint32_t arg_count, uint64_t seq, uint64_t *out_index);

/**
 * vrt_log_append, with a caller-defined 32-bit `tag` stored with the call (vrt_log_append stores
 * 0). The engine gives tags no meaning except in vrt_pattern.engine_tags; Verity's Swift layer
 * stores there how to read the call's arguments back (which argument types it recorded).
 */
vrt_status vrt_log_append_tagged(vrt_log *log, uint32_t method, const uint8_t *args, size_t length,
                                 uint32_t arg_count, uint64_t seq, uint32_t tag,
                                 uint64_t *out_index);

/** Number of calls recorded. NULL gives 0. */
uint64_t vrt_log_count_calls(const vrt_log *log);

/** Number of calls recorded for `method` (O(1)). Unknown method or NULL log gives 0. */
uint64_t vrt_log_count_method(const vrt_log *log, uint32_t method);

/** Bytes of memory the log holds (arena, records, indexes, tables): the sum of the sizes it
 *  allocated, allocator overhead not included. NULL gives 0. */
size_t vrt_log_memory(const vrt_log *log);

/** A read-only view of one call; pointers are valid until the log is freed. */
typedef struct vrt_call {
  uint64_t seq;
  const uint8_t *args;
  size_t length;
  uint32_t method;
  uint32_t arg_count;
  bool verified;
  uint32_t tag; /* as given to vrt_log_append_tagged (0 for vrt_log_append) */
} vrt_call;

/** Reads call `index`. INVALID_ARGUMENT past the end. */
vrt_status vrt_log_get(const vrt_log *log, uint64_t index, vrt_call *out_call);

/** Index of the first call whose sequence number is >= `seq` (vrt_log_count_calls if none). */
uint64_t vrt_log_lower_bound(const vrt_log *log, uint64_t seq);

/**
 * Argument `position` of call `index`: its bytes (one structure, inside the log: valid until the
 * log is freed) and the call's tag. INVALID_ARGUMENT past the end or when the call has no
 * argument `position`; MALFORMED when the argument list cannot be read up to it. `out_tag` may be
 * NULL.
 */
vrt_status vrt_log_argument(const vrt_log *log, uint64_t index, uint32_t position,
                            const uint8_t **out_bytes, size_t *out_length, uint32_t *out_tag);

/** Marks call `index` verified (or not). INVALID_ARGUMENT past the end. */
vrt_status vrt_log_set_verified(vrt_log *log, uint64_t index, bool verified);

/** Marks the calls `indices[0..count)` verified (NULL with count 0 is fine). INVALID_ARGUMENT,
 *  changing nothing, when an index is past the end. */
vrt_status vrt_log_mark_calls(vrt_log *log, const uint64_t *indices, size_t count);

/* Patterns ------------------------------------------------------------------------------------ */

typedef enum vrt_arg_kind {
  /** Any value. */
  VRT_ARG_ANY = 0,
  /** Exactly these encoded bytes (length check, then memcmp). */
  VRT_ARG_EQ = 1,
  /** The pattern's predicate decides; called only for calls that passed every other check. */
  VRT_ARG_PREDICATE = 2,
  /** An integer (UINT or NINT) within `low`/`high` (see the VRT_ARG_LOW... flags). Other values
   *  do not match. */
  VRT_ARG_INT_RANGE = 3,
  /** A DOUBLE within `low.value`/`high.value`, compared as C doubles compare (a NaN is within no
   *  bounds; with no bound at all, every DOUBLE matches). Other values do not match. */
  VRT_ARG_DOUBLE_RANGE = 4,
  /** A STRING that starts with the UTF-8 needle `bytes[0..length)` (not a structure). */
  VRT_ARG_STRING_PREFIX = 5,
  /** A STRING that ends with the needle. */
  VRT_ARG_STRING_SUFFIX = 6,
  /** A STRING that contains the needle (the empty needle is in every string). */
  VRT_ARG_STRING_CONTAINS = 7,
  /** Any value for calls whose tag is in the pattern's `engine_tags` (a caller's promise that the
   *  argument there has the wanted type); for other calls the predicate decides, as for
   *  VRT_ARG_PREDICATE. Needs the predicate callback, like the string kinds. What a typed
   *  "any value of type T" matcher compiles to. */
  VRT_ARG_TYPED_ANY = 8,
} vrt_arg_kind;

/*
 * The string kinds decide by bytes only where bytes agree with Swift's Character-based String
 * comparisons for an ASCII needle: the needle must be ASCII (else VRT_ERR_INVALID_ARGUMENT) and
 * the recorded string must be ASCII with no carriage return (a "\r\n" pair is one Character).
 * For any other recorded string the pattern's predicate callback decides that argument, so a
 * pattern with a string kind needs the callback (else VRT_ERR_INVALID_ARGUMENT). Values that are
 * not STRINGs do not match.
 */

/** Range flags: which bounds exist and whether they are included. */
#define VRT_ARG_LOW 0x1u
#define VRT_ARG_LOW_INCLUSIVE 0x2u
#define VRT_ARG_HIGH 0x4u
#define VRT_ARG_HIGH_INCLUSIVE 0x8u
/** String kinds: compare ASCII letters case-insensitively. */
#define VRT_ARG_ASCII_CASE_FOLD 0x10u

/**
 * A range bound. For VRT_ARG_INT_RANGE the integer is `magnitude` when `negative` is false and
 * -(magnitude + 1) when it is true (the NINT convention, so every Int64 and UInt64 fits); for
 * VRT_ARG_DOUBLE_RANGE it is `value`.
 */
typedef struct vrt_bound {
  bool negative;
  uint64_t magnitude;
  double value;
} vrt_bound;

typedef struct vrt_arg_pattern {
  vrt_arg_kind kind;
  /** VRT_ARG_EQ: one encoded structure; string kinds: the needle's UTF-8 bytes. Ignored for other
   *  kinds. EQ bytes that are not exactly one value (by vrt_value_size), including length 0,
   *  match no argument. NULL with a length is VRT_ERR_NULL_ARGUMENT. */
  const uint8_t *bytes;
  size_t length;
  /** VRT_ARG_LOW... flags for the range kinds, VRT_ARG_ASCII_CASE_FOLD for the string kinds. */
  uint32_t flags;
  vrt_bound low;
  vrt_bound high;
} vrt_arg_pattern;

/** Predicate callback: return true when argument `arg_index` (its bytes given) of call
 *  `call_index` matches. Must not call back into the same log. */
typedef bool (*vrt_predicate_fn)(void *context, uint64_t call_index, uint32_t arg_index,
                                 const uint8_t *bytes, size_t length);

/** Pattern flag: match every call of the method, whatever its arguments (`args` ignored). */
#define VRT_PATTERN_ANY_ARGUMENTS 0x1u
/** Pattern flag: PREDICATE arguments match every value (the caller checks them itself, over the
 *  calls the query returns); no callback is needed for them. */
#define VRT_PATTERN_SKIP_PREDICATES 0x2u

/**
 * What a query looks for: calls of `method` with exactly `arg_count` arguments, each matching its
 * vrt_arg_pattern.
 *
 * How each query runs, cold and warm:
 *   - Every argument EQ (an exact pattern): the first queries scan the method's call list
 *     comparing the 32-bit call hash stored at append (4 bytes read per call), confirming equal
 *     hashes by memcmp. Once exact queries repeat (VRT_EXACT_SCANS_BEFORE_INDEX of them), the
 *     exact index is built from those stored hashes (no rehashing) and answers every later exact
 *     query in O(1), extended incrementally for calls appended since.
 *   - Otherwise the method's calls are scanned and matched argument by argument (ANY skips, EQ
 *     compares bytes, ranges and string kinds decide from the bytes). With an EQ argument, once
 *     such scans on the method repeat, a 32-bit hash column of that argument position (4 bytes per
 *     call of the method) is built and later scans read only calls whose hash agrees.
 *
 * `engine_tags`: NULL lets the engine decide every range and string argument itself. Otherwise
 * only calls whose tag (vrt_log_append_tagged) is one of `engine_tags[0..engine_tag_count)` are
 * decided in the engine; for every other call, range and string arguments go to the predicate
 * callback (required then), which knows what the tag means (for example, the recorded type).
 */
typedef struct vrt_pattern {
  uint32_t method;
  uint32_t flags;
  uint32_t arg_count;
  const vrt_arg_pattern *args; /* may be NULL when arg_count is 0 */
  vrt_predicate_fn predicate;  /* required when any argument is VRT_ARG_PREDICATE (unless
                                  VRT_PATTERN_SKIP_PREDICATES), a string kind, or with engine_tags */
  void *predicate_context;
  const uint32_t *engine_tags;
  size_t engine_tag_count;
} vrt_pattern;

/** Exact queries a log answers by scanning before it builds its exact index. */
#define VRT_EXACT_SCANS_BEFORE_INDEX 8u
/** Scans with an EQ argument on one method that match bytes directly; the next such scan builds
 *  the argument-hash column. */
#define VRT_SCANS_BEFORE_COLUMN 1u

/** Counts matching calls among all calls. Errors: NULL_ARGUMENT (NULL log, pattern or output;
 *  NULL `args` with arg_count > 0), INVALID_ARGUMENT (unknown method, PREDICATE without a
 *  callback, arg_count > 255, an unknown vrt_arg_kind), OUT_OF_MEMORY (while building an index).
 *  The other queries validate patterns the same way. */
vrt_status vrt_log_count(vrt_log *log, const vrt_pattern *pattern, uint64_t *out_count);

/**
 * Matching calls with index >= `from_index`, in index order: writes up to `capacity` indices to
 * `out_indices` (may be NULL when capacity is 0) and the total number of such matches to
 * `out_total` (required). An exact pattern walks the calls equal to it (O(capacity) when
 * `from_index` is 0, else O(those calls)); other patterns scan the method's calls from the first
 * one >= `from_index` (found by binary search).
 */
vrt_status vrt_log_find(vrt_log *log, const vrt_pattern *pattern, uint64_t from_index,
                        uint64_t *out_indices, size_t capacity, uint64_t *out_total);

/** A matching call with one of its arguments, as vrt_log_find_arguments returns it. */
typedef struct vrt_found_argument {
  uint64_t index;
  /** The argument's bytes (inside the log, valid until it is freed); NULL with length 0 when the
   *  call has no argument at that position. */
  const uint8_t *bytes;
  size_t length;
  uint32_t tag; /* the call's tag */
} vrt_found_argument;

/**
 * The next matching calls with index >= `from_index`, in index order: at most `capacity` of them
 * (the query stops there, so a caller can walk every match in batches, continuing from the last
 * index + 1), each with argument `position` and the call's tag. Writes how many to `out_count`;
 * fewer than `capacity` means there are no more. Built for callers that check some arguments
 * themselves (VRT_PATTERN_SKIP_PREDICATES): one engine call per batch, no callback per call.
 */
vrt_status vrt_log_find_arguments(vrt_log *log, const vrt_pattern *pattern, uint64_t from_index,
                                  uint32_t position, vrt_found_argument *out_arguments,
                                  size_t capacity, size_t *out_count);

/** The first matching call with index >= `from_index`; VRT_ERR_NOT_FOUND if none. */
vrt_status vrt_log_first(vrt_log *log, const vrt_pattern *pattern, uint64_t from_index,
                         uint64_t *out_index);

/** Marks every matching call verified; writes how many matched to `out_count` (may be NULL). */
vrt_status vrt_log_mark_verified(vrt_log *log, const vrt_pattern *pattern, uint64_t *out_count);

/**
 * A verification in one pass: counts the matching calls and marks them verified only when the
 * count is within [`min_count`, `max_count`] (a passing verification). Otherwise no call's verified
 * bit changes, and calls verified before stay verified. Writes the count to `out_count` and
 * whether the calls were marked to `out_marked` (both required). `min_count > max_count` never
 * marks (a verification known to fail). The pass notes its matches in a temporary bitset of one
 * bit per recorded call (allocated zeroed, so untouched pages cost nothing; freed before return)
 * and marks them all at once when the count is within bounds; if the bitset cannot be allocated,
 * the result is the same, by a counting pass and a marking pass.
 */
vrt_status vrt_log_mark_verified_if(vrt_log *log, const vrt_pattern *pattern, uint64_t min_count,
                                    uint64_t max_count, uint64_t *out_count, bool *out_marked);

/**
 * Calls not yet verified, in index order: `method` VRT_NONE for every method. Writes up to
 * `capacity` indices and the total count (required).
 */
vrt_status vrt_log_unverified(vrt_log *log, uint32_t method, uint64_t *out_indices, size_t capacity,
                              uint64_t *out_total);

/** One call of a method, as vrt_log_method_calls lists it (the fields vrt_log_get reads). */
typedef struct vrt_method_call {
  uint64_t index;
  uint32_t tag;
  uint32_t arg_count;
} vrt_method_call;

/**
 * The calls of `method`, in index order, from its per-method index: writes up to `capacity` of
 * them to `out_calls` and the method's call count to `out_total` (required). `out_calls` may be
 * NULL when `capacity` is 0. INVALID_ARGUMENT for a method id never interned. O(calls written).
 */
vrt_status vrt_log_method_calls(const vrt_log *log, uint32_t method, vrt_method_call *out_calls,
                                size_t capacity, uint64_t *out_total);

/** A call of the pattern's method that did not match, with how close it came. */
typedef struct vrt_near_call {
  uint64_t index;
  /** Arguments that matched (0 when the argument count differs). */
  uint32_t matching_args;
  uint32_t arg_count;
  /** Bit i set: argument i did not match (arguments >= 64 are not represented). */
  uint64_t mismatch_mask;
} vrt_near_call;

/**
 * The non-matching calls of the pattern's method, ranked by matching_args (most first), then by
 * index (earliest first). Writes up to `capacity` entries and the total number of non-matching
 * calls of the method to `out_total` (required). Predicate arguments are evaluated for ranking.
 * A call whose argument count differs has matching_args 0 and a mismatch_mask with one bit per
 * argument of the wider count. In a malformed argument list the unreadable argument and every
 * later one count as mismatched. With VRT_PATTERN_ANY_ARGUMENTS every call matches (total 0).
 * O(calls of the method x log(capacity)).
 */
vrt_status vrt_log_nearest(vrt_log *log, const vrt_pattern *pattern, vrt_near_call *out_calls,
                           size_t capacity, uint64_t *out_total);

/* ------------------------------------------------------------------------------------------- */
/* Structural diff                                                                              */
/* ------------------------------------------------------------------------------------------- */

/**
 * vrt_diff compares two structures, `a` (the "before", or expected side) and `b` (the "after", or
 * actual side), through their node tables (vrt_node_table_build, same hash options on both sides).
 *
 * The walk is iterative (an explicit stack: a 100 000-deep value needs memory, not C stack) and
 * visits only what differs: two subtrees whose hashes agree and whose bytes memcmp equal end the
 * walk there. Structs, enums, class instances and tuples pair fields by label; dictionaries pair
 * entries by key (both are in canonical key order, so this is a merge); sets report their
 * members missing on either side; arrays are aligned first:
 *   - elements are grouped into equality classes (hash, confirmed by memcmp, so a forced hash
 *     collision changes no result), optionally by an identity field instead of the whole element
 *     (vrt_diff_options.identity_label);
 *   - the alignment anchors on elements that occur once in both ranges, in increasing order on
 *     both sides (patience), trims equal prefixes and suffixes, and repeats inside each gap; a
 *     gap with no such element is aligned by a longest-common-subsequence table when it is small
 *     (at most VRT_DIFF_TABLE_CELLS cells), else left unaligned;
 *   - what stays unaligned between two anchors is paired by similarity (same kind, most equal
 *     children), so a changed element is one change inside it, not a removal and an insertion;
 *     the rest are insertions and removals. With an identity field, an element whose identity is on
 *     both sides but out of order is MOVED (one edit, with its positions on both sides) and compared
 *     with itself, so its changes are reported inside it; other unaligned elements are never
 *     paired: an element whose identity is new was inserted.
 *
 * Edits: CHANGED (two leaves or two values of one kind that differ and are not walked further:
 * scalars, enum cases, opaque values, cycles), TYPE_CHANGED (different kinds, or different type
 * names), INSERTED (only in b), REMOVED (only in a), MOVED (an identified array element at another
 * place: a_node / b_node are the element on each side). Every edit has a path: a chain of steps from the
 * root, shared between edits (see vrt_diff_step).
 */
typedef enum vrt_diff_edit_kind {
  VRT_DIFF_CHANGED = 1,
  VRT_DIFF_TYPE_CHANGED = 2,
  VRT_DIFF_INSERTED = 3,
  VRT_DIFF_REMOVED = 4,
  VRT_DIFF_MOVED = 5,
} vrt_diff_edit_kind;

/** How a step goes from a container to one of its children. */
typedef enum vrt_diff_step_kind {
  /** A field of a STRUCT / ENUM / OBJECT / TUPLE: the label is the child's label_offset. */
  VRT_DIFF_STEP_FIELD = 1,
  /** An ARRAY element: a_index / b_index are its positions (VRT_NONE on a side without it). */
  VRT_DIFF_STEP_INDEX = 2,
  /** A DICT value: the key is the value node's key_node. */
  VRT_DIFF_STEP_KEY = 3,
  /** A SET member (only inserted or removed). */
  VRT_DIFF_STEP_MEMBER = 4,
  /** An Optional.some level or another wrapper with a single child (not emitted today). */
  VRT_DIFF_STEP_SOME = 5,
} vrt_diff_step_kind;

/** One step of a path. `parent` is the previous step (VRT_NONE: the step leaves the root).
 *  a_node / b_node are the child nodes on each side, a_index / b_index their positions among the
 *  container's children (the array index; the field, entry or member ordinal), VRT_NONE on a
 *  side without it. Steps are created in document order, so a container's steps are sorted. */
typedef struct vrt_diff_step {
  uint32_t parent;
  uint32_t kind;
  uint32_t a_node;
  uint32_t b_node;
  uint32_t a_index;
  uint32_t b_index;
} vrt_diff_step;

/** One edit: its kind, the last step of its path (VRT_NONE: the root itself), and the nodes on
 *  each side (VRT_NONE on a side without one). */
typedef struct vrt_diff_edit {
  uint32_t kind;
  uint32_t step;
  uint32_t a_node;
  uint32_t b_node;
} vrt_diff_edit;

/** One component of an ignored path (vrt_diff_options.ignored). */
typedef enum vrt_diff_pattern_kind {
  /** A field with this label (`text`, `length`). */
  VRT_DIFF_MATCH_FIELD = 1,
  /** An array element at `index` (on either side). */
  VRT_DIFF_MATCH_INDEX = 2,
  /** A dictionary value whose key's encoded bytes are `text[0..length)`. */
  VRT_DIFF_MATCH_KEY = 3,
  /** Any one step (an element, a field, a value, a member). */
  VRT_DIFF_MATCH_ANY = 4,
} vrt_diff_pattern_kind;

typedef struct vrt_diff_pattern_step {
  uint32_t kind;
  uint32_t index;
  const uint8_t *text;
  size_t length;
} vrt_diff_pattern_step;

/** An ignored path: `steps[0..count)` from the root. A path of 0 steps ignores everything. */
typedef struct vrt_diff_ignored_path {
  const vrt_diff_pattern_step *steps;
  size_t count;
} vrt_diff_ignored_path;

/** At most this many ignored paths (VRT_ERR_TOO_LARGE past it). */
#define VRT_DIFF_MAX_IGNORED_PATHS 64u
/** The largest gap (cells = its two lengths multiplied) aligned by a full LCS table. */
#define VRT_DIFF_TABLE_CELLS 4000000u
/** Unaligned runs up to this many pairs (lengths multiplied) are paired by similarity; larger ones
 *  position by position. */
#define VRT_DIFF_PAIRING_CELLS 4096u

/** Arrays are compared as multisets: equal elements pair whatever their positions. */
#define VRT_DIFF_UNORDERED_ARRAYS 0x1u

typedef struct vrt_diff_options {
  /** Two DOUBLEs at most this far apart are equal (0: exact; NaN and negative values act as 0). */
  double float_tolerance;
  /** VRT_DIFF_UNORDERED_ARRAYS. */
  uint32_t flags;
  /** Edits recorded at most (0: no limit). Totals count every edit either way. */
  size_t max_edits;
  /** Array elements that are STRUCT/OBJECT with a field of this label are aligned by that field's
   *  value (elements without it by their whole value). NULL / 0: no identity. */
  const uint8_t *identity_label;
  size_t identity_label_length;
  /** Fields with one of these labels are ignored wherever they are. */
  const vrt_diff_pattern_step *ignored_labels; /* kind VRT_DIFF_MATCH_FIELD entries */
  size_t ignored_label_count;
  /** Paths ignored (what is under them is ignored too). */
  const vrt_diff_ignored_path *ignored;
  size_t ignored_count;
} vrt_diff_options;

/** The outcome of vrt_diff, owned by the caller: release with vrt_diff_result_free. */
typedef struct vrt_diff_result {
  vrt_diff_edit *edits; /* recorded edits, in preorder of the values (a's order, then b's) */
  size_t edit_count;
  vrt_diff_step *steps;
  size_t step_count;
  /** Totals over every edit, recorded or not. */
  uint64_t changed, type_changed, inserted, removed, moved;
  /** True when max_edits stopped the recording. */
  bool truncated;
} vrt_diff_result;

/**
 * Diffs `a` against `b`. `a_nodes` / `b_nodes` must be the node tables of exactly those bytes
 * (built with the same hash options). `options` may be NULL (exact, ordered, no limit). Writes an
 * empty result (no edits, totals 0) when the structures are equal. On failure `out` is left
 * empty. Errors: NULL_ARGUMENT, INVALID_ARGUMENT (an empty node table, or tables that do not
 * describe the bytes' lengths), TOO_LARGE (more than VRT_DIFF_MAX_IGNORED_PATHS ignored paths),
 * OUT_OF_MEMORY.
 */
vrt_status vrt_diff(const uint8_t *a, size_t a_length, const vrt_node_table *a_nodes,
                    const uint8_t *b, size_t b_length, const vrt_node_table *b_nodes,
                    const vrt_diff_options *options, vrt_diff_result *out);

/** Frees the result's arrays and empties it. NULL is a no-op. */
void vrt_diff_result_free(vrt_diff_result *result);

/* ------------------------------------------------------------------------------------------- */
/* Sanitizer annotations                                                                        */
/* ------------------------------------------------------------------------------------------- */

/**
 * Happens-before annotations for locks ThreadSanitizer cannot see (Swift's Synchronization.Mutex on
 * Linux is implemented in an uninstrumented library). Call vrt_sanitizer_acquire(token) right after
 * taking such a lock and vrt_sanitizer_release(token) right before giving it up, with one token per
 * lock (any stable address; NULL is allowed and is just another token). When the engine is built
 * with -fsanitize=thread these forward to __tsan_acquire / __tsan_release; otherwise they do nothing.
 */
void vrt_sanitizer_acquire(const void *token);
void vrt_sanitizer_release(const void *token);

/* ------------------------------------------------------------------------------------------- */
/* Enum value witnesses (Swift runtime ABI)                                                     */
/* ------------------------------------------------------------------------------------------- */

/**
 * Calls into the enum value witnesses of a Swift type, for the Swift side's learned enum layouts
 * (Sources/VerityCore/Runtime/TypeLayout.swift), which check every answer against Mirror. `metadata`
 * is a Swift type's metadata pointer (`unsafeBitCast(T.self, to: UnsafeRawPointer.self)`); its
 * value witness table is the word before it, laid out as the Swift ABI documents
 * (docs/ABI/TypeMetadata.rst, include/swift/ABI/ValueWitness.def): eight witness functions, size,
 * stride, a 32-bit flags word, a 32-bit extra inhabitant count, then, for an enum,
 * getEnumTag, destructiveProjectEnumData and destructiveInjectEnumTag. The witnesses use the
 * Swift calling convention, which these functions call them with.
 *
 * vrt_enum_witnesses_available: whether this build can call them (a compiler with the swiftcall
 * convention, no pointer authentication) and `metadata`'s table says it has enum witnesses
 * (flag 0x00200000) and its type is bitwise takable (flag 0x00100000 clear) and not larger than
 * `max_size` bytes. Only then may the other two be called with that metadata.
 *
 * vrt_enum_tag: the case index of the enum value at `value` (payload cases first, in declaration
 * order, then the empty cases: the order of the type's field descriptor).
 * vrt_enum_project: strips the tag from the value at `value`, leaving its payload in place.
 */
bool vrt_enum_witnesses_available(const void *metadata, size_t max_size);
uint32_t vrt_enum_tag(const void *value, const void *metadata);
void vrt_enum_project(void *value, const void *metadata);

/* ------------------------------------------------------------------------------------------- */
/* Pointer map (what the dynamic path learned about a type, read without a lock)                */
/* ------------------------------------------------------------------------------------------- */

/**
 * A map from non-NULL pointers to non-NULL pointers with a fixed capacity, for process-lifetime
 * caches keyed by type metadata. Any number of threads may read it while others add to it, with no
 * lock: a reader sees an entry once its adder has returned, or misses it (never a half-written
 * one), so a miss must be answered by the caller's own slower path. Entries are never replaced or
 * removed; the map owns no value (the caller keeps each value alive while the map lives).
 *
 * vrt_ptr_map_create: a map for at least `capacity` entries (at most 2^24; a larger capacity
 * gives VRT_ERR_TOO_LARGE); writes it to `*out`. Errors: NULL_ARGUMENT, OUT_OF_MEMORY.
 * vrt_ptr_map_free: frees the map (no reader or adder may be using it). NULL is a no-op.
 * vrt_ptr_map_get: the value of `key`, or NULL when absent (also for a NULL map or key).
 * vrt_ptr_map_add: maps `key` to `value` unless `key` has a value already. Returns the value `key`
 *   now has: `value` when it was added, the earlier value when there was one, and NULL when the
 *   map is full or an argument is NULL (nothing added). Two adders racing on one key may both
 *   add theirs (each is returned its own), into two slots; readers only ever see the one in the
 *   slot a probe reaches first (not necessarily the one added first), never the other.
 */
typedef struct vrt_ptr_map vrt_ptr_map;
vrt_status vrt_ptr_map_create(size_t capacity, vrt_ptr_map **out);
void vrt_ptr_map_free(vrt_ptr_map *map);
const void *vrt_ptr_map_get(const vrt_ptr_map *map, const void *key);
const void *vrt_ptr_map_add(vrt_ptr_map *map, const void *key, const void *value);

#ifdef __cplusplus
}
#endif

#endif /* VERITY_ENGINE_H */
