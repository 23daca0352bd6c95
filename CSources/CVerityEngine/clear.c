/*
 * clear.c — forgetting calls: every call at once (vrt_log_clear), or chosen calls, by index or by
 * pattern, with the calls after them moved down (vrt_log_remove_calls, vrt_log_remove_matching).
 *
 * What each keeps and what it costs:
 *   - Clearing frees what the calls used (the arena's chunks, the record pages after page 0, the
 *     per-method call lists allocated beyond the log's own block, the exact index and the
 *     argument-hash columns) and keeps the interned methods (ids and names: their names move to
 *     the log's first arena, or to one new block when they do not fit there). Its cost is one
 *     free per block it frees plus a step per method: it never visits a call.
 *   - Removing compacts the records in place from the first removed call to the end (each later
 *     call moved down once, its method's call list rewritten from that point), frees the record
 *     pages left empty, cuts the argument-hash columns back to the calls before the first removed
 *     one (later scans extend them again) and drops the exact index (a later exact query rebuilds
 *     it, see vrt_pattern). Its cost is proportional to the calls from the first removed one to
 *     the end, plus a step per method. The arena keeps the removed calls' bytes until the log is
 *     cleared or freed.
 * Sequence numbers are kept by the calls that stay, and VRT_SEQ_AUTO continues after the last
 * number the log handed out, so calls recorded later still sort after every earlier one.
 */
#include "query_internal.h"

/** Frees the exact index (groups, slot table, every page's chain); a later query rebuilds it. */
static void vrt__drop_exact_index(vrt_log *log) {
  for (size_t p = 0; p < log->page_count; p++) {
    vrt__log_free(log, log->pages[p].group_next, (size_t)log->pages[p].capacity * sizeof(uint32_t));
    log->pages[p].group_next = NULL;
  }
  vrt__log_free(log, log->groups, log->group_capacity * sizeof(vrt__group));
  vrt__log_free(log, log->group_slots, log->group_slot_capacity * sizeof(uint64_t));
  log->groups = NULL;
  log->group_slots = NULL;
  log->group_count = 0;
  log->group_capacity = 0;
  log->group_slot_capacity = 0;
  log->exact_indexed = 0;
}

/** Frees the record pages from `first` (page 0's block is the log's own, and stays). */
static void vrt__drop_pages_from(vrt_log *log, size_t first) {
  for (size_t p = first; p < log->page_count; p++) {
    vrt__page *page = &log->pages[p];
    if ((uint8_t *)(void *)page->seq != log->inline_page) {
      vrt__log_free(log, page->seq, vrt__page_bytes(page->capacity));
    }
    vrt__log_free(log, page->group_next, (size_t)page->capacity * sizeof(uint32_t));
    page->group_next = NULL;
  }
  if (first < log->page_count) log->page_count = first;
}

/* ------------------------------------------------------------------------------------------- */
/* Clearing                                                                                     */
/* ------------------------------------------------------------------------------------------- */

