/*
 * log_internal.h — the call log's private layout, shared by log.c (recording), memory.c and the
 * query files (indexes and queries, see query_internal.h). Not part of the API.
 *
 * Memory layout
 *   - Argument bytes live in an arena of chunks (chunk_size bytes, doubling with each chunk up to
 *     VRT__LARGE_BLOCK, or chunk_size when larger; an entry never spans chunks; an entry larger
 *     than chunk_size gets a chunk of its own). Chunks never move, so a
 *     record keeps a plain pointer to its bytes.
 *   - Records live in pages of struct-of-arrays (seq, args pointer, length, method|argc, argument
 *     fingerprints, tag, verified bits, well-formed bits), 32 bytes and 2 bits per call. Page 0 holds 64 calls, page p in 1...11 holds 2^(p+5),
 *     every later page 65536: small logs stay small and big ones never copy a record; only the
 *     page table (one descriptor per page) is reallocated as it grows.
 *   - Kept at append: the per-method call-index vectors (`vrt__method.calls`, 4 bytes per call) and
 *     each call's argument fingerprints (vrt__fingerprints, 4 bytes), so a cold query is a scan
 *     that reads 4 bytes per call and the arguments of the few calls whose fingerprints agree.
 *   - Built lazily once queries repeat, and extended for the calls appended since: the exact index
 *     (groups of calls with identical method, arg_count and bytes, found through an
 *     open-addressing table keyed by the stored call hash; each group chains its calls in index
 *     order through `group_next`), and argument-hash columns (`vrt__column`, below) for scans with
 *     EQ arguments. The exact index costs 4 bytes per call plus about 40 bytes per distinct
 *     (method, arguments); each argument-hash column 4 bytes per call *of its method*, only for
 *     the (method, position) pairs that repeated scans have used. All of it is counted in
 *     `memory` (vrt_log_memory).
 */
#ifndef VERITY_ENGINE_LOG_INTERNAL_H
#define VERITY_ENGINE_LOG_INTERNAL_H

#include <stdlib.h>

#include "internal.h"
#include "xxh.h"

#define VRT__PAGE0_CALLS 64u
#define VRT__PAGE_MAX_SHIFT 16u
#define VRT__PAGE_MAX_CALLS (1u << VRT__PAGE_MAX_SHIFT)
/** First call index held by the constant-size pages (page 12 onwards). */
#define VRT__PAGE_STEADY_BASE (UINT64_C(1) << (VRT__PAGE_MAX_SHIFT + 1))
/** Method ids share a 32-bit word with the argument count. */
#define VRT__MAX_METHODS (1u << 24)
/** Call indices are stored as uint32 with VRT_NONE as the end marker. */
#define VRT__MAX_CALLS ((uint64_t)VRT_NONE - 1u)
/* The log's own allocation (log.c, vrt_log_create, explains each part): page 0's block, the first
 * arena, and the first methods' call lists, which end the block. */
#define VRT__PAGE0_BYTES ((size_t)VRT__PAGE0_CALLS * 32u + VRT__PAGE0_CALLS / 4u)
#define VRT__INLINE_ARENA ((size_t)256)
#define VRT__INLINE_METHODS 4u
#define VRT__INLINE_CALLS 16u

typedef struct vrt__page {
  uint64_t *seq;
  const uint8_t **args;
  uint32_t *length;
  uint32_t *meta;        /* method << 8 | arg_count */
  uint32_t *prints;      /* argument fingerprints (vrt__fingerprints), stored at append */
  uint32_t *tag;         /* the caller's tag (vrt_log_append_tagged) */
  uint64_t *verified;    /* one bit per call */
  uint64_t *formed;      /* one bit per call: its argument list was readable at append */
  uint32_t *group_next;  /* exact index: next call of the same group, VRT_NONE; lazy */
  uint64_t base;         /* index of the page's first call */
  uint32_t capacity;
  /* Summaries kept at append, so scans can skip per-call reads: the meta and the tag every call
   * of the page shares (valid while the `mixed_` flag is false), and whether every call's
   * argument list was readable. */
  uint32_t common_meta;
  uint32_t common_tag;
  bool mixed_meta;
  bool mixed_tags;
  bool all_formed;
} vrt__page;

