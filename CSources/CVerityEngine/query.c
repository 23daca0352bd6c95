/*
 * query.c — the call log's queries and the indexes that pay off once queries repeat.
 *
 * What a query reads (see log_internal.h for the layout):
 *   - per-method vectors of call indices and a 32-bit hash per call, both kept at append: a cold
 *     exact query compares stored hashes (memcmp confirms), a cold scan matches the method's calls
 *     argument by argument;
 *   - the exact index, built from the stored hashes once exact queries repeat: groups of calls
 *     with identical (method, arg_count, bytes), confirmed by memcmp against the group's first
 *     call, so equal hashes (even VRT_HASH_CONSTANT) never merge different calls;
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
 */
#include "xxh.h"

#include "log_internal.h"

/* ------------------------------------------------------------------------------------------- */
/* Exact index                                                                                  */
/* ------------------------------------------------------------------------------------------- */

#define VRT__SLOT_EMPTY UINT64_MAX
#define VRT__TAG_MASK UINT64_C(0xFFFFFFFF00000000)

static bool vrt__same_call(const vrt_log *log, uint32_t index, uint32_t meta, const uint8_t *bytes,
                           size_t length) {
  const vrt__page *page = &log->pages[vrt__page_of(index)];
  uint32_t slot = (uint32_t)(index - page->base);
  if (page->meta[slot] != meta || page->length[slot] != length) return false;
  return length == 0 || memcmp(page->args[slot], bytes, length) == 0;
}

/** The group of calls equal to (meta, bytes), or VRT_NONE. */
static uint32_t vrt__group_find(const vrt_log *log, uint64_t hash, uint32_t meta,
                                const uint8_t *bytes, size_t length) {
  if (log->group_slot_capacity == 0) return VRT_NONE;
  size_t mask = log->group_slot_capacity - 1;
  uint64_t tag = hash & VRT__TAG_MASK;
  for (size_t s = (size_t)hash & mask;; s = (s + 1) & mask) {
    uint64_t entry = log->group_slots[s];
    if (entry == VRT__SLOT_EMPTY) return VRT_NONE;
    if ((entry & VRT__TAG_MASK) == tag) {
      uint32_t g = (uint32_t)entry;
      const vrt__group *group = &log->groups[g];
      if (group->hash == hash && vrt__same_call(log, group->first, meta, bytes, length)) return g;
    }
  }
}

static void vrt__group_slot_insert(uint64_t *slots, size_t capacity, uint64_t hash, uint32_t g) {
  size_t mask = capacity - 1;
  size_t s = (size_t)hash & mask;
  while (slots[s] != VRT__SLOT_EMPTY) s = (s + 1) & mask;
  slots[s] = (hash & VRT__TAG_MASK) | g;
}

/** Rebuilds the slot table with `cap` slots (a power of two holding every group at load <= 1/2). */
static bool vrt__group_slots_resize(vrt_log *log, size_t cap) {
  if (cap > SIZE_MAX / sizeof(uint64_t)) return false;
  uint64_t *slots = (uint64_t *)vrt__log_alloc(log, cap * sizeof(uint64_t));
  if (slots == NULL) return false;
  for (size_t i = 0; i < cap; i++) slots[i] = VRT__SLOT_EMPTY;
  const size_t ahead = 16; /* slot positions are random: prefetch a few inserts ahead */
  for (size_t g = 0; g < log->group_count; g++) {
    if (g + ahead < log->group_count) {
      vrt__prefetch(&slots[(size_t)log->groups[g + ahead].hash & (cap - 1)]);
    }
    vrt__group_slot_insert(slots, cap, log->groups[g].hash, (uint32_t)g);
  }
  vrt__log_free(log, log->group_slots, log->group_slot_capacity * sizeof(uint64_t));
  log->group_slots = slots;
  log->group_slot_capacity = cap;
  return true;
}

static bool vrt__group_slots_grow(vrt_log *log) {
  return vrt__group_slots_resize(log, log->group_slot_capacity == 0 ? 64 : log->group_slot_capacity * 2);
}

/** Smallest power-of-two slot count >= 64 keeping `groups` at load <= 1/2. */
static size_t vrt__slots_for(size_t groups) {
  size_t cap = 64;
  while (cap / 2 < groups && cap <= SIZE_MAX / 4) cap *= 2;
  return cap;
}

/** Adds call `i` (its hash computed) to the exact index. */
static vrt_status vrt__index_call(vrt_log *log, vrt__page *page, uint64_t i, uint64_t hash) {
  uint32_t slot = (uint32_t)(i - page->base);
  const uint8_t *bytes = page->args[slot];
  uint32_t length = page->length[slot];
  uint32_t meta = page->meta[slot];
  uint32_t g = vrt__group_find(log, hash, meta, bytes, length);
  if (g == VRT_NONE) {
    if (log->group_count == log->group_capacity) {
      void *groups = log->groups;
      size_t cap = log->group_capacity;
      if (!vrt__log_grow(log, &groups, &cap, cap + 1, sizeof(vrt__group), 64)) {
        return VRT_ERR_OUT_OF_MEMORY;
      }
      log->groups = (vrt__group *)groups;
      log->group_capacity = cap;
    }
    if ((log->group_count + 1) * 2 > log->group_slot_capacity && !vrt__group_slots_grow(log)) {
      return VRT_ERR_OUT_OF_MEMORY;
    }
    g = (uint32_t)log->group_count++;
    vrt__group *group = &log->groups[g];
    group->hash = hash;
    group->first = (uint32_t)i;
    group->last = (uint32_t)i;
    group->count = 1;
    vrt__group_slot_insert(log->group_slots, log->group_slot_capacity, hash, g);
  } else {
    vrt__group *group = &log->groups[g];
    vrt__page *last_page = &log->pages[vrt__page_of(group->last)];
    last_page->group_next[group->last - last_page->base] = (uint32_t)i;
    group->last = (uint32_t)i;
    group->count++;
  }
  page->group_next[slot] = VRT_NONE;
  return VRT_OK;
}

/**
 * Extends the exact index to every call. Calls are taken in blocks: their hashes are computed
 * first and their table slots prefetched, so the cache misses of a large table overlap instead
 * of being paid one after the other.
 */
static vrt_status vrt__build_exact(vrt_log *log) {
  enum { BLOCK = 32 };
  uint64_t hashes[BLOCK];
  uint64_t i = log->exact_indexed;
  if (i == log->count) return VRT_OK;
  /* Size the table once for the worst case (every new call distinct) instead of rehashing at
   * every doubling; shrink it back afterwards when few groups were created. */
  const size_t pending = (size_t)(log->count - i);
  const size_t sized = vrt__slots_for(log->group_count + pending);
  if (sized > log->group_slot_capacity && !vrt__group_slots_resize(log, sized)) {
    return VRT_ERR_OUT_OF_MEMORY;
  }
  while (i < log->count) {
    vrt__page *page = &log->pages[vrt__page_of(i)];
    if (page->group_next == NULL) {
      page->group_next = (uint32_t *)vrt__log_alloc(log, (size_t)page->capacity * sizeof(uint32_t));
      if (page->group_next == NULL) return VRT_ERR_OUT_OF_MEMORY;
    }
    uint64_t end = page->base + page->capacity;
    if (end > log->count) end = log->count;
    while (i < end) {
      uint64_t block = end - i < BLOCK ? end - i : BLOCK;
      for (uint64_t j = 0; j < block; j++) {
        uint32_t slot = (uint32_t)(i + j - page->base);
        hashes[j] = vrt__call_hash(log, page->meta[slot], page->args[slot], page->length[slot]);
        if (log->group_slot_capacity > 0) {
          vrt__prefetch(&log->group_slots[(size_t)hashes[j] & (log->group_slot_capacity - 1)]);
        }
      }
      for (uint64_t j = 0; j < block; j++) {
        vrt_status st = vrt__index_call(log, page, i, hashes[j]);
        if (st != VRT_OK) return st;
        i++;
        log->exact_indexed = i;
      }
    }
  }
  const size_t fitted = vrt__slots_for(log->group_count + 1);
  if (fitted * 8 <= log->group_slot_capacity) {
    (void)vrt__group_slots_resize(log, fitted); /* on failure the big table simply stays */
  }
  return VRT_OK;
}