vrt_status vrt_log_clear(vrt_log *log) {
  if (log == NULL) return VRT_ERR_NULL_ARGUMENT;
  /* The method names live in the arena: they move first, to the log's first arena when they fit
   * (through a copy on the stack, since they may already be there), else to one new block. That
   * block is the only allocation, made before anything changes. */
  size_t names = 0;
  for (uint32_t m = 0; m < log->method_count; m++) names += log->methods[m].name_length + 1u;
  uint8_t *home = vrt__inline_arena(log);
  const bool fits = names <= VRT__INLINE_ARENA;
  if (!fits) {
    home = (uint8_t *)vrt__log_alloc(log, names);
    if (home == NULL) return VRT_ERR_OUT_OF_MEMORY;
  }
  uint8_t stash[VRT__INLINE_ARENA];
  uint8_t *target = fits ? stash : home;
  size_t at = 0;
  for (uint32_t m = 0; m < log->method_count; m++) {
    vrt__method *md = &log->methods[m];
    memcpy(target + at, md->name, md->name_length + 1u); /* NUL-terminated */
    at += md->name_length + 1u;
  }
  if (fits && names > 0) memcpy(home, stash, names);
  at = 0;
  for (uint32_t m = 0; m < log->method_count; m++) {
    log->methods[m].name = (char *)(home + at);
    at += log->methods[m].name_length + 1u;
  }

  /* The arena: every chunk goes; the names' block (when they did not fit) becomes the only one. */
  for (size_t c = 0; c < log->chunk_count; c++) vrt__log_free(log, log->chunks[c].bytes, log->chunks[c].size);
  log->chunk_count = 0;
  if (fits) {
    log->current = home;
    log->current_capacity = VRT__INLINE_ARENA;
  } else {
    /* names > VRT__INLINE_ARENA: some name lived in a chunk, so the chunk table has room */
    log->chunks[0].bytes = home;
    log->chunks[0].size = names;
    log->chunk_count = 1;
    log->current = home;
    log->current_capacity = names;
  }
  log->current_used = names;

  vrt__drop_exact_index(log);
  log->exact_scans = 0;
  vrt__drop_pages_from(log, 0);

  for (uint32_t m = 0; m < log->method_count; m++) {
    vrt__method *md = &log->methods[m];
    vrt__log_free_array(log, md->calls, md->call_capacity * sizeof(uint32_t));
    if (m < VRT__INLINE_METHODS) {
      md->calls = vrt__inline_calls(log, m);
      md->call_capacity = VRT__INLINE_CALLS;
    } else {
      md->calls = NULL;
      md->call_capacity = 0;
    }
    md->call_count = 0;
    md->count = 0;
    md->verified = 0;
    for (uint32_t c = 0; c < md->column_count; c++) {
      vrt__log_free(log, md->columns[c].hashes, md->columns[c].capacity * sizeof(uint32_t));
    }
    vrt__log_free(log, md->columns, md->column_capacity * sizeof(vrt__column));
    md->columns = NULL;
    md->column_count = 0;
    md->column_capacity = 0;
    md->eq_scans = 0;
  }
  log->count = 0;
  log->verified_total = 0;
  /* last_seq stays: VRT_SEQ_AUTO continues after it (see vrt_log_append). */
  return VRT_OK;
}

/* ------------------------------------------------------------------------------------------- */
/* Removing chosen calls                                                                        */
/* ------------------------------------------------------------------------------------------- */

static inline void vrt__set_bit(uint64_t *words, uint32_t slot, bool on) {
  const uint64_t bit = UINT64_C(1) << (slot & 63u);
  if (on) {
    words[slot >> 6] |= bit;
  } else {
    words[slot >> 6] &= ~bit;
  }
}

/** Recomputes the summaries of `page` (vrt__page) over its first `used` calls (at least one). */
static void vrt__summarize_page(vrt__page *page, uint32_t used) {
  page->common_meta = page->meta[0];
  page->common_tag = page->tag[0];
  page->mixed_meta = false;
  page->mixed_tags = false;
  page->all_formed = true;
  for (uint32_t slot = 0; slot < used; slot++) {
    page->mixed_meta |= page->meta[slot] != page->common_meta;
    page->mixed_tags |= page->tag[slot] != page->common_tag;
    page->all_formed &= vrt__is_formed(page, slot);
  }
}