/**
 * An argument-hash column: for one method and one argument position, a 32-bit hash of that
 * argument's bytes per call of the method, aligned with `vrt__method.calls` (entry k belongs to
 * call `calls[k]`). Built by the first scan with an EQ argument at that position, extended by
 * later scans for the calls appended since. A scan compares entries against the hash of its EQ
 * bytes and runs the full match (memcmp) only on equal entries: an entry is a filter, never a
 * proof. A call with no readable argument at `position` (fewer arguments, or a malformed list)
 * holds the hash of the empty input; such a call can never match an EQ argument there.
 * Memory: 4 bytes per call of the method (`capacity` entries).
 */
typedef struct vrt__column {
  uint32_t *hashes;
  uint32_t count; /* entries filled: the method's calls[0..count) */
  uint32_t position;
  size_t capacity;
} vrt__column;

typedef struct vrt__method {
  char *name; /* NUL-terminated copy, in the arena */
  size_t name_length;
  uint64_t name_hash;
  uint64_t count;    /* calls recorded (kept at append) */
  uint64_t verified; /* calls currently marked verified */
  uint32_t *calls;   /* per-method index: call indices in order (kept at append) */
  uint32_t call_count;
  size_t call_capacity;
  vrt__column *columns; /* argument-hash columns used so far (lazy), in creation order */
  uint32_t column_count;
  size_t column_capacity;
  uint32_t eq_scans; /* scans with an EQ argument so far (columns are built once they repeat) */
} vrt__method;

typedef struct vrt__chunk {
  uint8_t *bytes;
  size_t size;
} vrt__chunk;

typedef struct vrt__group {
  uint64_t hash;
  uint32_t first; /* the representative: confirmed by memcmp */
  uint32_t last;
  uint32_t count;
} vrt__group;

struct vrt_log {
  vrt_hash_options hash;
  size_t chunk_size;
  size_t memory; /* bytes allocated, this struct included */
  uint64_t allocations;      /* allocations attempted since creation (the test seam counts them) */
  uint64_t fail_allocation;  /* test seam: this allocation number fails (0: none) */

  vrt__method *methods;
  uint32_t method_count;
  uint32_t method_capacity;
  uint32_t *method_slots; /* open addressing by name hash: method id or VRT_NONE */
  size_t method_slot_capacity;

  vrt__chunk *chunks;
  size_t chunk_count;
  size_t chunk_capacity;
  /* The first arena (VRT__INLINE_ARENA bytes) and page 0's block live in the log's own
   * allocation, behind the struct (vrt_log_create); `current` starts in that arena, which is in
   * no chunk. */
  uint8_t *inline_page;
  /* The end of the log's own allocation: arrays that start inside it (the small tables of
   * vrt_log_create) are copied out, never reallocated or freed, when they grow (vrt__log_grow). */
  uint8_t *block_end;
  uint8_t *current;
  size_t current_used;
  size_t current_capacity;

  vrt__page *pages;
  size_t page_count;
  size_t page_capacity;
  uint64_t count;
  uint64_t last_seq;
  uint64_t verified_total;

  uint64_t exact_scans;   /* exact queries answered by scanning (the index is built after
                             VRT_EXACT_SCANS_BEFORE_INDEX of them) */
  uint64_t exact_indexed; /* calls already in the exact index (0: not built) */
  vrt__group *groups;
  size_t group_count;
  size_t group_capacity;
  uint64_t *group_slots; /* (hash >> 32) << 32 | group, UINT64_MAX empty */
  size_t group_slot_capacity;
};

/** Call hash: XXH3 of the argument bytes, seeded with the log's seed mixed with method and
 *  argument count (`meta`); VRT_HASH_CONSTANT gives the constant (every call collides). */
static inline uint64_t vrt__call_hash(const vrt_log *log, uint32_t meta, const uint8_t *bytes,
                                      size_t length) {
  if (log->hash.flags & VRT_HASH_CONSTANT) return log->hash.constant;
  uint64_t seed = log->hash.seed ^ (((uint64_t)meta + 1u) * VRT__P1);
  return XXH3_64bits_withSeed(length > 0 ? (const void *)bytes : (const void *)"", length, seed);
}

/** Size of the argument at `p` (`avail` > 0 bytes left): the common one-byte-varint headers are
 *  read inline, everything else by the full header check. False when malformed or truncated. */