static uint32_t vrt__group_next(const vrt_log *log, uint32_t index) {
  const vrt__page *page = &log->pages[vrt__page_of(index)];
  return page->group_next[index - page->base];
}

/* ------------------------------------------------------------------------------------------- */
/* Per-method vectors                                                                           */
/* ------------------------------------------------------------------------------------------- */

/** First position in `calls[0..n)` holding an index >= `from`. */
static uint32_t vrt__lower_bound_u32(const uint32_t *calls, uint32_t n, uint64_t from) {
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
/* Record cursor                                                                                */
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

/* ------------------------------------------------------------------------------------------- */
/* Patterns                                                                                     */
/* ------------------------------------------------------------------------------------------- */

typedef struct vrt__query {
  const vrt_pattern *pattern;
  uint32_t method;
  uint32_t argc;
  bool any_arguments; /* VRT_PATTERN_ANY_ARGUMENTS */
  bool all_eq;        /* every argument EQ: an exact query */
  bool eq_invalid;    /* an EQ argument is not exactly one value: nothing can match */
  bool has_eq;        /* at least one EQ argument: a scan can filter on an argument-hash column */
  bool skip_predicates; /* VRT_PATTERN_SKIP_PREDICATES */
} vrt__query;

static bool vrt__is_ascii(const uint8_t *bytes, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if (bytes[i] >= 0x80) return false;
  }
  return true;
}

static vrt_status vrt__compile(const vrt_log *log, const vrt_pattern *pattern, vrt__query *q) {
  memset(q, 0, sizeof *q);
  q->pattern = pattern;
  q->method = pattern->method;
  if (pattern->method >= log->method_count) return VRT_ERR_INVALID_ARGUMENT;
  if (pattern->flags & VRT_PATTERN_ANY_ARGUMENTS) {
    q->any_arguments = true;
    return VRT_OK;
  }
  if (pattern->arg_count > 255) return VRT_ERR_INVALID_ARGUMENT;
  if (pattern->arg_count > 0 && pattern->args == NULL) return VRT_ERR_NULL_ARGUMENT;
  if (pattern->engine_tags == NULL && pattern->engine_tag_count > 0) return VRT_ERR_NULL_ARGUMENT;
  q->argc = pattern->arg_count;
  q->all_eq = true;
  q->skip_predicates = (pattern->flags & VRT_PATTERN_SKIP_PREDICATES) != 0;
  bool engine_kinds = false;
  for (uint32_t i = 0; i < pattern->arg_count; i++) {
    const vrt_arg_pattern *a = &pattern->args[i];
    switch (a->kind) {
    case VRT_ARG_ANY:
      q->all_eq = false;
      break;
    case VRT_ARG_EQ: {
      if (a->bytes == NULL && a->length > 0) return VRT_ERR_NULL_ARGUMENT;
      q->has_eq = true;
      size_t size;
      if (a->length == 0 || vrt__value_size(a->bytes, a->length, &size) != VRT_OK ||
          size != a->length) {
        q->eq_invalid = true;
      }
      break;
    }
    case VRT_ARG_PREDICATE:
      if (pattern->predicate == NULL && !q->skip_predicates) return VRT_ERR_INVALID_ARGUMENT;
      q->all_eq = false;
      break;
    case VRT_ARG_INT_RANGE:
    case VRT_ARG_DOUBLE_RANGE:
      q->all_eq = false;
      engine_kinds = true;
      break;
    case VRT_ARG_TYPED_ANY:
      if (pattern->predicate == NULL) return VRT_ERR_INVALID_ARGUMENT;
      q->all_eq = false;
      engine_kinds = true;
      break;
    case VRT_ARG_STRING_PREFIX:
    case VRT_ARG_STRING_SUFFIX:
    case VRT_ARG_STRING_CONTAINS:
      if (a->bytes == NULL && a->length > 0) return VRT_ERR_NULL_ARGUMENT;
      if (!vrt__is_ascii(a->bytes, a->length) || pattern->predicate == NULL) {
        return VRT_ERR_INVALID_ARGUMENT;
      }
      q->all_eq = false;
      engine_kinds = true;
      break;
    default:
      return VRT_ERR_INVALID_ARGUMENT;
    }
  }
  if (engine_kinds && pattern->engine_tags != NULL && pattern->predicate == NULL) {
    return VRT_ERR_INVALID_ARGUMENT;
  }
  return VRT_OK;
}

/** One pattern argument prepared for scanning: EQ bytes with their first 8 bytes preloaded. */
typedef struct vrt__arg_plan {
  const uint8_t *bytes;
  uint64_t prefix; /* the first min(length, 8) bytes, loaded like the call's bytes are */
  uint64_t mask;   /* selects those bytes */
  size_t length;
  vrt_arg_kind kind;
  uint32_t flags;
  vrt_bound low;
  vrt_bound high;
  /* VRT_ARG_INT_RANGE, as two intervals of varint magnitudes (vrt__int_range_prepare): UINT
   * values match when `uint_any` and magnitude - uint_low <= uint_span, NINT values likewise. */
  uint64_t uint_low, uint_span, nint_low, nint_span;
  bool uint_any, nint_any;
} vrt__arg_plan;

/** A pattern prepared for scanning, with scratch for the deferred predicate arguments. */
typedef struct vrt__plan {
  const vrt_pattern *pattern;
  uint32_t argc;
  bool skip_predicates;
  uint32_t needed; /* arguments up to the last one that is not ANY (or a skipped PREDICATE) */
  /* Like `needed`, for calls whose engine kinds the engine decides: TYPED_ANY arguments then match
   * without a look, so the walk stops before trailing ones. */
  uint32_t needed_decided;
  /* The only argument checked in calls the engine decides is the first, an engine kind. */
  bool engine_first_only;
  vrt__arg_plan args[255];
  uint32_t deferred_arg[255];
  uint32_t deferred_offset[255];
  uint32_t deferred_length[255];
} vrt__plan;

/**
 * Turns an integer range's bounds into the two magnitude intervals of vrt__arg_plan, so a scan
 * decides a UINT or NINT argument with one subtraction and one comparison. A UINT value is its
 * magnitude m; a NINT value is -(m + 1), so larger magnitudes are smaller values.
 */