vrt_status vrt_log_remove_calls(vrt_log *log, const uint64_t *indices, size_t count) {
  if (log == NULL || (indices == NULL && count > 0)) return VRT_ERR_NULL_ARGUMENT;
  for (size_t i = 0; i < count; i++) {
    if (indices[i] >= log->count || (i > 0 && indices[i] <= indices[i - 1])) return VRT_ERR_INVALID_ARGUMENT;
  }
  if (count == 0) return VRT_OK;
  if ((uint64_t)count == log->count) return vrt_log_clear(log);

  const uint64_t first = indices[0];
  /* Each method's call list keeps its calls before `first`; the rest is rewritten below, and the
   * columns keep the entries of the calls kept as they were. */
  for (uint32_t m = 0; m < log->method_count; m++) {
    vrt__method *md = &log->methods[m];
    md->call_count = vrt__lower_bound_u32(md->calls, md->call_count, first);
    for (uint32_t c = 0; c < md->column_count; c++) {
      if (md->columns[c].count > md->call_count) md->columns[c].count = md->call_count;
    }
  }
  vrt__drop_exact_index(log);

  uint64_t write = first;
  size_t next_removed = 0;
  for (uint64_t read = first; read < log->count; read++) {
    vrt__page *from = &log->pages[vrt__page_of(read)];
    const uint32_t from_slot = (uint32_t)(read - from->base);
    vrt__method *md = &log->methods[from->meta[from_slot] >> 8];
    const bool verified = vrt__is_verified(from, from_slot);
    if (next_removed < count && indices[next_removed] == read) {
      next_removed++;
      md->count--;
      if (verified) {
        md->verified--;
        log->verified_total--;
      }
      continue;
    }
    vrt__page *to = &log->pages[vrt__page_of(write)];
    const uint32_t to_slot = (uint32_t)(write - to->base);
    to->seq[to_slot] = from->seq[from_slot];
    to->args[to_slot] = from->args[from_slot];
    to->length[to_slot] = from->length[from_slot];
    to->meta[to_slot] = from->meta[from_slot];
    to->prints[to_slot] = from->prints[from_slot];
    to->tag[to_slot] = from->tag[from_slot];
    const bool formed = vrt__is_formed(from, from_slot);
    vrt__set_bit(to->verified, to_slot, verified);
    vrt__set_bit(to->formed, to_slot, formed);
    md->calls[md->call_count++] = (uint32_t)write; /* within its capacity: the list only shrank */
    write++;
  }
  const uint64_t old_count = log->count;
  log->count = write; /* >= 1: fewer calls were removed than recorded */

  /* The last page in use: its slots past the last call hold no marks (an append ORs its bits
   * in); the pages after it are freed. Summaries are recomputed where calls moved. */
  const size_t last_page = vrt__page_of(write - 1);
  vrt__page *last = &log->pages[last_page];
  const uint32_t used = (uint32_t)(write - last->base);
  const uint64_t old_end = old_count - last->base;
  const uint32_t stale_end = old_end < last->capacity ? (uint32_t)old_end : last->capacity;
  for (uint32_t slot = used; slot < stale_end; slot++) {
    vrt__set_bit(last->verified, slot, false);
    vrt__set_bit(last->formed, slot, false);
  }
  vrt__drop_pages_from(log, last_page + 1);
  for (size_t p = vrt__page_of(first); p <= last_page; p++) {
    vrt__page *page = &log->pages[p];
    vrt__summarize_page(page, p == last_page ? used : page->capacity);
  }
  return VRT_OK;
}

vrt_status vrt_log_remove_matching(vrt_log *log, const vrt_pattern *pattern, uint64_t *out_removed) {
  if (log == NULL || pattern == NULL) return VRT_ERR_NULL_ARGUMENT;
  uint64_t total = 0, removed = 0;
  vrt_status st = vrt_log_count(log, pattern, &total);
  if (st != VRT_OK) return st;
  if (total > 0) {
    if (total > SIZE_MAX / sizeof(uint64_t)) return VRT_ERR_TOO_LARGE;
    uint64_t *indices = (uint64_t *)vrt__log_temp_alloc(log, (size_t)total * sizeof(uint64_t));
    if (indices == NULL) return VRT_ERR_OUT_OF_MEMORY;
    uint64_t found = 0;
    st = vrt_log_find(log, pattern, 0, indices, (size_t)total, &found);
    /* (a predicate may answer differently the second time: only the calls found now go) */
    removed = found < total ? found : total;
    if (st == VRT_OK) st = vrt_log_remove_calls(log, indices, (size_t)removed);
    free(indices);
    if (st != VRT_OK) return st;
  }
  if (out_removed != NULL) *out_removed = removed;
  return VRT_OK;
}