VRT__HOT bool vrt__skip(const uint8_t *p, size_t avail, size_t *out_size) {
  /* Conditional branches rather than a switch: a jump table's single indirect branch is
   * mispredicted far more often when the tags alternate from one argument to the next. */
  const uint8_t tag = p[0];
  if (tag == VRT_TAG_UINT || tag == VRT_TAG_NINT) {
    if (avail >= 2 && p[1] < 0x80) {
      *out_size = 2;
      return true;
    }
    /* Up to 9 varint bytes inline: the last one ends it and is not 0 (not over-long). */
    const size_t limit = avail - 1 < 9 ? avail - 1 : 9;
    for (size_t i = 2; i <= limit; i++) {
      if (p[i] < 0x80) {
        if (p[i] == 0) break;
        *out_size = i + 1;
        return true;
      }
    }
    uint64_t value;
    size_t used;
    if (avail < 2 || vrt__varint(p + 1, avail - 1, &value, &used) != VRT_OK) return false;
    *out_size = 1 + used;
    return true;
  } else if (tag == VRT_TAG_STRING || tag == VRT_TAG_BYTES) {
    if (avail >= 2 && p[1] < 0x80 && (size_t)p[1] <= avail - 2) {
      *out_size = 2 + (size_t)p[1];
      return true;
    }
  } else if (tag == VRT_TAG_DOUBLE) {
    if (avail >= 9) {
      *out_size = 9;
      return true;
    }
  } else if (tag >= VRT_TAG_NIL && tag <= VRT_TAG_TRUE) {
    *out_size = 1;
    return true;
  }
  return vrt__value_size(p, avail, out_size) == VRT_OK;
}

/** A 64-bit hash of one argument's bytes for fingerprints: a multiply-mix of its first and last
 *  8 bytes and its length for short arguments (every scalar), XXH3 for longer ones. Under
 *  VRT_HASH_CONSTANT every argument gets the same value (the constant byte, repeated). */
VRT__HOT uint64_t vrt__fingerprint_hash(const vrt_log *log, const uint8_t *bytes, size_t length) {
  if (log->hash.flags & VRT_HASH_CONSTANT) {
    return (uint64_t)(uint8_t)log->hash.constant * UINT64_C(0x0101010101010101);
  }
  uint64_t h;
  if (length <= 16) {
    /* Fixed-size loads only (a variable-length memcpy would be a library call per argument). */
    uint64_t a = 0, b = 0;
    if (length >= 8) {
      memcpy(&a, bytes, 8);
      memcpy(&b, bytes + length - 8, 8);
    } else if (length >= 4) {
      uint32_t x, y;
      memcpy(&x, bytes, 4);
      memcpy(&y, bytes + length - 4, 4);
      a = x;
      b = y;
    } else if (length > 0) {
      a = (uint64_t)bytes[0] | (uint64_t)bytes[length / 2] << 8 | (uint64_t)bytes[length - 1] << 16;
    }
    h = (a ^ log->hash.seed ^ ((uint64_t)length << 59)) * VRT__P1;
    h ^= (b + (h >> 31)) * UINT64_C(0xC2B2AE3D27D4EB4F);
  } else {
    h = XXH3_64bits_withSeed(bytes, length, log->hash.seed);
  }
  return h;
}

/**
 * Where argument `k` of a call with `arg_count` arguments sits in the call's 32-bit fingerprint
 * word: its bit offset and width. The word is shared out by the argument count, so a call with
 * few arguments filters more sharply: one argument has all 32 bits, two have 16 each, three have
 * 11, 11 and 10; four or more have 8 bits for each of the first three and 8 for all the rest
 * together (k = 3). Returns false when argument `k` has no field of its own.
 */
static inline bool vrt__print_field(uint32_t arg_count, uint32_t k, uint32_t *out_shift, uint32_t *out_bits) {
  switch (arg_count) {
    case 0: return false;
    case 1: *out_shift = 0; *out_bits = 32; return k == 0;
    case 2: *out_shift = 16u * k; *out_bits = 16; return k < 2;
    case 3:
      if (k > 2) return false;
      *out_shift = 11u * k;
      *out_bits = k == 2 ? 10u : 11u;
      return true;
    default:
      if (k > 3) return false;
      *out_shift = 8u * k;
      *out_bits = 8;
      return true;
  }
}

/** The fingerprint field (already shifted into place) of one argument's bytes, as argument `k` of
 *  a call with `arg_count` arguments; 0 when it has no field. `*out_mask` (may be NULL) gets the
 *  field's bits. */
static inline uint32_t vrt__print_bits(const vrt_log *log, const uint8_t *bytes, size_t length, uint32_t arg_count,
                                       uint32_t k, uint32_t *out_mask) {
  uint32_t shift, bits;
  if (!vrt__print_field(arg_count, k, &shift, &bits)) {
    if (out_mask != NULL) *out_mask = 0;
    return 0;
  }
  const uint32_t field = (uint32_t)(vrt__fingerprint_hash(log, bytes, length) >> (64u - bits));
  if (out_mask != NULL) *out_mask = (bits == 32 ? UINT32_MAX : ((UINT32_C(1) << bits) - 1u)) << shift;
  return field << shift;
}