static void vrt__int_range_prepare(vrt__arg_plan *ap) {
  const bool has_low = (ap->flags & VRT_ARG_LOW) != 0, has_high = (ap->flags & VRT_ARG_HIGH) != 0;
  const bool low_in = (ap->flags & VRT_ARG_LOW_INCLUSIVE) != 0;
  const bool high_in = (ap->flags & VRT_ARG_HIGH_INCLUSIVE) != 0;
  /* UINT: m from `lo` to `hi`. */
  bool any = true;
  uint64_t lo = 0, hi = UINT64_MAX;
  if (has_low && !ap->low.negative) {
    if (low_in) {
      lo = ap->low.magnitude;
    } else if (ap->low.magnitude == UINT64_MAX) {
      any = false;
    } else {
      lo = ap->low.magnitude + 1u;
    }
  }
  if (has_high) {
    if (ap->high.negative) {
      any = false;
    } else if (high_in) {
      hi = ap->high.magnitude;
    } else if (ap->high.magnitude == 0) {
      any = false;
    } else {
      hi = ap->high.magnitude - 1u;
    }
  }
  ap->uint_any = any && lo <= hi;
  ap->uint_low = lo;
  ap->uint_span = ap->uint_any ? hi - lo : 0;
  /* NINT: the value falls as m grows, so the high bound gives the least m, the low one the most. */
  any = true;
  lo = 0;
  hi = UINT64_MAX;
  if (has_high && ap->high.negative) {
    if (high_in) {
      lo = ap->high.magnitude;
    } else if (ap->high.magnitude == UINT64_MAX) {
      any = false;
    } else {
      lo = ap->high.magnitude + 1u;
    }
  }
  if (has_low) {
    if (!ap->low.negative) {
      any = false;
    } else if (low_in) {
      hi = ap->low.magnitude;
    } else if (ap->low.magnitude == 0) {
      any = false;
    } else {
      hi = ap->low.magnitude - 1u;
    }
  }
  ap->nint_any = any && lo <= hi;
  ap->nint_low = lo;
  ap->nint_span = ap->nint_any ? hi - lo : 0;
}

/** Allocates the scan plan of a compiled, non-ANY_ARGUMENTS query (NULL: out of memory). */
static vrt__plan *vrt__plan_create(vrt_log *log, const vrt__query *q) {
  vrt__plan *plan = (vrt__plan *)vrt__log_temp_alloc(log, sizeof(vrt__plan));
  if (plan == NULL) return NULL;
  plan->pattern = q->pattern;
  plan->argc = q->argc;
  plan->skip_predicates = q->skip_predicates;
  plan->needed = 0;
  plan->needed_decided = 0;
  for (uint32_t i = 0; i < q->argc; i++) {
    vrt_arg_kind kind = q->pattern->args[i].kind;
    if (kind != VRT_ARG_ANY && !(kind == VRT_ARG_PREDICATE && q->skip_predicates)) {
      plan->needed = i + 1;
      if (kind != VRT_ARG_TYPED_ANY) plan->needed_decided = i + 1;
    }
  }
  plan->engine_first_only = plan->needed_decided == 1 && q->pattern->args[0].kind >= VRT_ARG_INT_RANGE &&
                            q->pattern->args[0].kind <= VRT_ARG_TYPED_ANY;
  for (uint32_t i = 0; i < q->argc; i++) {
    const vrt_arg_pattern *a = &q->pattern->args[i];
    vrt__arg_plan *ap = &plan->args[i];
    ap->kind = a->kind;
    ap->bytes = a->bytes;
    ap->length = a->length;
    ap->flags = a->flags;
    ap->low = a->low;
    ap->high = a->high;
    ap->prefix = 0;
    ap->mask = 0;
    if (a->kind == VRT_ARG_INT_RANGE) vrt__int_range_prepare(ap);
    if (a->kind == VRT_ARG_EQ && a->length > 0) {
      uint8_t bytes[8] = {0};
      uint8_t ones[8] = {0};
      size_t n = a->length < 8 ? a->length : 8;
      memcpy(bytes, a->bytes, n);
      memset(ones, 0xFF, n);
      memcpy(&ap->prefix, bytes, 8);
      memcpy(&ap->mask, ones, 8);
    }
  }
  return plan;
}

/**
 * Does the argument at `p` (`avail` > 0 bytes left) equal the EQ argument `ap`?
 *
 * The EQ bytes are exactly one value (checked when the query is compiled), so comparing the
 * call's next `ap->length` bytes is enough: equal bytes include an equal header, which gives the
 * call's argument the same size. No header needs decoding, and most mismatches are decided by one
 * masked 8-byte comparison.
 */
VRT__HOT bool vrt__equal(const uint8_t *p, size_t avail, const vrt__arg_plan *ap) {
  if (avail < ap->length) return false;
  if (avail >= 8) {
    uint64_t head;
    memcpy(&head, p, 8);
    if ((head & ap->mask) != ap->prefix) return false;
    return ap->length <= 8 || memcmp(p + 8, ap->bytes + 8, ap->length - 8) == 0;
  }
  return memcmp(p, ap->bytes, ap->length) == 0;
}

/* Engine kinds ------------------------------------------------------------------------------ */

typedef enum vrt__verdict { VRT__NO = 0, VRT__YES = 1, VRT__UNSURE = 2 } vrt__verdict;

/** Compares two integers in the NINT convention (see vrt_bound): <0, 0, >0. */
VRT__HOT int vrt__int_compare(bool a_negative, uint64_t a, bool b_negative, uint64_t b) {
  if (a_negative != b_negative) return a_negative ? -1 : 1;
  if (a == b) return 0;
  if (!a_negative) return a < b ? -1 : 1;
  return a > b ? -1 : 1; /* -(a + 1) < -(b + 1) when a > b */
}

VRT__HOT bool vrt__within(int low_cmp, int high_cmp, uint32_t flags) {
  if ((flags & VRT_ARG_LOW) && !(low_cmp > 0 || (low_cmp == 0 && (flags & VRT_ARG_LOW_INCLUSIVE)))) {
    return false;
  }
  if ((flags & VRT_ARG_HIGH) &&
      !(high_cmp < 0 || (high_cmp == 0 && (flags & VRT_ARG_HIGH_INCLUSIVE)))) {
    return false;
  }
  return true;
}

static inline uint8_t vrt__fold(uint8_t c, bool fold) {
  return (fold && c >= 'A' && c <= 'Z') ? (uint8_t)(c + 32) : c;
}

static inline bool vrt__same_text(const uint8_t *a, const uint8_t *b, size_t n, bool fold) {
  if (!fold) return memcmp(a, b, n) == 0;
  for (size_t i = 0; i < n; i++) {
    if (vrt__fold(a[i], true) != vrt__fold(b[i], true)) return false;
  }
  return true;
}

/**
 * Evaluates a range or string argument on the value at `p` (`size` bytes, one value). UNSURE
 * when bytes cannot give Swift's answer (a string kind on a non-ASCII string or one holding a
 * carriage return): the callback decides those.
 */
static vrt__verdict vrt__evaluate_other(const vrt__arg_plan *ap, const uint8_t *p, size_t size);

/** vrt__evaluate, with the integer range (the common case) inline; `size` came from vrt__skip,
 *  so an integer's varint is well formed and ends at p[size - 1]. */
VRT__HOT vrt__verdict vrt__evaluate(const vrt__arg_plan *ap, const uint8_t *p, size_t size) {
  if (ap->kind == VRT_ARG_INT_RANGE) {
    const uint8_t tag = p[0];
    if (tag != VRT_TAG_UINT && tag != VRT_TAG_NINT) return VRT__NO;
    uint64_t magnitude = 0;
    for (size_t i = size - 1; i >= 1; i--) magnitude = (magnitude << 7) | (p[i] & 0x7Fu);
    const bool negative = tag == VRT_TAG_NINT;
    int low = vrt__int_compare(negative, magnitude, ap->low.negative, ap->low.magnitude);
    int high = vrt__int_compare(negative, magnitude, ap->high.negative, ap->high.magnitude);
    return vrt__within(low, high, ap->flags) ? VRT__YES : VRT__NO;
  }
  return vrt__evaluate_other(ap, p, size);
}

/**
 * Whether the value at `p`, the first argument of a readable argument list, is an integer within
 * `ap`'s range (VRT_ARG_INT_RANGE): vrt__evaluate's answer, without finding the value's size
 * first. A list readable at append holds a well-formed varint after a UINT or NINT tag, so the
 * decoding stops at its last byte; nothing past the tag is read for other tags.
 */
