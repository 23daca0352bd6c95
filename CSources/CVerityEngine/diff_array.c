/*
 * diff_array.c — the structural diff of two arrays: elements are classed by hash (or by an
 * identity field), aligned (longest increasing subsequence over unique classes, then a table
 * alignment of the gaps), paired by similarity where they changed, and queued on the walk of
 * diff.c as changes, moves, insertions and removals.
 */
#include <stdlib.h>

#include "diff_internal.h"

/* ------------------------------------------------------------------------------------------- */
/* Arrays                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/** Everything the alignment of one pair of arrays needs; freed by vrt__array_free. */
typedef struct vrt__array {
  uint32_t *xs, *ys;       /* element nodes */
  size_t nx, ny;
  uint32_t *xkey, *ykey;   /* the node that identifies each element (itself, or its identity field) */
  uint32_t *xclass, *yclass;
  uint32_t *xmatch, *ymatch; /* aligned partner index, VRT_NONE when unaligned */
  uint32_t *xmoved, *ymoved; /* identity alignment: the partner of an element that moved */
  size_t class_count;
  uint32_t *class_side_node; /* per class: a representative (side bit in the high bit) */
  bool keyed;                /* some element was identified by its identity field */
} vrt__array;

static void vrt__array_free(vrt__array *r) {
  free(r->xs);
  free(r->ys);
  free(r->xkey);
  free(r->ykey);
  free(r->xclass);
  free(r->yclass);
  free(r->xmatch);
  free(r->ymatch);
  free(r->xmoved);
  free(r->ymoved);
  free(r->class_side_node);
}

/** The identity field of an element, or the element itself. */
static uint32_t vrt__identity_node(const vrt__diff *d, const vrt__side *s, uint32_t node, bool *keyed) {
  const vrt_node *n = &s->nodes[node];
  if (!d->identity || (n->tag != VRT_TAG_STRUCT && n->tag != VRT_TAG_OBJECT)) return node;
  for (uint32_t c = node + 1; c < n->end_index; c = s->nodes[c].end_index) {
    size_t length;
    const uint8_t *label = vrt__string_at(s->bytes, s->nodes[c].label_offset, &length);
    if (length == d->identity_length && memcmp(label, d->identity, length) == 0) {
      *keyed = true;
      return c;
    }
  }
  return node;
}

/** Groups the keys of both arrays into equality classes (hash, confirmed by memcmp). */
static bool vrt__classify(vrt__diff *d, vrt__array *r) {
  size_t total = r->nx + r->ny;
  size_t slots = 16;
  while (slots < total * 2) slots *= 2;
  uint32_t *table = malloc(slots * sizeof(uint32_t));
  r->class_side_node = malloc((total + 1) * sizeof(uint32_t));
  if (!table || !r->class_side_node) {
    free(table);
    return false;
  }
  memset(table, 0xFF, slots * sizeof(uint32_t));
  r->class_count = 0;
  for (size_t k = 0; k < total; k++) {
    bool on_b = k >= r->nx;
    const vrt__side *s = on_b ? &d->b : &d->a;
    uint32_t node = on_b ? r->ykey[k - r->nx] : r->xkey[k];
    uint64_t hash = s->nodes[node].hash;
    size_t slot = (size_t)(hash ^ (hash >> 29)) & (slots - 1);
    uint32_t found = VRT_NONE;
    while (table[slot] != VRT_NONE) {
      uint32_t c = table[slot];
      uint32_t rep = r->class_side_node[c];
      const vrt__side *rs = (rep >> 31) ? &d->b : &d->a;
      if (vrt__same_bytes(rs, rep & 0x7FFFFFFFu, s, node)) {
        found = c;
        break;
      }
      slot = (slot + 1) & (slots - 1);
    }
    if (found == VRT_NONE) {
      found = (uint32_t)r->class_count++;
      r->class_side_node[found] = node | (on_b ? 0x80000000u : 0u);
      table[slot] = found;
    }
    if (on_b) r->yclass[k - r->nx] = found;
    else r->xclass[k] = found;
  }
  free(table);
  return true;
}

typedef struct vrt__range {
  uint32_t alo, ahi, blo, bhi;
} vrt__range;

/** Longest increasing subsequence of `values[0..n)` (strictly increasing); writes the indices of
 *  one such subsequence to `out` and returns its length. `scratch` holds 2n entries. */