/**
 * A call's argument fingerprints, in one 32-bit word laid out by the argument count
 * (vrt__print_field): a field per argument among the first three (or the only one or two), and for
 * four or more arguments a last byte for every later argument together; a missing argument gives
 * 0. Arguments are found by their header-only sizes; where the list cannot be read, the rest is 0
 * (such a call matches no pattern that reaches it). Equal arguments have equal fingerprints, so a
 * query compares bytes only for calls whose fingerprints agree with its EQ arguments (and never
 * trusts an agreement). `out_formed` (may be NULL) tells whether exactly `arg_count` readable
 * values fill the bytes.
 */
static inline uint32_t vrt__fingerprints(const vrt_log *log, const uint8_t *args, size_t length,
                                         uint32_t arg_count, bool *out_formed) {
  uint32_t prints = 0;
  size_t pos = 0, rest = 0;
  bool formed = true;
  for (uint32_t k = 0; k < arg_count; k++) {
    size_t size;
    if (pos >= length || !vrt__skip(args + pos, length - pos, &size)) {
      formed = false;
      break;
    }
    if (k < 3) prints |= vrt__print_bits(log, args + pos, size, arg_count, k, NULL);
    if (k == 3) rest = pos;
    pos += size;
  }
  if (formed && pos != length) formed = false;
  if (formed && arg_count > 3) prints |= vrt__print_bits(log, args + rest, length - rest, arg_count, 3, NULL);
  if (out_formed != NULL) *out_formed = formed;
  return prints;
}

/** Whether call `slot` of `page` had a readable argument list at append. */
static inline bool vrt__is_formed(const vrt__page *page, uint32_t slot) {
  return (page->formed[slot >> 6] >> (slot & 63u)) & 1u;
}

/** Page holding call `index`. */
static inline size_t vrt__page_of(uint64_t index) {
  if (index < VRT__PAGE0_CALLS) return 0;
  if (index < VRT__PAGE_STEADY_BASE) return (size_t)vrt__log2_64(index) - 5u;
  return (size_t)(12u + ((index - VRT__PAGE_STEADY_BASE) >> VRT__PAGE_MAX_SHIFT));
}

static inline uint64_t vrt__page_base(size_t page) {
  if (page == 0) return 0;
  if (page < 12) return UINT64_C(1) << (page + 5u);
  return VRT__PAGE_STEADY_BASE + ((uint64_t)(page - 12u) << VRT__PAGE_MAX_SHIFT);
}

static inline uint32_t vrt__page_capacity(size_t page) {
  if (page == 0) return VRT__PAGE0_CALLS;
  if (page < 12) return (uint32_t)1u << (page + 5u);
  return VRT__PAGE_MAX_CALLS;
}

static inline bool vrt__is_verified(const vrt__page *page, uint32_t slot) {
  return (page->verified[slot >> 6] >> (slot & 63u)) & 1u;
}

/** Counts an allocation; false when the test seam (vrt_log_fail_allocation) makes this one fail. */
static inline bool vrt__log_may_allocate(vrt_log *log) {
  log->allocations++;
  return log->fail_allocation == 0 || log->allocations != log->fail_allocation;
}

/** Temporary allocations of a query (freed with free() before it returns; not in `memory`). */
static inline void *vrt__log_temp_alloc(vrt_log *log, size_t size) {
  return vrt__log_may_allocate(log) ? malloc(size == 0 ? 1 : size) : NULL;
}

static inline void *vrt__log_temp_calloc(vrt_log *log, size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) return NULL;
  return vrt__log_may_allocate(log) ? calloc(count == 0 ? 1 : count, size == 0 ? 1 : size) : NULL;
}

static inline void *vrt__log_temp_realloc(vrt_log *log, void *p, size_t size) {
  return vrt__log_may_allocate(log) ? realloc(p, size == 0 ? 1 : size) : NULL;
}

/** Allocation helpers that keep `log->memory` honest. */
static inline void *vrt__log_alloc(vrt_log *log, size_t size) {
  if (!vrt__log_may_allocate(log)) return NULL;
  void *p = malloc(size == 0 ? 1 : size);
  if (p != NULL) log->memory += size;
  return p;
}