VRT__HOT bool vrt__int_in_range(const vrt__arg_plan *ap, const uint8_t *p) {
  const uint8_t tag = p[0];
  if (tag != VRT_TAG_UINT && tag != VRT_TAG_NINT) return false;
  uint64_t m = p[1] & 0x7Fu;
  if (p[1] & 0x80u) {
    unsigned shift = 7;
    for (size_t i = 2; i <= 10; i++, shift += 7) {
      m |= (uint64_t)(p[i] & 0x7Fu) << shift;
      if (!(p[i] & 0x80u)) break;
    }
  }
  if (tag == VRT_TAG_UINT) return ap->uint_any && m - ap->uint_low <= ap->uint_span;
  return ap->nint_any && m - ap->nint_low <= ap->nint_span;
}

static vrt__verdict vrt__evaluate_other(const vrt__arg_plan *ap, const uint8_t *p, size_t size) {
  const uint8_t tag = p[0];
  switch (ap->kind) {
  case VRT_ARG_TYPED_ANY:
    return VRT__YES;
  case VRT_ARG_DOUBLE_RANGE: {
    if (tag != VRT_TAG_DOUBLE || size != 9) return VRT__NO;
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) bits |= (uint64_t)p[1 + i] << (8 * i);
    double v;
    memcpy(&v, &bits, 8);
    if ((ap->flags & VRT_ARG_LOW) &&
        !((ap->flags & VRT_ARG_LOW_INCLUSIVE) ? v >= ap->low.value : v > ap->low.value)) {
      return VRT__NO;
    }
    if ((ap->flags & VRT_ARG_HIGH) &&
        !((ap->flags & VRT_ARG_HIGH_INCLUSIVE) ? v <= ap->high.value : v < ap->high.value)) {
      return VRT__NO;
    }
    return VRT__YES;
  }
  case VRT_ARG_STRING_PREFIX:
  case VRT_ARG_STRING_SUFFIX:
  case VRT_ARG_STRING_CONTAINS: {
    if (tag != VRT_TAG_STRING) return VRT__NO;
    uint64_t length;
    size_t used;
    if (vrt__varint(p + 1, size - 1, &length, &used) != VRT_OK || 1 + used + length != size) {
      return VRT__NO;
    }
    const uint8_t *text = p + 1 + used;
    for (size_t i = 0; i < length; i++) {
      if (text[i] >= 0x80 || text[i] == '\r') return VRT__UNSURE;
    }
    const size_t n = ap->length;
    const bool fold = (ap->flags & VRT_ARG_ASCII_CASE_FOLD) != 0;
    if (n > length) return VRT__NO;
    if (ap->kind == VRT_ARG_STRING_PREFIX) {
      return vrt__same_text(text, ap->bytes, n, fold) ? VRT__YES : VRT__NO;
    }
    if (ap->kind == VRT_ARG_STRING_SUFFIX) {
      return vrt__same_text(text + (length - n), ap->bytes, n, fold) ? VRT__YES : VRT__NO;
    }
    if (n == 0) return VRT__YES;
    const uint8_t first = vrt__fold(ap->bytes[0], fold);
    for (size_t i = 0; i + n <= length; i++) {
      if (vrt__fold(text[i], fold) == first && vrt__same_text(text + i, ap->bytes, n, fold)) {
        return VRT__YES;
      }
    }
    return VRT__NO;
  }
  default:
    return VRT__NO;
  }
}

VRT__HOT bool vrt__is_engine_kind(vrt_arg_kind kind) {
  return kind >= VRT_ARG_INT_RANGE && kind <= VRT_ARG_TYPED_ANY;
}

