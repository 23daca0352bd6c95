/*
 * exact.c — the exact index and exact queries. A cold exact query scans the stored argument
 * fingerprints (vrt__exact_scan); once exact queries repeat (VRT_EXACT_SCANS_BEFORE_INDEX), the
 * index groups calls with identical (method, arg_count, bytes) behind an open-addressing table
 * keyed by the call hash, each group confirmed by memcmp against its first call, and later
 * queries extend it for the calls appended since.
 */
#include "query_internal.h"

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
vrt_status vrt__exact_group(vrt_log *log, const vrt__query *q, uint32_t *out_group) {
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
vrt_status vrt__exact_scan(vrt_log *log, const vrt__query *q, uint64_t from,
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