/**
 * Blocks of at least this many bytes are prepared for being filled (memory.c): 2 MiB less one
 * 4 KiB page, the size of a big log's arena chunks. With the allocator's header such a block's
 * mapping is exactly one 2 MiB page, which lets the system align it on one (Linux does for anonymous
 * mappings whose length is a whole number of 2 MiB pages).
 */
#define VRT__LARGE_BLOCK (((size_t)2 << 20) - 4096u)

/** Prepares the `size` bytes at `block` for being filled: huge pages and pre-populated pages
 *  where the system has them; nothing for smaller blocks, for NULL, or elsewhere (memory.c). */
void vrt__prepare_large_block(void *block, size_t size);

/** vrt__log_alloc for the log's blocks that fill once allocated (arena chunks, record pages): the
 *  same, then prepared when at least VRT__LARGE_BLOCK bytes. */
static inline void *vrt__log_alloc_large(vrt_log *log, size_t size) {
  void *p = vrt__log_alloc(log, size);
  if (p != NULL) vrt__prepare_large_block(p, size);
  return p;
}

static inline void *vrt__log_calloc(vrt_log *log, size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) return NULL;
  if (!vrt__log_may_allocate(log)) return NULL;
  void *p = calloc(count == 0 ? 1 : count, size == 0 ? 1 : size);
  if (p != NULL) log->memory += count * size;
  return p;
}

static inline void *vrt__log_realloc(vrt_log *log, void *p, size_t old_size, size_t new_size) {
  if (!vrt__log_may_allocate(log)) return NULL;
  void *q = realloc(p, new_size == 0 ? 1 : new_size);
  if (q != NULL) log->memory = log->memory - old_size + new_size;
  return q;
}

static inline void vrt__log_free(vrt_log *log, void *p, size_t size) {
  if (p == NULL) return;
  free(p);
  log->memory -= size;
}

/** Whether `p` points into the log's own allocation (page 0, the first arena and the small
 *  tables that come with the log), which is freed with the log and never on its own. */
static inline bool vrt__in_log_block(const vrt_log *log, const void *p) {
  /* compared as integers: `p` may point into another allocation, where ordering pointers is
   * undefined */
  const uintptr_t address = (uintptr_t)p;
  return address >= (uintptr_t)(const void *)(log + 1) && address < (uintptr_t)(const void *)log->block_end;
}

/** Frees an array of the log's unless it lives in the log's own allocation (vrt__in_log_block). */
static inline void vrt__log_free_array(vrt_log *log, void *p, size_t size) {
  if (p != NULL && !vrt__in_log_block(log, p)) vrt__log_free(log, p, size);
}

/** Doubling growth of an array of `element` bytes to hold `needed` elements. An array that
 *  starts in the log's own allocation is copied into a new one (the old bytes stay, unused). */
static inline bool vrt__log_grow(vrt_log *log, void **array, size_t *capacity, size_t needed,
                                 size_t element, size_t minimum) {
  if (needed <= *capacity) return true;
  size_t cap = *capacity < minimum ? minimum : *capacity;
  while (cap < needed) {
    if (cap > SIZE_MAX / 2 / element) return false;
    cap *= 2;
  }
  void *grown;
  if (*array != NULL && vrt__in_log_block(log, *array)) {
    grown = vrt__log_alloc(log, cap * element);
    if (grown != NULL) memcpy(grown, *array, *capacity * element);
  } else {
    grown = vrt__log_realloc(log, *array, *capacity * element, cap * element);
  }
  if (grown == NULL) return false;
  *array = grown;
  *capacity = cap;
  return true;
}

/** The first arena, allocated with the log (VRT__INLINE_ARENA bytes behind page 0's block). */
static inline uint8_t *vrt__inline_arena(vrt_log *log) {
  return log->inline_page + VRT__PAGE0_BYTES;
}

/** The call list (VRT__INLINE_CALLS entries) allocated with the log for method `id` (below
 *  VRT__INLINE_METHODS). */
static inline uint32_t *vrt__inline_calls(vrt_log *log, uint32_t id) {
  return (uint32_t *)(void *)(log->block_end - VRT__INLINE_METHODS * VRT__INLINE_CALLS * sizeof(uint32_t)) +
         (size_t)id * VRT__INLINE_CALLS;
}

/** Bytes of the block holding page `capacity`'s per-call arrays (vrt__add_page). */
static inline size_t vrt__page_bytes(size_t capacity) {
  return capacity * 32u + capacity / 4u;
}

#endif /* VERITY_ENGINE_LOG_INTERNAL_H */