/** Whether the engine decides the range and string arguments of a call with this tag. */
VRT__HOT bool vrt__engine_decides(const vrt_pattern *pattern, uint32_t tag) {
  if (pattern->engine_tags == NULL) return true;
  for (size_t i = 0; i < pattern->engine_tag_count; i++) {
    if (pattern->engine_tags[i] == tag) return true;
  }
  return false;
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
/* Argument-hash columns                                                                        */
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

static vrt__column *vrt__column_find(const vrt__method *md, uint32_t position) {
  for (uint32_t c = 0; c < md->column_count; c++) {
    if (md->columns[c].position == position) return &md->columns[c];
  }
  return NULL;
}

/**
 * The column of (`md`, `position`), created or extended to cover every call in the method's
 * vector (which must be up to date). NULL when out of memory or when the method has no calls yet:
 * the column is only a filter, so the caller then scans without it (a column already built keeps
 * its filled entries and is extended by a later query).
 */
static const uint32_t *vrt__column_update(vrt_log *log, vrt__method *md, uint32_t position) {
  vrt__column *col = vrt__column_find(md, position);
  if (col == NULL) {
    if (md->column_count == md->column_capacity) {
      void *columns = md->columns;
      if (!vrt__log_grow(log, &columns, &md->column_capacity, md->column_capacity + 1,
                         sizeof(vrt__column), 2)) {
        return NULL;
      }
      md->columns = (vrt__column *)columns;
    }
    col = &md->columns[md->column_count++];
    memset(col, 0, sizeof *col);
    col->position = position;
  }
  const uint32_t n = md->call_count;
  if (col->count == n) return col->hashes;
  if (n > col->capacity) {
    /* First build: exactly the calls so far; later extensions double. */
    void *hashes = col->hashes;
    size_t minimum = col->capacity == 0 ? n : 16;
    if (!vrt__log_grow(log, &hashes, &col->capacity, n, sizeof(uint32_t), minimum)) return NULL;
    col->hashes = (uint32_t *)hashes;
  }
  uint32_t *hashes = col->hashes;
  const uint32_t *calls = md->calls;
  const bool dense = n == log->count; /* every call is of this method: calls[k] == k */
  const uint32_t none = vrt__arg_hash(log, NULL, 0);
  vrt__cursor cur = {0};
  for (uint32_t k = col->count; k < n; k++) {
    const uint32_t index = dense ? k : calls[k];
    const uint32_t slot = vrt__cursor_slot(log, &cur, index);
    const uint8_t *a = cur.args[slot];
    size_t offset, size;
    hashes[k] = vrt__arg_at(a, cur.lengths[slot], cur.meta[slot] & 0xFFu, position, &offset, &size)
                    ? vrt__arg_hash(log, a + offset, size)
                    : none;
  }
  col->count = n;
  return hashes;
}

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

/** The EQ argument a scan filters on: one whose column already exists (no new memory), else the
 *  first EQ argument. `q` must have an EQ argument. */
static uint32_t vrt__column_position(const vrt__method *md, const vrt__query *q) {
  uint32_t first = VRT_NONE;
  for (uint32_t i = 0; i < q->argc; i++) {
    if (q->pattern->args[i].kind != VRT_ARG_EQ) continue;
    if (vrt__column_find(md, i) != NULL) return i;
    if (first == VRT_NONE) first = i;
  }
  return first;
}

/* ------------------------------------------------------------------------------------------- */
/* Running queries                                                                              */
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

/**
 * The concatenated EQ bytes of an all-EQ pattern: in `local` (`local_size` bytes) when they fit,
 * else in a temporary allocation the caller frees when it differs from `local`. `*out_bytes` NULL
 * with VRT_OK: longer than any call can be, so nothing matches.
 */
static vrt_status vrt__exact_bytes(vrt_log *log, const vrt__query *q, uint8_t *local,
                                   size_t local_size, uint8_t **out_bytes, size_t *out_total) {
  const vrt_pattern *p = q->pattern;
  size_t total = 0;
  *out_bytes = NULL;
  for (uint32_t i = 0; i < q->argc; i++) {
    if (p->args[i].length > (size_t)UINT32_MAX - total) return VRT_OK;
    total += p->args[i].length;
  }
  uint8_t *buffer = local;
  if (total > local_size) {
    buffer = (uint8_t *)vrt__log_temp_alloc(log, total);
    if (buffer == NULL) return VRT_ERR_OUT_OF_MEMORY;
  }
  size_t at = 0;
  for (uint32_t i = 0; i < q->argc; i++) {
    if (p->args[i].length > 0) memcpy(buffer + at, p->args[i].bytes, p->args[i].length);
    at += p->args[i].length;
  }
  *out_bytes = buffer;
  *out_total = total;
  return VRT_OK;
}

/** Finds an all-EQ pattern's group (VRT_NONE: no such call), extending the exact index first. */
static vrt_status vrt__exact_group(vrt_log *log, const vrt__query *q, uint32_t *out_group) {
  *out_group = VRT_NONE;
  vrt_status st = vrt__build_exact(log);
  if (st != VRT_OK) return st;
  uint8_t local[512];
  uint8_t *bytes;
  size_t total = 0;
  st = vrt__exact_bytes(log, q, local, sizeof local, &bytes, &total);
  if (st != VRT_OK || bytes == NULL) return st;
  uint32_t meta = (q->method << 8) | q->argc;
  *out_group = vrt__group_find(log, vrt__call_hash(log, meta, bytes, total), meta, bytes, total);
  if (bytes != local) free(bytes);
  return VRT_OK;
}

/**
 * An exact query without the index: the calls of the method from `from` whose argument
 * fingerprints equal the pattern's, confirmed by method, count, length and memcmp. Reads 4 bytes
 * per call (16 compared per step) when every call is of the method, else the method's call list
 * too.
 */
static vrt_status vrt__exact_scan(vrt_log *log, const vrt__query *q, uint64_t from,
                                  vrt__sink *sink) {
  uint8_t local[512];
  uint8_t *bytes;
  size_t total = 0;
  vrt_status st = vrt__exact_bytes(log, q, local, sizeof local, &bytes, &total);
  if (st != VRT_OK || bytes == NULL) return st;
  const uint32_t meta = (q->method << 8) | q->argc;
  const uint32_t want = vrt__fingerprints(log, bytes, total, q->argc, NULL);
  const vrt__method *md = &log->methods[q->method];
  const uint32_t n = md->call_count;
  if (n == log->count) {
    /* Every call is of this method: walk the pages' hash arrays directly. */
    uint64_t i = from;
    while (i < log->count) {
      vrt__page *page = &log->pages[vrt__page_of(i)];
      uint64_t end = page->base + page->capacity;
      if (end > log->count) end = log->count;
      const uint32_t last = (uint32_t)(end - page->base);
      const uint32_t *hashes = page->prints;
      for (uint32_t slot = vrt__column_next(hashes, (uint32_t)(i - page->base), last, want);
           slot < last; slot = vrt__column_next(hashes, slot + 1, last, want)) {
        if (page->meta[slot] != meta || page->length[slot] != total) continue;
        if (total > 0 && memcmp(page->args[slot], bytes, total) != 0) continue;
        if (!vrt__take(log, sink, page, slot, page->base + slot)) {
          end = log->count;
          break;
        }
      }
      i = end;
    }
  } else {
    vrt__cursor cur = {0};
    for (uint32_t k = vrt__lower_bound_u32(md->calls, n, from); k < n; k++) {
      const uint64_t index = md->calls[k];
      const uint32_t slot = vrt__cursor_slot(log, &cur, index);
      if (cur.page->prints[slot] != want) continue;
      if (cur.meta[slot] != meta || cur.lengths[slot] != total) continue;
      if (total > 0 && memcmp(cur.args[slot], bytes, total) != 0) continue;
      if (!vrt__take(log, sink, cur.page, slot, index)) break;
    }
  }
  if (bytes != local) free(bytes);
  return VRT_OK;
}

/** Runs `q` over the calls with index >= `from`, in index order, feeding `sink`. */
static vrt_status vrt__run(vrt_log *log, const vrt__query *q, uint64_t from, vrt__sink *sink) {
  if (!q->any_arguments && q->eq_invalid) return VRT_OK; /* no argument can equal such bytes */
  if (q->all_eq && !q->any_arguments) {
    if (log->exact_indexed == 0 && log->exact_scans < VRT_EXACT_SCANS_BEFORE_INDEX) {
      log->exact_scans++;
      return vrt__exact_scan(log, q, from, sink);
    }
    uint32_t g;
    vrt_status st = vrt__exact_group(log, q, &g);
    if (st != VRT_OK || g == VRT_NONE) return st;
    const vrt__group *group = &log->groups[g];
    if (from == 0 && !sink->mark && sink->fresh == NULL && !sink->first_only) {
      /* O(1) total; only the kept indices are walked. */
      sink->total = group->count;
      uint32_t index = group->first;
      for (size_t k = 0; k < sink->capacity && k < group->count; k++) {
        sink->out[k] = index;
        index = vrt__group_next(log, index);
      }
      return VRT_OK;
    }
    if (from > group->last) return VRT_OK;
    for (uint32_t index = group->first; index != VRT_NONE; index = vrt__group_next(log, index)) {
      if (index < from) continue;
      vrt__page *page = &log->pages[vrt__page_of(index)];
      if (!vrt__take(log, sink, page, (uint32_t)(index - page->base), index)) break;
    }
    return VRT_OK;
  }

  vrt__method *md = &log->methods[q->method];
  const uint32_t n = md->call_count;
  uint32_t k = vrt__lower_bound_u32(md->calls, n, from);
  if (q->any_arguments && !sink->mark && sink->fresh == NULL && !sink->first_only) {
    sink->total = n - k;
    for (size_t j = 0; j < sink->capacity && k + j < n; j++) sink->out[j] = md->calls[k + j];
    return VRT_OK;
  }

  vrt__plan *plan = NULL;
  if (!q->any_arguments) {
    plan = vrt__plan_create(log, q);
    if (plan == NULL) return VRT_ERR_OUT_OF_MEMORY;
  }
  /* EQ arguments among the first three filter on the fingerprints stored at append: only calls
   * whose fingerprint bytes agree are read (4 bytes per call otherwise). */
  uint32_t print_mask = 0, print_want = 0;
  for (uint32_t i = 0; i < q->argc && i < 3; i++) {
    const vrt_arg_pattern *a = &q->pattern->args[i];
    if (a->kind != VRT_ARG_EQ) continue;
    print_mask |= 0xFFu << (8u * i);
    print_want |= (uint32_t)vrt__fingerprint(log, a->bytes, a->length) << (8u * i);
  }
  const uint32_t *column = NULL;
  uint32_t want = 0;
  if (q->has_eq && print_mask == 0) {
    /* EQ arguments only past the third: a column pays off only when scans repeat. The first scan
     * on a method matches bytes directly; a later one builds (or reuses, and extends) the column. */
    const uint32_t position = vrt__column_position(md, q);
    if (vrt__column_find(md, position) != NULL || md->eq_scans >= VRT_SCANS_BEFORE_COLUMN) {
      const vrt_arg_pattern *eq = &q->pattern->args[position];
      column = vrt__column_update(log, md, position); /* NULL (out of memory): scan without it */
      want = vrt__arg_hash(log, eq->bytes, eq->length);
    }
    if (md->eq_scans < UINT32_MAX) md->eq_scans++;
  }
  /* The hot loops keep everything they read in locals: stores into the plan's scratch or the
   * sink cannot then force reloads of the call arrays. */
  const uint32_t *calls = md->calls;
  const bool dense = n == log->count; /* every call is of this method: calls[k] == k */
  const uint32_t argc = q->argc;
  vrt__cursor cur = {0};
  if (column != NULL) {
    /* Only calls whose argument hash equals the EQ argument's are read; the full match (argument
     * count, every EQ argument by memcmp, the other kinds) decides, as equal hashes prove
     * nothing. */
    for (k = vrt__column_next(column, k, n, want); k < n;
         k = vrt__column_next(column, k + 1, n, want)) {
      const uint64_t index = dense ? k : calls[k];
      const uint32_t slot = vrt__cursor_slot(log, &cur, index);
      if ((cur.meta[slot] & 0xFFu) != argc) continue;
      if (!vrt__match(plan, index, cur.args[slot], cur.lengths[slot], cur.page->tag[slot],
                      vrt__is_formed(cur.page, slot))) {
        continue;
      }
      if (!vrt__take(log, sink, cur.page, slot, index)) break;
    }
  } else if (print_mask != 0 && dense) {
    /* Every call is of this method: walk the pages' fingerprint arrays directly, 16 at a time. */
    uint64_t i = from;
    while (i < log->count) {
      vrt__page *page = &log->pages[vrt__page_of(i)];
      uint64_t end = page->base + page->capacity;
      if (end > log->count) end = log->count;
      const uint32_t last = (uint32_t)(end - page->base);
      const uint32_t *prints = page->prints;
      /* Candidates are gathered in batches whose argument bytes are prefetched before any is
       * matched: they lie far apart in the arena, so their cache misses overlap this way. */
      enum { BATCH = 32 };
      uint32_t batch[BATCH];
      uint32_t slot = vrt__print_next(prints, (uint32_t)(i - page->base), last, print_mask, print_want);
      bool stop = false;
      while (slot < last && !stop) {
        uint32_t found = 0;
        for (; slot < last && found < BATCH;
             slot = vrt__print_next(prints, slot + 1, last, print_mask, print_want)) {
          batch[found++] = slot;
          vrt__prefetch(&page->args[slot]);
          vrt__prefetch(&page->length[slot]);
        }
        for (uint32_t b = 0; b < found; b++) vrt__prefetch(page->args[batch[b]]);
        /* Per-call fields the page's summaries already answer are not read. */
        const bool same_meta = !page->mixed_meta, same_tag = !page->mixed_tags;
        if (same_meta && (page->common_meta & 0xFFu) != argc) break;
        for (uint32_t b = 0; b < found; b++) {
          const uint32_t s = batch[b];
          if (!same_meta && (page->meta[s] & 0xFFu) != argc) continue;
          if (!vrt__match(plan, page->base + s, page->args[s], page->length[s],
                          same_tag ? page->common_tag : page->tag[s],
                          page->all_formed || vrt__is_formed(page, s))) {
            continue;
          }
          if (!vrt__take(log, sink, page, s, page->base + s)) {
            stop = true;
            break;
          }
        }
      }
      i = stop ? log->count : end;
    }
  } else if (print_mask != 0) {
    for (; k < n; k++) {
      const uint64_t index = dense ? k : calls[k];
      const uint32_t slot = vrt__cursor_slot(log, &cur, index);
      if ((cur.page->prints[slot] & print_mask) != print_want) continue;
      if ((cur.meta[slot] & 0xFFu) != argc) continue;
      if (!vrt__match(plan, index, cur.args[slot], cur.lengths[slot], cur.page->tag[slot],
                      vrt__is_formed(cur.page, slot))) {
        continue;
      }
      if (!vrt__take(log, sink, cur.page, slot, index)) break;
    }
  } else if (dense && plan != NULL) {
    /* Every call is of this method: walk the pages' arrays directly. */
    const bool engine_first = plan->engine_first_only && argc > 0;
    uint32_t known_tag = 0;
    bool known_decides = vrt__engine_decides(plan->pattern, 0);
    uint64_t i = from;
    while (i < log->count) {
      vrt__page *page = &log->pages[vrt__page_of(i)];
      uint64_t end = page->base + page->capacity;
      if (end > log->count) end = log->count;
      const uint32_t last = (uint32_t)(end - page->base);
      const uint32_t *meta = page->meta;
      const uint8_t *const *args = page->args;
      const uint32_t *lengths = page->length;
      if (engine_first && !page->mixed_meta && !page->mixed_tags && page->all_formed) {
        /* The fast case: every call of the page has this method and count, the same tag and a
         * readable argument list. Only the argument pointers and bytes are read. */
        if ((page->common_meta & 0xFFu) != argc) {
          i = end;
          continue;
        }
        const bool decides = vrt__engine_decides(plan->pattern, page->common_tag);
        if (decides && plan->args[0].kind == VRT_ARG_INT_RANGE) {
          /* An integer range (`lessThan`, `in: 1...9`): the engine answers every call alone. */
          const vrt__arg_plan *first = &plan->args[0];
          for (uint32_t slot = (uint32_t)(i - page->base); slot < last; slot++) {
            if (!vrt__int_in_range(first, args[slot])) continue;
            if (!vrt__take(log, sink, page, slot, page->base + slot)) {
              end = log->count;
              break;
            }
          }
          i = end;
          continue;
        }
        for (uint32_t slot = (uint32_t)(i - page->base); slot < last; slot++) {
          vrt__verdict verdict = VRT__UNSURE;
          size_t size;
          /* Every list on the page was readable at append, so the first argument lies within its
           * call's bytes: its header alone gives its size (the call's length is not read). */
          if (decides && vrt__skip(args[slot], VRT_MAX_PAYLOAD, &size)) {
            verdict = vrt__evaluate(&plan->args[0], args[slot], size);
          }
          if (verdict == VRT__NO) continue;
          if (verdict == VRT__UNSURE && !vrt__match(plan, page->base + slot, args[slot], lengths[slot],
                                                   page->common_tag, true)) {
            continue;
          }
          if (!vrt__take(log, sink, page, slot, page->base + slot)) {
            end = log->count;
            break;
          }
        }
        i = end;
        continue;
      }
      for (uint32_t slot = (uint32_t)(i - page->base); slot < last; slot++) {
        if ((meta[slot] & 0xFFu) != argc) continue;
        const uint32_t tag = page->tag[slot];
        const bool formed = vrt__is_formed(page, slot);
        if (engine_first && formed) {
          /* One range or string argument first, the rest ANY, a readable list: evaluate it here
           * (the common "one matcher, any() elsewhere" verification). */
          if (tag != known_tag) {
            known_tag = tag;
            known_decides = vrt__engine_decides(plan->pattern, tag);
          }
          vrt__verdict verdict = VRT__UNSURE;
          size_t size;
          if (known_decides && vrt__skip(args[slot], lengths[slot], &size)) {
            verdict = vrt__evaluate(&plan->args[0], args[slot], size);
          }
          if (verdict == VRT__NO) continue;
          if (verdict == VRT__UNSURE &&
              !vrt__match(plan, page->base + slot, args[slot], lengths[slot], tag, formed)) {
            continue;
          }
        } else if (!vrt__match(plan, page->base + slot, args[slot], lengths[slot], tag, formed)) {
          continue;
        }
        if (!vrt__take(log, sink, page, slot, page->base + slot)) {
          end = log->count;
          break;
        }
      }
      i = end;
    }
  } else {
    for (; k < n; k++) {
      const uint64_t index = dense ? k : calls[k];
      const uint32_t slot = vrt__cursor_slot(log, &cur, index);
      if (plan != NULL) {
        if ((cur.meta[slot] & 0xFFu) != argc) continue;
        if (!vrt__match(plan, index, cur.args[slot], cur.lengths[slot], cur.page->tag[slot],
                        vrt__is_formed(cur.page, slot))) {
          continue;
        }
      }
      if (!vrt__take(log, sink, cur.page, slot, index)) break;
    }
  }
  free(plan);
  return VRT_OK;
}

/* ------------------------------------------------------------------------------------------- */
/* Public queries                                                                               */
/* ------------------------------------------------------------------------------------------- */

vrt_status vrt_log_count(vrt_log *log, const vrt_pattern *pattern, uint64_t *out_count) {
  if (log == NULL || pattern == NULL || out_count == NULL) return VRT_ERR_NULL_ARGUMENT;
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK) return st;
  if (q.any_arguments) {
    *out_count = log->methods[q.method].count;
    return VRT_OK;
  }
  vrt__sink sink = {NULL, 0, 0, false, false, NULL, false};
  st = vrt__run(log, &q, 0, &sink);
  if (st != VRT_OK) return st;
  *out_count = sink.total;
  return VRT_OK;
}

