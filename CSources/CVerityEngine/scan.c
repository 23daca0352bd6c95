/*
 * scan.c — running a query over the log (vrt__run: the exact index or the cold exact scan for
 * all-EQ patterns, else a scan of the method's calls with fingerprints, argument-hash columns or
 * the engine kinds' fast loops) and the public queries built on it: counting, finding, marking
 * verified, unverified calls, and reading arguments back.
 */
#include "query_internal.h"

/* Temporary arrays of at most these many elements live on the stack: a small log's verification
 * (up to 256 calls) and a small candidate list then allocate nothing. Larger ones are allocated,
 * which keeps the out-of-memory paths in use. */
#define VRT__SMALL_BITSET_WORDS 4u
#define VRT__SMALL_FIND_CAPACITY 16u

/* ------------------------------------------------------------------------------------------- */
/* Running queries                                                                             */
/* ------------------------------------------------------------------------------------------- */

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
   * whose fingerprint fields agree are read (4 bytes per call otherwise). */
  uint32_t print_mask = 0, print_want = 0;
  for (uint32_t i = 0; i < q->argc && i < 3; i++) {
    const vrt_arg_pattern *a = &q->pattern->args[i];
    if (a->kind != VRT_ARG_EQ) continue;
    uint32_t mask;
    print_want |= vrt__print_bits(log, a->bytes, a->length, q->argc, i, &mask);
    print_mask |= mask;
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
  /* One pass notes the matches in a bitset (calloc'd: pages untouched by matches cost nothing;
   * a small log's on the stack, no allocation); they are marked all at once only if the count is
   * within bounds. */
  const size_t words = (size_t)((log->count + 63u) / 64u);
  uint64_t small_bits[VRT__SMALL_BITSET_WORDS] = {0};
  vrt__fresh fresh = {NULL, UINT64_MAX, UINT64_MAX};
  fresh.bits = words <= VRT__SMALL_BITSET_WORDS
                   ? small_bits
                   : (uint64_t *)vrt__log_temp_calloc(log, words, sizeof(uint64_t));
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
  if (fresh.bits != small_bits) free(fresh.bits);
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

vrt_status vrt_log_method_calls(const vrt_log *log, uint32_t method, vrt_method_call *out_calls,
                                size_t capacity, uint64_t *out_total) {
  if (log == NULL || out_total == NULL || (out_calls == NULL && capacity > 0)) return VRT_ERR_NULL_ARGUMENT;
  if (method >= log->method_count) return VRT_ERR_INVALID_ARGUMENT;
  const vrt__method *md = &log->methods[method];
  const vrt__page *page = NULL;
  uint64_t page_base = 0, page_end = 0;
  for (uint32_t k = 0; k < md->call_count && k < capacity; k++) {
    uint64_t index = md->calls[k];
    if (index >= page_end) {
      page = &log->pages[vrt__page_of(index)];
      page_base = page->base;
      page_end = page_base + page->capacity;
    }
    const uint32_t slot = (uint32_t)(index - page_base);
    out_calls[k].index = index;
    out_calls[k].tag = page->tag[slot];
    out_calls[k].arg_count = page->meta[slot] & 0xFFu;
  }
  *out_total = md->call_count;
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
  /* The indices of a small answer go on the stack (no allocation). */
  uint64_t small_indices[VRT__SMALL_FIND_CAPACITY];
  uint64_t *indices = capacity <= VRT__SMALL_FIND_CAPACITY
                          ? small_indices
                          : (uint64_t *)vrt__log_temp_alloc(log, capacity * sizeof(uint64_t));
  if (indices == NULL) return VRT_ERR_OUT_OF_MEMORY;
  vrt__sink sink = {indices, capacity, 0, false, false, NULL, true};
  st = vrt__run(log, &q, from_index, &sink);
  if (st == VRT_OK) {
    size_t n = sink.total < capacity ? (size_t)sink.total : capacity;
    /* The indices come in ascending order, so the page is looked up again only when an index
     * leaves the current one (the check also holds for any other order). */
    const vrt__page *page = NULL;
    for (size_t i = 0; i < n; i++) {
      const uint64_t index = indices[i];
      if (page == NULL || index < page->base || index - page->base >= page->capacity) {
        page = &log->pages[vrt__page_of(index)];
      }
      const uint32_t slot = (uint32_t)(index - page->base);
      vrt_found_argument *found = &out_arguments[i];
      found->index = index;
      found->tag = page->tag[slot];
      size_t offset, size;
      if (vrt__arg_at(page->args[slot], page->length[slot], page->meta[slot] & 0xFFu, position,
                      &offset, &size)) {
        found->bytes = page->args[slot] + offset;
        found->length = size;
      } else {
        found->bytes = NULL;
        found->length = 0;
      }
    }
    *out_count = n;
  }
  if (indices != small_indices) free(indices);
  return st;
}
