/*
 * log.c — the call log: creation, method interning, recording calls, reading them back,
 * sequence-number search and verified bits. Indexes and pattern queries are in the query files
 * (query_internal.h lists them).
 *
 * Appending is the hot path: a bounds check, a copy into the arena, one record write with the
 * arguments' fingerprints, and the method's call list. No index is touched at append time. The
 * arena and record blocks of a big log are prepared for filling (memory.c).
 */
#include "xxh.h"

#include "log_internal.h"

/* The default first allocated arena chunk. A small log never allocates one: its method names and
 * arguments fit in the arena allocated with the log (VRT__INLINE_ARENA, below). Measured with the
 * benchmark's user path, smaller first chunks doubling from 512 bytes or 64 KiB made recording 10k
 * calls about 10 % slower and their first exact verification about 20 % slower than this size. */
#define VRT__DEFAULT_CHUNK ((size_t)1 << 20)

/* A log is allocated with its first record page (VRT__PAGE0_CALLS calls) and a first arena of
 * VRT__INLINE_ARENA bytes behind it, in one block: a mock's log of a few calls (its method names
 * and arguments) then makes no other allocation for them. Both stay with the log (vrt_log_free
 * frees neither on its own); later pages and chunks are allocated as before. */
/* (VRT__PAGE0_BYTES and VRT__INLINE_ARENA are in log_internal.h: vrt_log_clear reuses them.) */
/* Then the small tables a mock's log needs, so that its first calls allocate nothing: the first
 * VRT__INLINE_METHODS methods, each with room for VRT__INLINE_CALLS calls in its call list, the
 * method table's first slots and the first page entries. Each grows out of the block as before
 * (vrt__log_grow copies it out); nothing in the block is freed on its own. Measured with the
 * everyday benchmark's mock (3 methods, 5 calls): 6 fewer allocations per log. */
/* (VRT__INLINE_METHODS and VRT__INLINE_CALLS, with vrt__inline_calls, are in log_internal.h.) */
#define VRT__INLINE_SLOTS 16u
#define VRT__INLINE_PAGES 2u
#define VRT__INLINE_TABLES                                                                      \
  ((size_t)VRT__INLINE_METHODS * sizeof(vrt__method) + VRT__INLINE_PAGES * sizeof(vrt__page) + \
   (size_t)VRT__INLINE_METHODS * VRT__INLINE_CALLS * sizeof(uint32_t) + VRT__INLINE_SLOTS * sizeof(uint32_t))
_Static_assert(sizeof(vrt_log) % 8u == 0, "page 0's arrays follow the log struct and need 8-byte alignment");
_Static_assert(VRT__PAGE0_BYTES % 8u == 0 && VRT__INLINE_ARENA % 8u == 0, "the tables after them need 8-byte alignment");
_Static_assert(sizeof(vrt__method) % 8u == 0 && sizeof(vrt__page) % 8u == 0, "the call lists and slots follow them");
_Static_assert((VRT__INLINE_SLOTS & (VRT__INLINE_SLOTS - 1u)) == 0, "the method table's capacity is a power of two");

vrt_status vrt_log_create(const vrt_log_options *options, vrt_log **out_log) {
  if (out_log == NULL) return VRT_ERR_NULL_ARGUMENT;
  const size_t total = sizeof(vrt_log) + VRT__PAGE0_BYTES + VRT__INLINE_ARENA + VRT__INLINE_TABLES;
  vrt_log *log = (vrt_log *)malloc(total);
  if (log == NULL) return VRT_ERR_OUT_OF_MEMORY;
  memset(log, 0, sizeof(vrt_log));
  /* sizeof(vrt_log) is a multiple of its 8-byte alignment, so the page's arrays are aligned. */
  log->inline_page = (uint8_t *)(log + 1);
  log->current = log->inline_page + VRT__PAGE0_BYTES;
  log->current_capacity = VRT__INLINE_ARENA;
  uint8_t *tables = log->current + VRT__INLINE_ARENA;
  log->methods = (vrt__method *)(void *)tables;
  log->method_capacity = VRT__INLINE_METHODS;
  tables += VRT__INLINE_METHODS * sizeof(vrt__method);
  log->pages = (vrt__page *)(void *)tables;
  log->page_capacity = VRT__INLINE_PAGES;
  tables += VRT__INLINE_PAGES * sizeof(vrt__page);
  log->method_slots = (uint32_t *)(void *)tables;
  log->method_slot_capacity = VRT__INLINE_SLOTS;
  for (size_t s = 0; s < VRT__INLINE_SLOTS; s++) log->method_slots[s] = VRT_NONE;
  /* the call lists of the first methods end the block (vrt_log_intern hands them out) */
  log->block_end = (uint8_t *)log + total;
  log->memory = total;
  if (options != NULL) {
    log->hash = options->hash;
    log->chunk_size = options->chunk_size;
  }
  if (log->chunk_size == 0) log->chunk_size = VRT__DEFAULT_CHUNK;
  *out_log = log;
  return VRT_OK;
}