vrt_status vrt_log_find(vrt_log *log, const vrt_pattern *pattern, uint64_t from_index,
                        uint64_t *out_indices, size_t capacity, uint64_t *out_total) {
  if (log == NULL || pattern == NULL || out_total == NULL || (out_indices == NULL && capacity > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK) return st;
  vrt__sink sink = {out_indices, capacity, 0, false, false, NULL, false};
  st = vrt__run(log, &q, from_index, &sink);
  if (st != VRT_OK) return st;
  *out_total = sink.total;
  return VRT_OK;
}

vrt_status vrt_log_first(vrt_log *log, const vrt_pattern *pattern, uint64_t from_index,
                         uint64_t *out_index) {
  if (log == NULL || pattern == NULL || out_index == NULL) return VRT_ERR_NULL_ARGUMENT;
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK) return st;
  uint64_t found = 0;
  vrt__sink sink = {&found, 1, 0, true, false, NULL, false};
  st = vrt__run(log, &q, from_index, &sink);
  if (st != VRT_OK) return st;
  if (sink.total == 0) return VRT_ERR_NOT_FOUND;
  *out_index = found;
  return VRT_OK;
}

vrt_status vrt_log_mark_verified(vrt_log *log, const vrt_pattern *pattern, uint64_t *out_count) {
  if (log == NULL || pattern == NULL) return VRT_ERR_NULL_ARGUMENT;
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK) return st;
  vrt__sink sink = {NULL, 0, 0, false, true, NULL, false};
  st = vrt__run(log, &q, 0, &sink);
  if (st != VRT_OK) return st;
  if (out_count != NULL) *out_count = sink.total;
  return VRT_OK;
}

