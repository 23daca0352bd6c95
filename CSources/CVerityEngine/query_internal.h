/*
 * query_internal.h — what the call log's query files share (not part of the API): the compiled
 * pattern and its scan plan, the per-call matching that every scan inlines, the record cursor and
 * the sink that takes matches, and the functions one query file offers the others.
 *
 * The query files, one concern each:
 *   - pattern.c  compiling a vrt_pattern, the scan plan, the engine kinds' slower cases (its
 *                types and inline evaluations are in pattern.h, which includes none of these);
 *   - exact.c    the exact index (groups of identical calls) and the cold exact scan;
 *   - column.c   argument-hash columns for repeated scans with EQ arguments;
 *   - scan.c     running a query (vrt__run) and the public queries built on it;
 *   - nearest.c  ranking the calls closest to a pattern that matched none.
 *
 * What a query reads (see log_internal.h for the layout):
 *   - per-method vectors of call indices and 32 bits of argument fingerprints per call, both kept
 *     at append: a cold exact query compares fingerprints and bytes (memcmp confirms), a cold scan
 *     matches the method's calls argument by argument;
 *   - the exact index, built once exact queries repeat: groups of calls with identical (method,
 *     arg_count, bytes), confirmed by memcmp against the group's first call, so equal hashes (even
 *     VRT_HASH_CONSTANT) never merge different calls;
 *   - argument-hash columns, built once scans with an EQ argument repeat on a method: one 32-bit
 *     hash per call of the method for one argument position, so a scan reads 4 bytes per call
 *     and visits the call records and argument bytes only where the hash equals the EQ argument's
 *     hash (then the full match below confirms with memcmp).
 *
 * Matching a call against a pattern (scans): the argument count must agree; argument boundaries
 * are walked with the header-only value size (a malformed argument list matches nothing); ANY
 * skips, EQ compares lengths then bytes, ranges and string kinds decide from the argument's bytes
 * (or defer to the callback where the engine cannot decide, see vrt_pattern), and PREDICATE
 * callbacks run only once every other argument has passed.
 *
 * The helpers a scan calls for every call are `static inline` here, so each file's loops inline
 * them as the single file did.
 */
#ifndef VERITY_ENGINE_QUERY_INTERNAL_H
#define VERITY_ENGINE_QUERY_INTERNAL_H

#include "log_internal.h"
#include "pattern.h"

/* ------------------------------------------------------------------------------------------- */
/* Per-method vectors                                                                          */
/* ------------------------------------------------------------------------------------------- */

/** First position in `calls[0..n)` holding an index >= `from`. */
static inline uint32_t vrt__lower_bound_u32(const uint32_t *calls, uint32_t n, uint64_t from) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (calls[mid] < from) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/* ------------------------------------------------------------------------------------------- */
/* Record cursor                                                                               */
/* ------------------------------------------------------------------------------------------- */

/** Reads call records at increasing indices, keeping the current page's arrays at hand. */
typedef struct vrt__cursor {
  vrt__page *page;
  const uint32_t *meta;
  const uint8_t *const *args;
  const uint32_t *lengths;
  uint64_t base;
  uint64_t end; /* one past the page's last index; 0 before the first read */
} vrt__cursor;

/** The slot of call `index` in `c->page`, moving to its page when needed. `index` must not be
 *  below the index of the previous call. */
static inline uint32_t vrt__cursor_slot(vrt_log *log, vrt__cursor *c, uint64_t index) {
  if (index >= c->end) {
    vrt__page *page = &log->pages[vrt__page_of(index)];
    c->page = page;
    c->meta = page->meta;
    c->args = page->args;
    c->lengths = page->length;
    c->base = page->base;
    c->end = page->base + page->capacity;
  }
  return (uint32_t)(index - c->base);
}

/**
 * Does the call (its argument count already checked) match the pattern? For a call whose argument
 * list was readable at append (`formed`), the walk stops after the last argument the pattern
 * checks: the rest are ANY and known to be there.
 */