void vrt_log_free(vrt_log *log) {
  if (log == NULL) return;
  /* Arrays in the log's own allocation (vrt__in_log_block) go with it. */
  for (uint32_t m = 0; m < log->method_count; m++) {
    if (!vrt__in_log_block(log, log->methods[m].calls)) free(log->methods[m].calls);
    for (uint32_t c = 0; c < log->methods[m].column_count; c++) {
      free(log->methods[m].columns[c].hashes);
    }
    free(log->methods[m].columns);
  }
  if (!vrt__in_log_block(log, log->methods)) free(log->methods);
  if (!vrt__in_log_block(log, log->method_slots)) free(log->method_slots);
  for (size_t c = 0; c < log->chunk_count; c++) free(log->chunks[c].bytes);
  free(log->chunks);
  for (size_t p = 0; p < log->page_count; p++) {
    /* one block holds every per-call array of the page (page 0's is the log's own) */
    if ((uint8_t *)(void *)log->pages[p].seq != log->inline_page) free(log->pages[p].seq);
    free(log->pages[p].group_next);
  }
  if (!vrt__in_log_block(log, log->pages)) free(log->pages);
  free(log->groups);
  free(log->group_slots);
  free(log);
}

/* ------------------------------------------------------------------------------------------- */
/* Methods                                                                                      */
/* ------------------------------------------------------------------------------------------- */

static size_t vrt__method_slot(const vrt_log *log, const char *name, size_t length, uint64_t hash) {
  size_t mask = log->method_slot_capacity - 1;
  for (size_t s = (size_t)hash & mask;; s = (s + 1) & mask) {
    uint32_t id = log->method_slots[s];
    if (id == VRT_NONE) return s;
    const vrt__method *m = &log->methods[id];
    if (m->name_hash == hash && m->name_length == length &&
        (length == 0 || memcmp(m->name, name, length) == 0)) {
      return s;
    }
  }
}

static bool vrt__method_table_grow(vrt_log *log) {
  size_t cap = log->method_slot_capacity == 0 ? 16 : log->method_slot_capacity * 2;
  uint32_t *slots = (uint32_t *)vrt__log_alloc(log, cap * sizeof(uint32_t));
  if (slots == NULL) return false;
  for (size_t i = 0; i < cap; i++) slots[i] = VRT_NONE;
  for (uint32_t id = 0; id < log->method_count; id++) {
    size_t s = (size_t)log->methods[id].name_hash & (cap - 1);
    while (slots[s] != VRT_NONE) s = (s + 1) & (cap - 1);
    slots[s] = id;
  }
  vrt__log_free_array(log, log->method_slots, log->method_slot_capacity * sizeof(uint32_t));
  log->method_slots = slots;
  log->method_slot_capacity = cap;
  return true;
}

static uint8_t *vrt__arena_reserve(vrt_log *log, size_t length);