vrt_status vrt_log_mark_verified_if(vrt_log *log, const vrt_pattern *pattern, uint64_t min_count,
                                    uint64_t max_count, uint64_t *out_count, bool *out_marked) {
  if (log == NULL || pattern == NULL || out_count == NULL || out_marked == NULL) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK) return st;
  *out_count = 0;
  *out_marked = false;
  if (min_count > max_count) {
    /* A verification known to fail: count only. */
    vrt__sink count = {NULL, 0, 0, false, false, NULL, false};
    st = vrt__run(log, &q, 0, &count);
    if (st != VRT_OK) return st;
    *out_count = count.total;
    return VRT_OK;
  }
  /* One pass notes the matches in a bitset (calloc'd: pages untouched by matches cost nothing);
   * they are marked all at once only if the count is within bounds. */
  const size_t words = (size_t)((log->count + 63u) / 64u);
  vrt__fresh fresh = {NULL, UINT64_MAX, UINT64_MAX};
  fresh.bits = (uint64_t *)vrt__log_temp_calloc(log, words, sizeof(uint64_t));
  if (fresh.bits == NULL) {
    /* No memory for the bitset: count, then mark in a second pass if the count is right. */
    vrt__sink count = {NULL, 0, 0, false, false, NULL, false};
    st = vrt__run(log, &q, 0, &count);
    if (st != VRT_OK) return st;
    bool satisfied = count.total >= min_count && count.total <= max_count;
    if (satisfied) {
      vrt__sink mark = {NULL, 0, 0, false, true, NULL, false};
      st = vrt__run(log, &q, 0, &mark);
      if (st != VRT_OK) return st;
    }
    *out_count = count.total;
    *out_marked = satisfied;
    return VRT_OK;
  }
  vrt__sink sink = {NULL, 0, 0, false, false, &fresh, false};
  st = vrt__run(log, &q, 0, &sink);
  bool satisfied = st == VRT_OK && sink.total >= min_count && sink.total <= max_count;
  if (satisfied && fresh.high != UINT64_MAX) {
    vrt__method *md = &log->methods[q.method];
    for (uint64_t w = fresh.low; w <= fresh.high; w++) {
      const uint64_t bits = fresh.bits[w];
      if (bits == 0) continue;
      vrt__page *page = &log->pages[vrt__page_of(w << 6)];
      uint64_t *verified = &page->verified[((w << 6) - page->base) >> 6];
      const unsigned newly = vrt__popcount64(bits & ~*verified);
      *verified |= bits;
      log->verified_total += newly;
      md->verified += newly;
    }
  }
  free(fresh.bits);
  if (st != VRT_OK) return st;
  *out_count = sink.total;
  *out_marked = satisfied;
  return VRT_OK;
}