VRT__HOT bool vrt__match(vrt__plan *plan, uint64_t index, const uint8_t *a, size_t length,
                              uint32_t tag, bool formed) {
  const uint32_t argc = plan->argc;
  if (length == 0) return argc == 0;
  size_t pos = 0;
  uint32_t deferred = 0;
  int engine = -1; /* whether the engine decides this call's engine kinds; -1: not asked yet */
  uint32_t walk = formed ? plan->needed : argc;
  if (formed && plan->needed_decided != plan->needed) {
    engine = vrt__engine_decides(plan->pattern, tag) ? 1 : 0;
    if (engine) walk = plan->needed_decided;
  }
  for (uint32_t i = 0; i < walk; i++) {
    if (pos >= length) return false;
    const vrt__arg_plan *ap = &plan->args[i];
    if (ap->kind == VRT_ARG_EQ) {
      if (!vrt__equal(a + pos, length - pos, ap)) return false;
      pos += ap->length;
      continue;
    }
    size_t size;
    if (!vrt__skip(a + pos, length - pos, &size)) return false;
    bool defer = ap->kind == VRT_ARG_PREDICATE && !plan->skip_predicates;
    if (vrt__is_engine_kind(ap->kind)) {
      if (engine < 0) engine = vrt__engine_decides(plan->pattern, tag) ? 1 : 0;
      vrt__verdict verdict = engine ? vrt__evaluate(ap, a + pos, size) : VRT__UNSURE;
      if (verdict == VRT__NO) return false;
      defer = verdict == VRT__UNSURE;
    }
    if (defer) {
      plan->deferred_arg[deferred] = i;
      plan->deferred_offset[deferred] = (uint32_t)pos;
      plan->deferred_length[deferred] = (uint32_t)size;
      deferred++;
    }
    pos += size;
  }
  if (!formed && pos != length) return false;
  const vrt_pattern *pattern = plan->pattern;
  for (uint32_t j = 0; j < deferred; j++) {
    if (!pattern->predicate(pattern->predicate_context, index, plan->deferred_arg[j],
                            a + plan->deferred_offset[j], plan->deferred_length[j])) {
      return false;
    }
  }
  return true;
}

/* ------------------------------------------------------------------------------------------- */
/* Argument-hash columns (column.c)                                                            */
/* ------------------------------------------------------------------------------------------- */

/** A column entry: the low 32 bits of XXH3 of the argument's bytes with the log's seed
 *  (VRT_HASH_CONSTANT: the low 32 bits of the constant, so every entry equals every EQ hash and
 *  each call goes through the full match). The hash of the empty input marks "no readable
 *  argument"; EQ bytes are never empty, so it can only cause a full match that fails. */
static inline uint32_t vrt__arg_hash(const vrt_log *log, const uint8_t *bytes, size_t length) {
  if (log->hash.flags & VRT_HASH_CONSTANT) return (uint32_t)log->hash.constant;
  return (uint32_t)XXH3_64bits_withSeed(length > 0 ? (const void *)bytes : (const void *)"", length,
                                        log->hash.seed);
}

/**
 * Finds argument `position` of a call (`argc` arguments in `a[0..length)`) by walking the argument
 * boundaries with vrt__skip. False when the call has no argument there or the list is unreadable
 * up to it. For a call that matches a pattern (vrt__match), the walk succeeds and finds the same
 * boundaries: vrt__match steps over an EQ argument by the EQ bytes' length, and the call's bytes
 * there begin with those very bytes, whose header gives vrt__skip that same size.
 */
static inline bool vrt__arg_at(const uint8_t *a, size_t length, uint32_t argc, uint32_t position,
                               size_t *out_offset, size_t *out_size) {
  if (position >= argc) return false;
  size_t pos = 0, size = 0;
  for (uint32_t i = 0;; i++) {
    if (pos >= length || !vrt__skip(a + pos, length - pos, &size)) return false;
    if (i == position) break;
    pos += size;
  }
  *out_offset = pos;
  *out_size = size;
  return true;
}

/** The column of `md` for argument `position`, or NULL when none was built. */
vrt__column *vrt__column_find(const vrt__method *md, uint32_t position);

/**
 * The column of (`md`, `position`), created or extended to cover every call in the method's
 * vector (which must be up to date). NULL when out of memory or when the method has no calls yet:
 * the column is only a filter, so the caller then scans without it (a column already built keeps
 * its filled entries and is extended by a later query).
 */
const uint32_t *vrt__column_update(vrt_log *log, vrt__method *md, uint32_t position);

/** The EQ argument a scan filters on: one whose column already exists (no new memory), else the
 *  first EQ argument. `q` must have an EQ argument. */
uint32_t vrt__column_position(const vrt__method *md, const vrt__query *q);