static size_t vrt__lis(const uint32_t *values, size_t n, uint32_t *scratch, uint32_t *out) {
  uint32_t *tails = scratch, *previous = scratch + n;
  size_t length = 0;
  for (size_t i = 0; i < n; i++) {
    size_t lo = 0, hi = length;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (values[tails[mid]] < values[i]) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1] : VRT_NONE;
    tails[lo] = (uint32_t)i;
    if (lo == length) length++;
  }
  uint32_t k = length ? tails[length - 1] : VRT_NONE;
  for (size_t i = length; i > 0; i--) {
    out[i - 1] = k;
    k = previous[k];
  }
  return length;
}

/** Aligns a gap with no unique anchor by a longest-common-subsequence table. */
static bool vrt__align_table(vrt__array *r, vrt__range g) {
  size_t n = g.ahi - g.alo, m = g.bhi - g.blo;
  uint16_t *t = calloc((n + 1) * (m + 1), sizeof(uint16_t));
  if (!t) return false;
#define T(i, j) t[(size_t)(i) * (m + 1) + (j)]
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      if (r->xclass[g.alo + i] == r->yclass[g.blo + j]) T(i, j) = (uint16_t)(T(i + 1, j + 1) + 1);
      else T(i, j) = T(i + 1, j) >= T(i, j + 1) ? T(i + 1, j) : T(i, j + 1);
    }
  }
  /* Among the longest alignments, the one that keeps elements in place: where skipping both
   * elements loses nothing, both are left unaligned at the same place, so the pairing that follows
   * reports a change there instead of a removal here and an insertion further on (in an array of
   * identical records, a record changed in place stays one change at its index). */
  size_t i = 0, j = 0;
  while (i < n && j < m) {
    if (r->xclass[g.alo + i] == r->yclass[g.blo + j]) {
      r->xmatch[g.alo + i] = (uint32_t)(g.blo + j);
      r->ymatch[g.blo + j] = (uint32_t)(g.alo + i);
      i++;
      j++;
    } else if (T(i + 1, j + 1) == T(i, j)) {
      i++;
      j++;
    } else if (T(i + 1, j) >= T(i, j + 1)) {
      i++;
    } else {
      j++;
    }
  }
#undef T
  free(t);
  return true;
}

/** Ordered alignment: patience anchors, prefix/suffix trimming, tables for small gaps. */
static bool vrt__align(vrt__array *r) {
  size_t classes = r->class_count;
  uint32_t *count_a = calloc(classes + 1, sizeof(uint32_t));
  uint32_t *count_b = calloc(classes + 1, sizeof(uint32_t));
  uint32_t *where_b = malloc((classes + 1) * sizeof(uint32_t));
  size_t cap = r->nx + 1;
  uint32_t *cand_a = malloc(cap * sizeof(uint32_t)), *cand_b = malloc(cap * sizeof(uint32_t));
  uint32_t *scratch = malloc(2 * cap * sizeof(uint32_t)), *chosen = malloc(cap * sizeof(uint32_t));
  vrt__range *stack = NULL;
  size_t stack_count = 0, stack_capacity = 0;
  bool ok = count_a && count_b && where_b && cand_a && cand_b && scratch && chosen &&
            vrt__diff_reserve((void **)&stack, &stack_capacity, 1, sizeof(vrt__range));
  if (ok) stack[stack_count++] = (vrt__range){0, (uint32_t)r->nx, 0, (uint32_t)r->ny};
  while (ok && stack_count) {
    vrt__range g = stack[--stack_count];
    while (g.alo < g.ahi && g.blo < g.bhi && r->xclass[g.alo] == r->yclass[g.blo]) {
      r->xmatch[g.alo] = g.blo;
      r->ymatch[g.blo] = g.alo;
      g.alo++;
      g.blo++;
    }
    while (g.alo < g.ahi && g.blo < g.bhi && r->xclass[g.ahi - 1] == r->yclass[g.bhi - 1]) {
      g.ahi--;
      g.bhi--;
      r->xmatch[g.ahi] = g.bhi;
      r->ymatch[g.bhi] = g.ahi;
    }
    if (g.alo == g.ahi || g.blo == g.bhi) continue;
    /* Elements that occur exactly once on each side of the gap. */
    for (uint32_t i = g.alo; i < g.ahi; i++) count_a[r->xclass[i]]++;
    for (uint32_t j = g.blo; j < g.bhi; j++) {
      count_b[r->yclass[j]]++;
      where_b[r->yclass[j]] = j;
    }
    size_t candidates = 0;
    for (uint32_t i = g.alo; i < g.ahi; i++) {
      uint32_t c = r->xclass[i];
      if (count_a[c] == 1 && count_b[c] == 1) {
        cand_a[candidates] = i;
        cand_b[candidates] = where_b[c];
        candidates++;
      }
    }
    for (uint32_t i = g.alo; i < g.ahi; i++) count_a[r->xclass[i]] = 0;
    for (uint32_t j = g.blo; j < g.bhi; j++) count_b[r->yclass[j]] = 0;
    if (candidates == 0) {
      size_t cells = (size_t)(g.ahi - g.alo) * (size_t)(g.bhi - g.blo);
      if (cells <= VRT_DIFF_TABLE_CELLS) ok = vrt__align_table(r, g);
      continue;
    }
    size_t anchors = vrt__lis(cand_b, candidates, scratch, chosen);
    /* Gaps between anchors (and around them) go back on the stack. */
    if (!vrt__diff_reserve((void **)&stack, &stack_capacity, stack_count + anchors + 1,
                           sizeof(vrt__range))) {
      ok = false;
      break;
    }
    uint32_t pa = g.alo, pb = g.blo;
    for (size_t k = 0; k < anchors; k++) {
      uint32_t i = cand_a[chosen[k]], j = cand_b[chosen[k]];
      r->xmatch[i] = j;
      r->ymatch[j] = i;
      if (i > pa || j > pb) stack[stack_count++] = (vrt__range){pa, i, pb, j};
      pa = i + 1;
      pb = j + 1;
    }
    if (pa < g.ahi || pb < g.bhi) stack[stack_count++] = (vrt__range){pa, g.ahi, pb, g.bhi};
  }
  free(count_a);
  free(count_b);
  free(where_b);
  free(cand_a);
  free(cand_b);
  free(scratch);
  free(chosen);
  free(stack);
  return ok;
}

