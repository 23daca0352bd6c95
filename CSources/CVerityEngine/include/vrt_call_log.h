/*
 * vrt_call_log.h — the call log, its patterns and its queries.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_CALL_LOG_H
#define VRT_CALL_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "vrt_status.h"
#include "vrt_format.h"
#include "vrt_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Call log                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/**
 * A log of calls, appended one by one and forgotten all at once (vrt_log_clear) or by index or
 * pattern (vrt_log_remove_calls, vrt_log_remove_matching). Per call: a method id (names
 * interned), the argument bytes (the
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

/** A read-only view of one call; pointers are valid until the log is cleared or freed. */
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

/**
 * Forgets every call and keeps the interned methods (same ids, same names) and the options: the
 * log then answers as a new log with those methods interned, except that VRT_SEQ_AUTO continues
 * after the last sequence number handed out (a caller-supplied number may be any, as in a new
 * log). Frees the arena's chunks, the record pages, the per-method call lists, the exact index
 * and the argument-hash columns; the method names move to the arena allocated with the log when
 * they fit in it (256 bytes with their NUL terminators), else into one new block of exactly
 * their size. Cost: one free per block freed plus a step per method, whatever the number of
 * calls (no call is visited). An empty log is cleared as well (a no-op but for the names' move).
 * Errors: NULL_ARGUMENT (NULL log), OUT_OF_MEMORY (only when the names need their new block;
 * the log is then unchanged).
 */
vrt_status vrt_log_clear(vrt_log *log);

/**
 * Forgets the calls `indices[0..count)` (strictly increasing, each below vrt_log_count_calls;
 * NULL with count 0 is a no-op) and moves every later call down: the call at index i gets index
 * i minus the number of removed indices below i, and keeps its sequence number, arguments, tag
 * and verified bit (indices read before are stale for the calls that moved; argument pointers
 * stay valid). Removing every call is vrt_log_clear. Cost: proportional to the calls from
 * indices[0] to the end (each moved once, its method's call list rewritten from there), plus a
 * step per method; the record pages left empty are freed, argument-hash columns are cut back to
 * the calls before indices[0] (later scans extend them again) and the exact index is dropped (a
 * later exact query rebuilds it). The argument bytes of removed calls stay in the arena until
 * vrt_log_clear or vrt_log_free. Never allocates (except through vrt_log_clear).
 * Errors: NULL_ARGUMENT (NULL log; NULL `indices` with count > 0), INVALID_ARGUMENT (an index
 * past the end or not above the one before it; nothing is removed), and vrt_log_clear's.
 */
vrt_status vrt_log_remove_calls(vrt_log *log, const uint64_t *indices, size_t count);

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

/** A built-in argument kind's answer for one value (see vrt_arg_test_integer). */
typedef enum vrt_answer {
  VRT_ANSWER_NO = 0,
  VRT_ANSWER_YES = 1,
  /** The bytes cannot give Swift's answer (a string kind on a string that is not ASCII, or holds
   *  a carriage return), or the call was not for this function's kind: Swift decides. */
  VRT_ANSWER_UNSURE = 2,
} vrt_answer;

/*
 * The built-in kinds on one value, for code that has the value rather than a recorded call: the
 * same functions a query's scan runs on a recorded argument, so each built-in's meaning is
 * implemented once (Swift's matchers ask these for the types the engine reads). `pattern` is one
 * argument of the function's kind (else, or when NULL, VRT_ANSWER_UNSURE); nothing is kept.
 */
/** VRT_ARG_INT_RANGE on the integer `magnitude`, or -(magnitude + 1) when `negative`. */
vrt_answer vrt_arg_test_integer(const vrt_arg_pattern *pattern, bool negative, uint64_t magnitude);
/** VRT_ARG_DOUBLE_RANGE on `value`. */
vrt_answer vrt_arg_test_double(const vrt_arg_pattern *pattern, double value);
/** A string kind on the UTF-8 text `utf8[0..length)` (NULL only with length 0); an ASCII needle,
 *  as a query requires, else VRT_ANSWER_UNSURE. */
vrt_answer vrt_arg_test_string(const vrt_arg_pattern *pattern, const uint8_t *utf8, size_t length);

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
 * Forgets every call matching `pattern` (validated as by vrt_log_count), as vrt_log_remove_calls
 * does with their indices, and writes how many were removed to `out_removed` (may be NULL). Cost:
 * the query (vrt_log_find) plus vrt_log_remove_calls'; a temporary array of 8 bytes per match,
 * freed before return. Errors: NULL_ARGUMENT (NULL log or pattern), the queries' errors,
 * OUT_OF_MEMORY (the temporary array; nothing is removed).
 */
vrt_status vrt_log_remove_matching(vrt_log *log, const vrt_pattern *pattern, uint64_t *out_removed);

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

#ifdef __cplusplus
}
#endif

#endif /* VRT_CALL_LOG_H */