/**
 * The first position in [k, n) whose column entry is `want`, or `n`. Entries are tested 16 at a
 * time (one cache line) with branch-free compares that the compiler turns into vector
 * instructions, so a run of other hashes costs about one branch per 16 calls.
 */
static inline uint32_t vrt__column_next(const uint32_t *column, uint32_t k, uint32_t n,
                                        uint32_t want) {
  enum { BLOCK = 16 };
  while (n - k >= BLOCK) {
    unsigned hit = 0;
    for (uint32_t j = 0; j < BLOCK; j++) hit |= (unsigned)(column[k + j] == want);
    if (hit != 0) break;
    k += BLOCK;
  }
  while (k < n && column[k] != want) k++;
  return k;
}

/** The first position in [k, n) whose fingerprints agree with `want` under `mask`, or `n`; 16
 *  entries per step, as vrt__column_next. */
static inline uint32_t vrt__print_next(const uint32_t *prints, uint32_t k, uint32_t n, uint32_t mask,
                                       uint32_t want) {
  enum { BLOCK = 16 };
  while (n - k >= BLOCK) {
    unsigned hit = 0;
    for (uint32_t j = 0; j < BLOCK; j++) hit |= (unsigned)((prints[k + j] & mask) == want);
    if (hit != 0) break;
    k += BLOCK;
  }
  while (k < n && (prints[k] & mask) != want) k++;
  return k;
}

/* ------------------------------------------------------------------------------------------- */
/* Taking matches                                                                              */
/* ------------------------------------------------------------------------------------------- */

/** Where matches go: counted, the first `capacity` indices kept, optionally marked verified.
 *  With `fresh` set, matches are not marked but noted in that bitset (one bit per call index),
 *  for the caller to mark them all at once, or none (vrt_log_mark_verified_if). */
typedef struct vrt__fresh {
  uint64_t *bits;
  uint64_t low, high; /* words touched: [low, high]; low > high when none */
} vrt__fresh;

typedef struct vrt__sink {
  uint64_t *out;
  size_t capacity;
  uint64_t total;
  bool first_only;
  bool mark;
  vrt__fresh *fresh;
  bool until_full; /* stop once `capacity` matches are kept */
} vrt__sink;

/** Takes one match; returns false when the walk should stop. */
VRT__HOT bool vrt__take(vrt_log *log, vrt__sink *sink, vrt__page *page, uint32_t slot,
                        uint64_t index) {
  if (sink->fresh != NULL) {
    vrt__fresh *fresh = sink->fresh;
    const uint64_t word = index >> 6;
    fresh->bits[word] |= UINT64_C(1) << (index & 63u);
    if (word < fresh->low) fresh->low = word;
    if (word > fresh->high || fresh->high == UINT64_MAX) fresh->high = word;
  } else if (sink->mark) {
    uint64_t bit = UINT64_C(1) << (slot & 63u);
    if ((page->verified[slot >> 6] & bit) == 0) {
      page->verified[slot >> 6] |= bit;
      log->verified_total++;
      log->methods[page->meta[slot] >> 8].verified++;
    }
  }
  if (sink->total < sink->capacity) sink->out[sink->total] = index;
  sink->total++;
  if (sink->until_full && sink->total >= sink->capacity) return false;
  return !sink->first_only;
}

/* ------------------------------------------------------------------------------------------- */
/* Exact index (exact.c)                                                                       */
/* ------------------------------------------------------------------------------------------- */

/** The next call of the same exact-index group as call `index`, or VRT_NONE. */
static inline uint32_t vrt__group_next(const vrt_log *log, uint32_t index) {
  const vrt__page *page = &log->pages[vrt__page_of(index)];
  return page->group_next[index - page->base];
}

/** Finds an all-EQ pattern's group (VRT_NONE: no such call), extending the exact index first. */
vrt_status vrt__exact_group(vrt_log *log, const vrt__query *q, uint32_t *out_group);

/**
 * An exact query without the index: the calls of the method from `from` whose argument
 * fingerprints equal the pattern's, confirmed by method, count, length and memcmp. Reads 4 bytes
 * per call (16 compared per step) when every call is of the method, else the method's call list
 * too.
 */
vrt_status vrt__exact_scan(vrt_log *log, const vrt__query *q, uint64_t from,
                           vrt__sink *sink);

#endif /* VERITY_ENGINE_QUERY_INTERNAL_H */