/** Pairs elements of a and b by class: the k-th occurrence of a class in a with its k-th
 *  occurrence in b, counting only elements not yet aligned when `unaligned_only`. Writes each
 *  partner's index to `xout` / `yout` (left as they are for elements without one). */
static bool vrt__pair_by_class(vrt__array *r, bool unaligned_only, uint32_t *xout, uint32_t *yout) {
  size_t classes = r->class_count + 1;
  uint32_t *head = malloc(classes * sizeof(uint32_t)), *tail = malloc(classes * sizeof(uint32_t));
  uint32_t *next = malloc((r->ny + 1) * sizeof(uint32_t));
  if (!head || !next || !tail) {
    free(head);
    free(next);
    free(tail);
    return false;
  }
  memset(head, 0xFF, classes * sizeof(uint32_t));
  for (size_t j = 0; j < r->ny; j++) {
    if (unaligned_only && r->ymatch[j] != VRT_NONE) continue;
    uint32_t c = r->yclass[j];
    next[j] = VRT_NONE;
    if (head[c] == VRT_NONE) head[c] = (uint32_t)j;
    else next[tail[c]] = (uint32_t)j;
    tail[c] = (uint32_t)j;
  }
  for (size_t i = 0; i < r->nx; i++) {
    if (unaligned_only && r->xmatch[i] != VRT_NONE) continue;
    uint32_t c = r->xclass[i], j = head[c];
    if (j == VRT_NONE) continue;
    head[c] = next[j];
    xout[i] = j;
    yout[j] = (uint32_t)i;
  }
  free(head);
  free(next);
  free(tail);
  return true;
}

/** Unordered alignment: the k-th occurrence of a class in a pairs with its k-th occurrence in b. */
static bool vrt__align_unordered(vrt__array *r) {
  return vrt__pair_by_class(r, false, r->xmatch, r->ymatch);
}

/** How alike two unaligned elements are: 0 for different kinds (never paired), else 1 plus the
 *  number of equal children at equal positions (at most 64 looked at). */
static uint32_t vrt__similarity(const vrt__diff *d, uint32_t x, uint32_t y) {
  const vrt_node *p = &d->a.nodes[x], *q = &d->b.nodes[y];
  if (vrt__category(p->tag) != vrt__category(q->tag)) return 0;
  if (p->name_offset != VRT_NONE &&
      !vrt__strings_equal(d->a.bytes, p->name_offset, d->b.bytes, q->name_offset)) {
    return 0;
  }
  uint32_t score = 1;
  if (!vrt_tag_is_container(p->tag)) return score;
  uint32_t i = x + 1, j = y + 1;
  for (int k = 0; k < 64 && i < p->end_index && j < q->end_index; k++) {
    if (vrt__same_bytes(&d->a, i, &d->b, j)) score++;
    i = d->a.nodes[i].end_index;
    j = d->b.nodes[j].end_index;
  }
  return score;
}