vrt_status vrt_log_unverified(vrt_log *log, uint32_t method, uint64_t *out_indices, size_t capacity,
                              uint64_t *out_total) {
  if (log == NULL || out_total == NULL || (out_indices == NULL && capacity > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  if (method != VRT_NONE && method >= log->method_count) return VRT_ERR_INVALID_ARGUMENT;
  size_t written = 0;
  if (method == VRT_NONE) {
    uint64_t total = log->count - log->verified_total;
    for (size_t pi = 0; pi < log->page_count && written < capacity && written < total; pi++) {
      const vrt__page *page = &log->pages[pi];
      uint64_t calls = log->count - page->base;
      if (calls > page->capacity) calls = page->capacity;
      for (uint64_t w = 0; w * 64 < calls && written < capacity; w++) {
        uint64_t bits = ~page->verified[w];
        uint64_t valid = calls - w * 64;
        if (valid < 64) bits &= (UINT64_C(1) << valid) - 1u;
        while (bits != 0 && written < capacity) {
          unsigned b = vrt__ctz64(bits);
          out_indices[written++] = page->base + w * 64 + b;
          bits &= bits - 1u;
        }
      }
    }
    *out_total = total;
    return VRT_OK;
  }
  const vrt__method *md = &log->methods[method];
  uint64_t total = md->count - md->verified;
  if (capacity > 0 && total > 0) {
    const vrt__page *page = NULL;
    uint64_t page_base = 0, page_end = 0;
    for (uint32_t k = 0; k < md->call_count && written < capacity; k++) {
      uint64_t index = md->calls[k];
      if (index >= page_end) {
        page = &log->pages[vrt__page_of(index)];
        page_base = page->base;
        page_end = page_base + page->capacity;
      }
      if (!vrt__is_verified(page, (uint32_t)(index - page_base))) out_indices[written++] = index;
    }
  }
  *out_total = total;
  return VRT_OK;
}

/* Nearest ------------------------------------------------------------------------------------ */

/** Ranks one call against the pattern; returns true when it matches. Every argument is judged,
 *  predicates included. */
static bool vrt__rank(const vrt__plan *plan, uint64_t index, uint32_t call_argc, const uint8_t *a,
                      size_t length, uint32_t tag, uint32_t *out_matching, uint64_t *out_mask) {
  const vrt_pattern *p = plan->pattern;
  const uint32_t argc = plan->argc;
  if (call_argc != argc) {
    uint32_t wider = call_argc > argc ? call_argc : argc;
    *out_matching = 0;
    *out_mask = wider >= 64 ? UINT64_MAX : (UINT64_C(1) << wider) - 1u;
    return false;
  }
  uint32_t matching = 0;
  uint64_t mask = 0;
  size_t pos = 0;
  bool boundaries = true;
  for (uint32_t i = 0; i < argc; i++) {
    size_t size = 0;
    bool ok = false;
    if (boundaries && pos < length && vrt__skip(a + pos, length - pos, &size)) {
      const vrt__arg_plan *ap = &plan->args[i];
      switch (ap->kind) {
      case VRT_ARG_EQ:
        ok = size == ap->length && vrt__equal(a + pos, length - pos, ap);
        break;
      case VRT_ARG_PREDICATE:
        ok = plan->skip_predicates || p->predicate(p->predicate_context, index, i, a + pos, size);
        break;
      case VRT_ARG_INT_RANGE:
      case VRT_ARG_DOUBLE_RANGE:
      case VRT_ARG_STRING_PREFIX:
      case VRT_ARG_STRING_SUFFIX:
      case VRT_ARG_STRING_CONTAINS:
      case VRT_ARG_TYPED_ANY: {
        vrt__verdict verdict =
            vrt__engine_decides(p, tag) ? vrt__evaluate(ap, a + pos, size) : VRT__UNSURE;
        ok = verdict == VRT__UNSURE ? p->predicate(p->predicate_context, index, i, a + pos, size)
                                    : verdict == VRT__YES;
        break;
      }
      default:
        ok = true;
        break;
      }
      pos += size;
    } else {
      boundaries = false; /* this argument and every later one cannot be read */
    }
    if (ok) {
      matching++;
    } else if (i < 64) {
      mask |= UINT64_C(1) << i;
    }
  }
  if (boundaries && pos != length) {
    /* Trailing bytes after the last argument: the call is malformed and cannot match. */
    if (argc == 0) {
      *out_matching = 0;
      *out_mask = 0;
      return false;
    }
    uint32_t last = argc - 1;
    bool last_ok = last >= 64 || (mask & (UINT64_C(1) << last)) == 0;
    if (last_ok) {
      matching--;
      if (last < 64) mask |= UINT64_C(1) << last;
    }
  }
  *out_matching = matching;
  *out_mask = mask;
  return boundaries && pos == length && matching == argc;
}

/** Heap order: true when `a` ranks below `b` (fewer matching arguments, then later index). */
static bool vrt__worse(const vrt_near_call *a, const vrt_near_call *b) {
  if (a->matching_args != b->matching_args) return a->matching_args < b->matching_args;
  return a->index > b->index;
}

/* The kept calls form a heap whose root is the worst of them, so a better call replaces it. */
static void vrt__sift_down(vrt_near_call *heap, size_t n, size_t i) {
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, top = i;
    if (l < n && vrt__worse(&heap[l], &heap[top])) top = l;
    if (r < n && vrt__worse(&heap[r], &heap[top])) top = r;
    if (top == i) return;
    vrt_near_call t = heap[i];
    heap[i] = heap[top];
    heap[top] = t;
    i = top;
  }
}

static void vrt__sift_up(vrt_near_call *heap, size_t i) {
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (!vrt__worse(&heap[i], &heap[parent])) return;
    vrt_near_call t = heap[i];
    heap[i] = heap[parent];
    heap[parent] = t;
    i = parent;
  }
}

vrt_status vrt_log_nearest(vrt_log *log, const vrt_pattern *pattern, vrt_near_call *out_calls,
                           size_t capacity, uint64_t *out_total) {
  if (log == NULL || pattern == NULL || out_total == NULL || (out_calls == NULL && capacity > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK) return st;
  if (q.any_arguments) {
    *out_total = 0; /* every call of the method matches */
    return VRT_OK;
  }
  vrt__plan *plan = vrt__plan_create(log, &q);
  if (plan == NULL) return VRT_ERR_OUT_OF_MEMORY;
  const vrt__method *md = &log->methods[q.method];
  uint64_t total = 0;
  size_t kept = 0;
  const vrt__page *page = NULL;
  uint64_t page_base = 0, page_end = 0;
  for (uint32_t k = 0; k < md->call_count; k++) {
    uint64_t index = md->calls[k];
    if (index >= page_end) {
      page = &log->pages[vrt__page_of(index)];
      page_base = page->base;
      page_end = page_base + page->capacity;
    }
    uint32_t slot = (uint32_t)(index - page_base);
    vrt_near_call c;
    c.index = index;
    c.arg_count = page->meta[slot] & 0xFFu;
    if (vrt__rank(plan, index, c.arg_count, page->args[slot], page->length[slot], page->tag[slot],
                  &c.matching_args, &c.mismatch_mask)) {
      continue;
    }
    total++;
    if (kept < capacity) {
      out_calls[kept] = c;
      vrt__sift_up(out_calls, kept);
      kept++;
    } else if (capacity > 0 && vrt__worse(&out_calls[0], &c)) {
      out_calls[0] = c;
      vrt__sift_down(out_calls, kept, 0);
    }
  }
  free(plan);
  /* Heap sort: repeatedly move the worst kept call to the end; the best ends up first. */
  for (size_t end = kept; end > 1; end--) {
    vrt_near_call t = out_calls[0];
    out_calls[0] = out_calls[end - 1];
    out_calls[end - 1] = t;
    vrt__sift_down(out_calls, end - 1, 0);
  }
  *out_total = total;
  return VRT_OK;
}

/* Arguments ---------------------------------------------------------------------------------- */

vrt_status vrt_log_argument(const vrt_log *log, uint64_t index, uint32_t position,
                            const uint8_t **out_bytes, size_t *out_length, uint32_t *out_tag) {
  if (log == NULL || out_bytes == NULL || out_length == NULL) return VRT_ERR_NULL_ARGUMENT;
  if (index >= log->count) return VRT_ERR_INVALID_ARGUMENT;
  const vrt__page *page = &log->pages[vrt__page_of(index)];
  const uint32_t slot = (uint32_t)(index - page->base);
  const uint32_t argc = page->meta[slot] & 0xFFu;
  if (position >= argc) return VRT_ERR_INVALID_ARGUMENT;
  size_t offset, size;
  if (!vrt__arg_at(page->args[slot], page->length[slot], argc, position, &offset, &size)) {
    return VRT_ERR_MALFORMED;
  }
  *out_bytes = page->args[slot] + offset;
  *out_length = size;
  if (out_tag != NULL) *out_tag = page->tag[slot];
  return VRT_OK;
}

vrt_status vrt_log_find_arguments(vrt_log *log, const vrt_pattern *pattern, uint64_t from_index,
                                  uint32_t position, vrt_found_argument *out_arguments,
                                  size_t capacity, size_t *out_count) {
  if (log == NULL || pattern == NULL || out_count == NULL ||
      (out_arguments == NULL && capacity > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  *out_count = 0;
  vrt__query q;
  vrt_status st = vrt__compile(log, pattern, &q);
  if (st != VRT_OK || capacity == 0) return st;
  uint64_t *indices = (uint64_t *)vrt__log_temp_alloc(log, capacity * sizeof(uint64_t));
  if (indices == NULL) return VRT_ERR_OUT_OF_MEMORY;
  vrt__sink sink = {indices, capacity, 0, false, false, NULL, true};
  st = vrt__run(log, &q, from_index, &sink);
  if (st == VRT_OK) {
    size_t n = sink.total < capacity ? (size_t)sink.total : capacity;
    for (size_t i = 0; i < n; i++) {
      vrt_found_argument *found = &out_arguments[i];
      found->index = indices[i];
      found->bytes = NULL;
      found->length = 0;
      const uint8_t *bytes;
      size_t length;
      if (vrt_log_argument(log, indices[i], position, &bytes, &length, &found->tag) == VRT_OK) {
        found->bytes = bytes;
        found->length = length;
      } else {
        const vrt__page *page = &log->pages[vrt__page_of(indices[i])];
        found->tag = page->tag[indices[i] - page->base];
      }
    }
    *out_count = n;
  }
  free(indices);
  return st;
}
