/*
 * nearest.c — the calls closest to a pattern, for failure messages: each call of the method is
 * ranked by how many of its arguments match, and the best are kept in a heap.
 */
#include "query_internal.h"

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