/** Pairs the unaligned run a[ai..ai+n) with b[bi..bi+m): the most similar monotone pairing when
 *  the run is small, else position by position; the rest are removals and insertions. */
static void vrt__pair_run(vrt__diff *d, const vrt__work *w, vrt__array *r, uint32_t ai, size_t n,
                          uint32_t bi, size_t m) {
  if (n == 0 || m == 0 || r->keyed) {
    for (size_t i = 0; i < n; i++) {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_REMOVED, VRT_DIFF_STEP_INDEX, r->xs[ai + i], VRT_NONE,
                (uint32_t)(ai + i), VRT_NONE);
    }
    for (size_t j = 0; j < m; j++) {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_INSERTED, VRT_DIFF_STEP_INDEX, VRT_NONE, r->ys[bi + j],
                VRT_NONE, (uint32_t)(bi + j));
    }
    return;
  }
  if (n == 1 && m == 1) {
    /* One element replaced by one: a change at that index, whatever the kinds. */
    vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r->xs[ai], r->ys[bi], ai, bi);
    return;
  }
  if (n * m > VRT_DIFF_PAIRING_CELLS) {
    size_t k = n < m ? n : m;
    for (size_t i = 0; i < k; i++) {
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r->xs[ai + i], r->ys[bi + i],
                (uint32_t)(ai + i), (uint32_t)(bi + i));
    }
    vrt__pair_run(d, w, r, (uint32_t)(ai + k), n - k, (uint32_t)(bi + k), m - k);
    return;
  }
  /* score[i][j]: best total similarity pairing a[i..n) with b[j..m). */
  uint32_t *score = calloc((n + 1) * (m + 1), sizeof(uint32_t));
  uint32_t *sim = malloc(n * m * sizeof(uint32_t));
  if (!score || !sim) {
    free(score);
    free(sim);
    d->failed = true;
    return;
  }
#define S(i, j) score[(size_t)(i) * (m + 1) + (j)]
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < m; j++) sim[i * m + j] = vrt__similarity(d, r->xs[ai + i], r->ys[bi + j]);
  }
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      uint32_t best = S(i + 1, j) > S(i, j + 1) ? S(i + 1, j) : S(i, j + 1);
      uint32_t s = sim[i * m + j];
      if (s && S(i + 1, j + 1) + s >= best) best = S(i + 1, j + 1) + s;
      S(i, j) = best;
    }
  }
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    uint32_t s = (i < n && j < m) ? sim[i * m + j] : 0;
    if (s && S(i, j) == S(i + 1, j + 1) + s) {
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r->xs[ai + i], r->ys[bi + j],
                (uint32_t)(ai + i), (uint32_t)(bi + j));
      i++;
      j++;
    } else if (j >= m || (i < n && S(i, j) == S(i + 1, j))) {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_REMOVED, VRT_DIFF_STEP_INDEX, r->xs[ai + i], VRT_NONE,
                (uint32_t)(ai + i), VRT_NONE);
      i++;
    } else {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_INSERTED, VRT_DIFF_STEP_INDEX, VRT_NONE, r->ys[bi + j],
                VRT_NONE, (uint32_t)(bi + j));
      j++;
    }
  }
#undef S
  free(score);
  free(sim);
}

/** Identity alignment: pairs each unaligned element of a with the first unaligned element of b
 *  that has its identity (anywhere in the array), as a move. The ordered alignment keeps only
 *  elements in order, so an identified element that moved is otherwise unaligned. */
static bool vrt__pair_moves(vrt__array *r) {
  r->xmoved = malloc((r->nx + 1) * sizeof(uint32_t));
  r->ymoved = malloc((r->ny + 1) * sizeof(uint32_t));
  if (!r->xmoved || !r->ymoved) return false;
  memset(r->xmoved, 0xFF, (r->nx + 1) * sizeof(uint32_t));
  memset(r->ymoved, 0xFF, (r->ny + 1) * sizeof(uint32_t));
  return vrt__pair_by_class(r, true, r->xmoved, r->ymoved);
}