vrt_status vrt_log_intern(vrt_log *log, const char *name, size_t length, uint32_t *out_method) {
  if (log == NULL || out_method == NULL || (name == NULL && length > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  if (length == SIZE_MAX) return VRT_ERR_TOO_LARGE;
  uint64_t hash = XXH3_64bits(length > 0 ? name : "", length);
  if (log->method_slot_capacity > 0) {
    size_t s = vrt__method_slot(log, name, length, hash);
    if (log->method_slots[s] != VRT_NONE) {
      *out_method = log->method_slots[s];
      return VRT_OK;
    }
  }
  if (log->method_count >= VRT__MAX_METHODS) return VRT_ERR_TOO_LARGE;
  if (((size_t)log->method_count + 1) * 2 > log->method_slot_capacity &&
      !vrt__method_table_grow(log)) {
    return VRT_ERR_OUT_OF_MEMORY;
  }
  if (log->method_count == log->method_capacity) {
    void *methods = log->methods;
    size_t cap = log->method_capacity;
    if (!vrt__log_grow(log, &methods, &cap, cap + 1, sizeof(vrt__method), 8)) {
      return VRT_ERR_OUT_OF_MEMORY;
    }
    log->methods = (vrt__method *)methods;
    log->method_capacity = (uint32_t)cap;
  }
  /* The name lives in the arena with the arguments (no allocation of its own for a small log). */
  char *copy = (char *)vrt__arena_reserve(log, length + 1);
  if (copy == NULL) return VRT_ERR_OUT_OF_MEMORY;
  if (length > 0) memcpy(copy, name, length);
  copy[length] = '\0';
  uint32_t id = log->method_count;
  vrt__method *m = &log->methods[id];
  memset(m, 0, sizeof *m);
  m->name = copy;
  m->name_length = length;
  m->name_hash = hash;
  if (id < VRT__INLINE_METHODS) {
    /* its call list starts in the log's own allocation (vrt_log_create) */
    m->calls = vrt__inline_calls(log, id);
    m->call_capacity = VRT__INLINE_CALLS;
  }
  log->method_slots[vrt__method_slot(log, name, length, hash)] = id;
  log->method_count++;
  *out_method = id;
  return VRT_OK;
}

vrt_status vrt_log_find_method(const vrt_log *log, const char *name, size_t length, uint32_t *out_method) {
  if (log == NULL || out_method == NULL || (name == NULL && length > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  if (log->method_slot_capacity == 0) return VRT_ERR_NOT_FOUND;
  uint64_t hash = XXH3_64bits(length > 0 ? name : "", length);
  uint32_t id = log->method_slots[vrt__method_slot(log, name, length, hash)];
  if (id == VRT_NONE) return VRT_ERR_NOT_FOUND;
  *out_method = id;
  return VRT_OK;
}

uint32_t vrt_log_method_count(const vrt_log *log) {
  return log == NULL ? 0 : log->method_count;
}

const char *vrt_log_method_name(const vrt_log *log, uint32_t method, size_t *out_length) {
  if (log == NULL || method >= log->method_count) return NULL;
  if (out_length != NULL) *out_length = log->methods[method].name_length;
  return log->methods[method].name;
}

/* ------------------------------------------------------------------------------------------- */
/* Recording                                                                                    */
/* ------------------------------------------------------------------------------------------- */

static bool vrt__add_page(vrt_log *log) {
  size_t index = log->page_count;
  if (index == log->page_capacity) {
    void *pages = log->pages;
    size_t cap = log->page_capacity;
    if (!vrt__log_grow(log, &pages, &cap, cap + 1, sizeof(vrt__page), 8)) return false;
    log->pages = (vrt__page *)pages;
    log->page_capacity = cap;
  }
  size_t calls = vrt__page_capacity(index);
  /* seq (8) + args (8) + length (4) + meta (4) + fingerprints (4) + tag (4) per call, then the
   * verified bits and the well-formed bits. */
  size_t bytes = calls * 32u + calls / 4u;
  uint8_t *block = index == 0 ? log->inline_page : (uint8_t *)vrt__log_alloc_large(log, bytes);
  if (block == NULL) return false;
  vrt__page *page = &log->pages[index];
  page->seq = (uint64_t *)(void *)block;
  page->args = (const uint8_t **)(void *)(block + calls * 8u);
  page->length = (uint32_t *)(void *)(block + calls * 16u);
  page->meta = (uint32_t *)(void *)(block + calls * 20u);
  page->prints = (uint32_t *)(void *)(block + calls * 24u);
  page->tag = (uint32_t *)(void *)(block + calls * 28u);
  page->verified = (uint64_t *)(void *)(block + calls * 32u);
  page->formed = (uint64_t *)(void *)(block + calls * 32u + calls / 8u);
  memset(page->verified, 0, calls / 4u);
  page->group_next = NULL;
  page->base = vrt__page_base(index);
  page->capacity = (uint32_t)calls;
  log->page_count++;
  return true;
}

static bool vrt__add_chunk(vrt_log *log, size_t size, uint8_t **out_chunk) {
  if (log->chunk_count == log->chunk_capacity) {
    void *chunks = log->chunks;
    size_t cap = log->chunk_capacity;
    if (!vrt__log_grow(log, &chunks, &cap, cap + 1, sizeof(vrt__chunk), 8)) return false;
    log->chunks = (vrt__chunk *)chunks;
    log->chunk_capacity = cap;
  }
  uint8_t *chunk = (uint8_t *)vrt__log_alloc_large(log, size);
  if (chunk == NULL) return false;
  log->chunks[log->chunk_count].bytes = chunk;
  log->chunks[log->chunk_count].size = size;
  log->chunk_count++;
  *out_chunk = chunk;
  return true;
}

/**
 * The size of the next regular arena chunk: `chunk_size`, doubling with each chunk up to
 * VRT__LARGE_BLOCK, where the chunks of a big log take huge pages (memory.c). A larger
 * `chunk_size` is kept as it is. At most one chunk is partly used, so the slack stays below one
 * chunk (2 MiB at most with the default sizes).
 */
static size_t vrt__next_chunk_size(const vrt_log *log) {
  size_t size = log->chunk_size;
  if (size >= VRT__LARGE_BLOCK) return size;
  for (size_t k = 0; k < log->chunk_count && size < VRT__LARGE_BLOCK; k++) size *= 2;
  return size < VRT__LARGE_BLOCK ? size : VRT__LARGE_BLOCK;
}

/** `length` (> 0) bytes of the arena for the caller to fill; NULL when out of memory. */
static uint8_t *vrt__arena_reserve(vrt_log *log, size_t length) {
  if (length <= log->current_capacity - log->current_used) {
    uint8_t *p = log->current + log->current_used;
    log->current_used += length;
    return p;
  }
  uint8_t *chunk;
  const size_t size = vrt__next_chunk_size(log);
  if (length > size) {
    /* Oversize: a chunk of its own; the current chunk keeps serving small entries. */
    if (!vrt__add_chunk(log, length, &chunk)) return NULL;
    return chunk;
  }
  if (!vrt__add_chunk(log, size, &chunk)) return NULL;
  log->current = chunk;
  log->current_capacity = size;
  log->current_used = length;
  return chunk;
}

/** Copies `length` (> 0) bytes into the arena; NULL when out of memory. */
static const uint8_t *vrt__arena_store(vrt_log *log, const uint8_t *bytes, size_t length) {
  uint8_t *p = vrt__arena_reserve(log, length);
  if (p != NULL) memcpy(p, bytes, length);
  return p;
}

vrt_status vrt_log_append(vrt_log *log, uint32_t method, const uint8_t *args, size_t length,
                          uint32_t arg_count, uint64_t seq, uint64_t *out_index) {
  return vrt_log_append_tagged(log, method, args, length, arg_count, seq, 0, out_index);
}

vrt_status vrt_log_append_tagged(vrt_log *log, uint32_t method, const uint8_t *args, size_t length,
                                 uint32_t arg_count, uint64_t seq, uint32_t tag,
                                 uint64_t *out_index) {
  if (log == NULL || (args == NULL && length > 0)) return VRT_ERR_NULL_ARGUMENT;
  if (method >= log->method_count || arg_count > 255) return VRT_ERR_INVALID_ARGUMENT;
  if (length > (size_t)UINT32_MAX) return VRT_ERR_TOO_LARGE;
  const uint64_t index = log->count;
  if (index >= VRT__MAX_CALLS) return VRT_ERR_TOO_LARGE;
  uint64_t s;
  if (seq == VRT_SEQ_AUTO) {
    if (index == 0 && log->last_seq == 0) {
      /* a new log (a cleared one continues after its last number, see vrt_log_clear) */
      s = 1;
    } else {
      if (log->last_seq == UINT64_MAX) return VRT_ERR_TOO_LARGE;
      s = log->last_seq + 1;
    }
  } else {
    if (index > 0 && seq <= log->last_seq) return VRT_ERR_INVALID_ARGUMENT;
    s = seq;
  }
  /* Everything that can fail comes first, so a failed append changes nothing visible (a grown
   * vector or a new page simply stays for the next call). */
  vrt__method *md = &log->methods[method];
  if (md->call_count == md->call_capacity) {
    void *calls = md->calls;
    if (!vrt__log_grow(log, &calls, &md->call_capacity, (size_t)md->call_count + 1,
                       sizeof(uint32_t), 16)) {
      return VRT_ERR_OUT_OF_MEMORY;
    }
    md->calls = (uint32_t *)calls;
  }
  if ((log->page_count == 0 ||
       index == log->pages[log->page_count - 1].base + log->pages[log->page_count - 1].capacity) &&
      !vrt__add_page(log)) {
    return VRT_ERR_OUT_OF_MEMORY;
  }
  const uint8_t *stored = NULL;
  if (length > 0) {
    stored = vrt__arena_store(log, args, length);
    if (stored == NULL) return VRT_ERR_OUT_OF_MEMORY;
  }
  vrt__page *page = &log->pages[log->page_count - 1];
  uint32_t slot = (uint32_t)(index - page->base);
  page->seq[slot] = s;
  page->args[slot] = stored;
  page->length[slot] = (uint32_t)length;
  const uint32_t meta = (method << 8) | arg_count;
  page->meta[slot] = meta;
  bool formed;
  page->prints[slot] = vrt__fingerprints(log, stored, length, arg_count, &formed);
  if (formed) page->formed[slot >> 6] |= UINT64_C(1) << (slot & 63u);
  if (slot == 0) {
    page->common_meta = meta;
    page->common_tag = tag;
    page->mixed_meta = false;
    page->mixed_tags = false;
    page->all_formed = formed;
  } else {
    page->mixed_meta |= meta != page->common_meta;
    page->mixed_tags |= tag != page->common_tag;
    page->all_formed &= formed;
  }
  page->tag[slot] = tag;
  log->count = index + 1;
  log->last_seq = s;
  md->count++;
  md->calls[md->call_count++] = (uint32_t)index;
  if (out_index != NULL) *out_index = index;
  return VRT_OK;
}

uint64_t vrt_log_count_calls(const vrt_log *log) {
  return log == NULL ? 0 : log->count;
}

uint64_t vrt_log_count_method(const vrt_log *log, uint32_t method) {
  if (log == NULL || method >= log->method_count) return 0;
  return log->methods[method].count;
}

size_t vrt_log_memory(const vrt_log *log) {
  return log == NULL ? 0 : log->memory;
}

/* ------------------------------------------------------------------------------------------- */
/* Reading                                                                                      */
/* ------------------------------------------------------------------------------------------- */

vrt_status vrt_log_get(const vrt_log *log, uint64_t index, vrt_call *out_call) {
  if (log == NULL || out_call == NULL) return VRT_ERR_NULL_ARGUMENT;
  if (index >= log->count) return VRT_ERR_INVALID_ARGUMENT;
  const vrt__page *page = &log->pages[vrt__page_of(index)];
  uint32_t slot = (uint32_t)(index - page->base);
  out_call->seq = page->seq[slot];
  out_call->args = page->args[slot];
  out_call->length = page->length[slot];
  out_call->tag = page->tag[slot];
  out_call->method = page->meta[slot] >> 8;
  out_call->arg_count = page->meta[slot] & 0xFFu;
  out_call->verified = vrt__is_verified(page, slot);
  return VRT_OK;
}

uint64_t vrt_log_lower_bound(const vrt_log *log, uint64_t seq) {
  if (log == NULL) return 0;
  uint64_t lo = 0, hi = log->count;
  while (lo < hi) {
    uint64_t mid = lo + (hi - lo) / 2;
    const vrt__page *page = &log->pages[vrt__page_of(mid)];
    if (page->seq[mid - page->base] < seq) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

vrt_status vrt_log_set_verified(vrt_log *log, uint64_t index, bool verified) {
  if (log == NULL) return VRT_ERR_NULL_ARGUMENT;
  if (index >= log->count) return VRT_ERR_INVALID_ARGUMENT;
  vrt__page *page = &log->pages[vrt__page_of(index)];
  uint32_t slot = (uint32_t)(index - page->base);
  if (vrt__is_verified(page, slot) == verified) return VRT_OK;
  uint64_t bit = UINT64_C(1) << (slot & 63u);
  vrt__method *m = &log->methods[page->meta[slot] >> 8];
  if (verified) {
    page->verified[slot >> 6] |= bit;
    log->verified_total++;
    m->verified++;
  } else {
    page->verified[slot >> 6] &= ~bit;
    log->verified_total--;
    m->verified--;
  }
  return VRT_OK;
}

vrt_status vrt_log_mark_calls(vrt_log *log, const uint64_t *indices, size_t count) {
  if (log == NULL || (indices == NULL && count > 0)) return VRT_ERR_NULL_ARGUMENT;
  for (size_t i = 0; i < count; i++) {
    if (indices[i] >= log->count) return VRT_ERR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < count; i++) {
    vrt__page *page = &log->pages[vrt__page_of(indices[i])];
    uint32_t slot = (uint32_t)(indices[i] - page->base);
    uint64_t bit = UINT64_C(1) << (slot & 63u);
    if (page->verified[slot >> 6] & bit) continue;
    page->verified[slot >> 6] |= bit;
    log->verified_total++;
    log->methods[page->meta[slot] >> 8].verified++;
  }
  return VRT_OK;
}

uint64_t vrt_log_fail_allocation(vrt_log *log, uint64_t n) {
  if (log == NULL) return 0;
  log->fail_allocation = n == 0 ? 0 : log->allocations + n;
  return log->allocations;
}