void vrt__diff_array(vrt__diff *d, const vrt__work *w) {
  vrt__array r;
  memset(&r, 0, sizeof r);
  size_t xc = 0, yc = 0;
  r.nx = vrt__children(d, &d->a, w->a, &r.xs, &xc);
  if (r.nx == SIZE_MAX) goto done;
  r.ny = vrt__children(d, &d->b, w->b, &r.ys, &yc);
  if (r.ny == SIZE_MAX) goto done;
  size_t nx = r.nx + 1, ny = r.ny + 1;
  r.xkey = malloc(nx * sizeof(uint32_t));
  r.ykey = malloc(ny * sizeof(uint32_t));
  r.xclass = malloc(nx * sizeof(uint32_t));
  r.yclass = malloc(ny * sizeof(uint32_t));
  r.xmatch = malloc(nx * sizeof(uint32_t));
  r.ymatch = malloc(ny * sizeof(uint32_t));
  if (!r.xkey || !r.ykey || !r.xclass || !r.yclass || !r.xmatch || !r.ymatch) {
    d->failed = true;
    goto done;
  }
  for (size_t i = 0; i < r.nx; i++) r.xkey[i] = vrt__identity_node(d, &d->a, r.xs[i], &r.keyed);
  for (size_t j = 0; j < r.ny; j++) r.ykey[j] = vrt__identity_node(d, &d->b, r.ys[j], &r.keyed);
  memset(r.xmatch, 0xFF, nx * sizeof(uint32_t));
  memset(r.ymatch, 0xFF, ny * sizeof(uint32_t));
  if (!vrt__classify(d, &r)) {
    d->failed = true;
    goto done;
  }
  bool aligned = (d->flags & VRT_DIFF_UNORDERED_ARRAYS) ? vrt__align_unordered(&r) : vrt__align(&r);
  if (!aligned) {
    d->failed = true;
    goto done;
  }
  if (d->flags & VRT_DIFF_UNORDERED_ARRAYS) {
    /* Aligned pairs in a's order, then every unaligned element as one run. */
    for (size_t i = 0; i < r.nx; i++) {
      if (r.xmatch[i] != VRT_NONE) {
        vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r.xs[i], r.ys[r.xmatch[i]],
                  (uint32_t)i, r.xmatch[i]);
      }
    }
    /* Compact the unaligned elements to the front of the lists, keeping original indices. */
    size_t un = 0, um = 0;
    for (size_t i = 0; i < r.nx; i++) if (r.xmatch[i] == VRT_NONE) r.xkey[un++] = (uint32_t)i;
    for (size_t j = 0; j < r.ny; j++) if (r.ymatch[j] == VRT_NONE) r.ykey[um++] = (uint32_t)j;
    for (size_t i = 0, j = 0; i < un || j < um; i++, j++) {
      if (i < un && j < um) {
        vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r.xs[r.xkey[i]], r.ys[r.ykey[j]],
                  r.xkey[i], r.ykey[j]);
      } else if (i < un) {
        vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_REMOVED, VRT_DIFF_STEP_INDEX, r.xs[r.xkey[i]], VRT_NONE,
                  r.xkey[i], VRT_NONE);
      } else {
        vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_INSERTED, VRT_DIFF_STEP_INDEX, VRT_NONE, r.ys[r.ykey[j]],
                  VRT_NONE, r.ykey[j]);
      }
    }
    goto done;
  }
  bool moves = r.keyed && !(d->flags & VRT_DIFF_UNORDERED_ARRAYS);
  if (moves && !vrt__pair_moves(&r)) {
    d->failed = true;
    goto done;
  }
  size_t i = 0, j = 0;
  while (!d->failed && (i < r.nx || j < r.ny)) {
    if (moves && i < r.nx && r.xmoved[i] != VRT_NONE) {
      i++; /* reported at its place in b */
      continue;
    }
    if (moves && j < r.ny && r.ymoved[j] != VRT_NONE) {
      /* The move, then the element compared with itself (its changes inside it). */
      uint32_t from = r.ymoved[j];
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_MOVED, VRT_DIFF_STEP_INDEX, r.xs[from], r.ys[j], from,
                (uint32_t)j);
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r.xs[from], r.ys[j], from, (uint32_t)j);
      j++;
      continue;
    }
    if (i < r.nx && j < r.ny && r.xmatch[i] == j) {
      /* Aligned: equal, or (identity alignment) the same element, changed. */
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_INDEX, r.xs[i], r.ys[j], (uint32_t)i,
                (uint32_t)j);
      i++;
      j++;
      continue;
    }
    size_t i2 = i, j2 = j;
    while (i2 < r.nx && r.xmatch[i2] == VRT_NONE && !(moves && r.xmoved[i2] != VRT_NONE)) i2++;
    while (j2 < r.ny && r.ymatch[j2] == VRT_NONE && !(moves && r.ymoved[j2] != VRT_NONE)) j2++;
    vrt__pair_run(d, w, &r, (uint32_t)i, i2 - i, (uint32_t)j, j2 - j);
    i = i2;
    j = j2;
  }
done:
  vrt__array_free(&r);
}
