/*
 * diff.c — the structural diff of two structures (see vrt_diff.h): the
 * walk. Arrays are aligned in diff_array.c, ignored paths decided in diff_ignore.c; what the parts
 * share is in diff_internal.h.
 *
 * The walk keeps an explicit LIFO of work items: "compare these two nodes" and "emit this
 * insertion / removal". A container pushes its differing children in reverse order, so edits come
 * out in preorder. Nothing recurses on the C stack.
 */
#include <math.h>
#include <stdlib.h>

#include "diff_internal.h"

/* ------------------------------------------------------------------------------------------- */
/* Small growable arrays                                                                        */
/* ------------------------------------------------------------------------------------------- */

bool vrt__diff_reserve(void **array, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return true;
  size_t next = *capacity ? *capacity : 16;
  while (next < needed) {
    if (next > SIZE_MAX / 2 / size) return false;
    next *= 2;
  }
  void *grown = realloc(*array, next * size);
  if (!grown) return false;
  *array = grown;
  *capacity = next;
  return true;
}

/* ------------------------------------------------------------------------------------------- */
/* Node helpers                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/** For an ENUM node: the offset of its case-name STRING (right after the type name). */
static uint32_t vrt__case_offset(const vrt__side *s, uint32_t node) {
  size_t length;
  const uint8_t *text = vrt__string_at(s->bytes, s->nodes[node].name_offset, &length);
  return (uint32_t)((size_t)(text - s->bytes) + length);
}

static double vrt__double_at(const vrt__side *s, uint32_t node) {
  const uint8_t *p = s->bytes + s->nodes[node].offset + 1;
  uint64_t bits = 0;
  for (int i = 0; i < 8; i++) bits |= (uint64_t)p[i] << (8 * i);
  double value;
  memcpy(&value, &bits, 8);
  return value;
}

/* ------------------------------------------------------------------------------------------- */
/* Output                                                                                       */
/* ------------------------------------------------------------------------------------------- */

static uint32_t vrt__add_step(vrt__diff *d, uint32_t parent, uint32_t kind, uint32_t a, uint32_t b,
                              uint32_t ai, uint32_t bi) {
  vrt_diff_result *out = d->out;
  if (out->step_count >= (size_t)VRT_NONE - 1) {
    d->failed = true;
    return VRT_NONE;
  }
  if (!vrt__diff_reserve((void **)&out->steps, &d->step_capacity, out->step_count + 1,
                         sizeof(vrt_diff_step))) {
    d->failed = true;
    return VRT_NONE;
  }
  out->steps[out->step_count] = (vrt_diff_step){parent, kind, a, b, ai, bi};
  return (uint32_t)out->step_count++;
}

static void vrt__add_edit(vrt__diff *d, uint32_t kind, uint32_t step, uint32_t a, uint32_t b) {
  vrt_diff_result *out = d->out;
  switch (kind) {
  case VRT_DIFF_CHANGED: out->changed++; break;
  case VRT_DIFF_TYPE_CHANGED: out->type_changed++; break;
  case VRT_DIFF_INSERTED: out->inserted++; break;
  case VRT_DIFF_MOVED: out->moved++; break;
  default: out->removed++; break;
  }
  if (d->max_edits && out->edit_count >= d->max_edits) {
    out->truncated = true;
    return;
  }
  if (!vrt__diff_reserve((void **)&out->edits, &d->edit_capacity, out->edit_count + 1,
                         sizeof(vrt_diff_edit))) {
    d->failed = true;
    return;
  }
  out->edits[out->edit_count++] = (vrt_diff_edit){kind, step, a, b};
}

/* ------------------------------------------------------------------------------------------- */
/* Scheduling children                                                                          */
/* ------------------------------------------------------------------------------------------- */

/** Queues (in the pending list, in document order) a comparison of two children, or an
 *  insertion / removal, unless the path is ignored or (for a comparison) the two are equal. */
void vrt__pend(vrt__diff *d, const vrt__work *parent, uint32_t type, uint32_t edit_kind,
               uint32_t step_kind, uint32_t a, uint32_t b, uint32_t ai, uint32_t bi) {
  if (d->failed) return;
  if (type == VRT__WORK_COMPARE && vrt__same_bytes(&d->a, a, &d->b, b)) return;
  uint64_t alive = 0;
  if (vrt__ignored(d, parent->alive, parent->depth, step_kind, a, b, ai, bi, &alive)) return;
  uint32_t step = vrt__add_step(d, parent->step, step_kind, a, b, ai, bi);
  if (d->failed) return;
  if (!vrt__diff_reserve((void **)&d->pending, &d->pending_capacity, d->pending_count + 1,
                         sizeof(vrt__work))) {
    d->failed = true;
    return;
  }
  d->pending[d->pending_count++] =
      (vrt__work){type, a, b, step, parent->depth + 1, edit_kind, alive};
}

/** Moves the pending items onto the work stack in reverse, so they are handled in order. */
static void vrt__flush_pending(vrt__diff *d) {
  if (d->failed) {
    d->pending_count = 0;
    return;
  }
  if (!vrt__diff_reserve((void **)&d->work, &d->work_capacity, d->work_count + d->pending_count,
                         sizeof(vrt__work))) {
    d->failed = true;
    d->pending_count = 0;
    return;
  }
  for (size_t i = d->pending_count; i > 0; i--) d->work[d->work_count++] = d->pending[i - 1];
  d->pending_count = 0;
}

/* ------------------------------------------------------------------------------------------- */
/* Fields, dictionaries, sets                                                                   */
/* ------------------------------------------------------------------------------------------- */

static void vrt__diff_fields(vrt__diff *d, const vrt__work *w) {
  uint32_t *xs = NULL, *ys = NULL;
  size_t xc = 0, yc = 0;
  size_t nx = vrt__children(d, &d->a, w->a, &xs, &xc);
  size_t ny = nx == SIZE_MAX ? SIZE_MAX : vrt__children(d, &d->b, w->b, &ys, &yc);
  bool *used = NULL;
  if (nx == SIZE_MAX || ny == SIZE_MAX) goto done;
  bool aligned = nx == ny;
  for (size_t i = 0; aligned && i < nx; i++) {
    aligned = vrt__strings_equal(d->a.bytes, d->a.nodes[xs[i]].label_offset, d->b.bytes,
                                 d->b.nodes[ys[i]].label_offset);
  }
  if (aligned) {
    for (size_t i = 0; i < nx; i++) {
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_FIELD, xs[i], ys[i], (uint32_t)i, (uint32_t)i);
    }
    goto done;
  }
  /* Labels differ in order or presence: pair each of a's fields with the first unused field of b
   * with the same label; the rest were removed or inserted. */
  used = calloc(ny + 1, sizeof(bool));
  if (!used) {
    d->failed = true;
    goto done;
  }
  for (size_t i = 0; i < nx; i++) {
    size_t match = SIZE_MAX;
    for (size_t j = 0; j < ny && match == SIZE_MAX; j++) {
      if (!used[j] && vrt__strings_equal(d->a.bytes, d->a.nodes[xs[i]].label_offset, d->b.bytes,
                                         d->b.nodes[ys[j]].label_offset)) {
        match = j;
      }
    }
    if (match == SIZE_MAX) {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_REMOVED, VRT_DIFF_STEP_FIELD, xs[i], VRT_NONE, (uint32_t)i,
                VRT_NONE);
    } else {
      used[match] = true;
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_FIELD, xs[i], ys[match], (uint32_t)i,
                (uint32_t)match);
    }
  }
  for (size_t j = 0; j < ny; j++) {
    if (!used[j]) {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_INSERTED, VRT_DIFF_STEP_FIELD, VRT_NONE, ys[j], VRT_NONE,
                (uint32_t)j);
    }
  }
done:
  free(used);
  free(xs);
  free(ys);
}

/** The canonical order of SET members and DICT keys: memcmp, then shorter first. */
static int vrt__canonical_compare(const vrt__side *x, uint32_t i, const vrt__side *y, uint32_t j) {
  const vrt_node *p = &x->nodes[i], *q = &y->nodes[j];
  uint32_t n = p->length < q->length ? p->length : q->length;
  int c = memcmp(x->bytes + p->offset, y->bytes + q->offset, n);
  if (c != 0) return c;
  return p->length < q->length ? -1 : (p->length > q->length ? 1 : 0);
}

static void vrt__diff_dictionary(vrt__diff *d, const vrt__work *w) {
  const vrt_node *x = &d->a.nodes[w->a], *y = &d->b.nodes[w->b];
  uint32_t i = w->a + 1, j = w->b + 1, pi = 0, pj = 0;
  while (!d->failed && (i < x->end_index || j < y->end_index)) {
    int c;
    if (i >= x->end_index) c = 1;
    else if (j >= y->end_index) c = -1;
    else c = vrt__canonical_compare(&d->a, i, &d->b, j);
    if (c == 0) {
      uint32_t xv = d->a.nodes[i].end_index, yv = d->b.nodes[j].end_index;
      vrt__pend(d, w, VRT__WORK_COMPARE, 0, VRT_DIFF_STEP_KEY, xv, yv, pi++, pj++);
      i = d->a.nodes[xv].end_index;
      j = d->b.nodes[yv].end_index;
    } else if (c < 0) {
      uint32_t xv = d->a.nodes[i].end_index;
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_REMOVED, VRT_DIFF_STEP_KEY, xv, VRT_NONE, pi++,
                VRT_NONE);
      i = d->a.nodes[xv].end_index;
    } else {
      uint32_t yv = d->b.nodes[j].end_index;
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_INSERTED, VRT_DIFF_STEP_KEY, VRT_NONE, yv, VRT_NONE,
                pj++);
      j = d->b.nodes[yv].end_index;
    }
  }
}

static void vrt__diff_set(vrt__diff *d, const vrt__work *w) {
  const vrt_node *x = &d->a.nodes[w->a], *y = &d->b.nodes[w->b];
  uint32_t i = w->a + 1, j = w->b + 1, pi = 0, pj = 0;
  while (!d->failed && (i < x->end_index || j < y->end_index)) {
    int c;
    if (i >= x->end_index) c = 1;
    else if (j >= y->end_index) c = -1;
    else c = vrt__canonical_compare(&d->a, i, &d->b, j);
    if (c == 0) {
      i = d->a.nodes[i].end_index;
      j = d->b.nodes[j].end_index;
      pi++;
      pj++;
    } else if (c < 0) {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_REMOVED, VRT_DIFF_STEP_MEMBER, i, VRT_NONE, pi++,
                VRT_NONE);
      i = d->a.nodes[i].end_index;
    } else {
      vrt__pend(d, w, VRT__WORK_EMIT, VRT_DIFF_INSERTED, VRT_DIFF_STEP_MEMBER, VRT_NONE, j, VRT_NONE,
                pj++);
      j = d->b.nodes[j].end_index;
    }
  }
}

/* ------------------------------------------------------------------------------------------- */
/* The walk                                                                                     */
/* ------------------------------------------------------------------------------------------- */

static void vrt__compare(vrt__diff *d, const vrt__work *w) {
  const vrt_node *x = &d->a.nodes[w->a], *y = &d->b.nodes[w->b];
  if (vrt__same_bytes(&d->a, w->a, &d->b, w->b)) return;
  if (x->some_depth != y->some_depth) {
    vrt__add_edit(d, VRT_DIFF_CHANGED, w->step, w->a, w->b);
    return;
  }
  if (x->tag != y->tag) {
    bool one_kind = vrt__category(x->tag) == vrt__category(y->tag) || x->tag == VRT_TAG_NIL ||
                    y->tag == VRT_TAG_NIL;
    vrt__add_edit(d, one_kind ? VRT_DIFF_CHANGED : VRT_DIFF_TYPE_CHANGED, w->step, w->a, w->b);
    return;
  }
  switch (x->tag) {
  case VRT_TAG_DOUBLE: {
    if (d->tolerance > 0) {
      double p = vrt__double_at(&d->a, w->a), q = vrt__double_at(&d->b, w->b);
      if (fabs(p - q) <= d->tolerance) return;
    }
    vrt__add_edit(d, VRT_DIFF_CHANGED, w->step, w->a, w->b);
    return;
  }
  case VRT_TAG_OPAQUE: {
    /* Different type names are different types. */
    const uint8_t *p = d->a.bytes + x->offset + x->some_depth, *q = d->b.bytes + y->offset + y->some_depth;
    bool same_type = vrt__strings_equal(p, 0, q, 0); /* the type name is written like a STRING body */
    vrt__add_edit(d, same_type ? VRT_DIFF_CHANGED : VRT_DIFF_TYPE_CHANGED, w->step, w->a, w->b);
    return;
  }
  case VRT_TAG_STRUCT:
  case VRT_TAG_OBJECT:
  case VRT_TAG_ENUM:
    if (!vrt__strings_equal(d->a.bytes, x->name_offset, d->b.bytes, y->name_offset)) {
      vrt__add_edit(d, VRT_DIFF_TYPE_CHANGED, w->step, w->a, w->b);
      return;
    }
    if (x->tag == VRT_TAG_ENUM &&
        !vrt__strings_equal(d->a.bytes, vrt__case_offset(&d->a, w->a), d->b.bytes,
                            vrt__case_offset(&d->b, w->b))) {
      vrt__add_edit(d, VRT_DIFF_CHANGED, w->step, w->a, w->b);
      return;
    }
    vrt__diff_fields(d, w);
    break;
  case VRT_TAG_TUPLE: vrt__diff_fields(d, w); break;
  case VRT_TAG_ARRAY: vrt__diff_array(d, w); break;
  case VRT_TAG_SET: vrt__diff_set(d, w); break;
  case VRT_TAG_DICT: vrt__diff_dictionary(d, w); break;
  default:
    vrt__add_edit(d, VRT_DIFF_CHANGED, w->step, w->a, w->b);
    return;
  }
  vrt__flush_pending(d);
}

vrt_status vrt_diff(const uint8_t *a, size_t a_length, const vrt_node_table *a_nodes,
                    const uint8_t *b, size_t b_length, const vrt_node_table *b_nodes,
                    const vrt_diff_options *options, vrt_diff_result *out) {
  if (!a_nodes || !b_nodes || !out || (!a && a_length) || (!b && b_length)) return VRT_ERR_NULL_ARGUMENT;
  if (options && options->identity_label_length && !options->identity_label) return VRT_ERR_NULL_ARGUMENT;
  if (!a_nodes->count || !b_nodes->count || !a_nodes->nodes || !b_nodes->nodes ||
      a_nodes->nodes[0].length != a_length || b_nodes->nodes[0].length != b_length ||
      a_nodes->nodes[0].offset != 0 || b_nodes->nodes[0].offset != 0) {
    return VRT_ERR_INVALID_ARGUMENT;
  }
  vrt_diff_options defaults;
  memset(&defaults, 0, sizeof defaults);
  if (!options) options = &defaults;
  if (options->ignored_count > VRT_DIFF_MAX_IGNORED_PATHS) return VRT_ERR_TOO_LARGE;
  if ((options->ignored_count && !options->ignored) ||
      (options->ignored_label_count && !options->ignored_labels)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  memset(out, 0, sizeof *out);

  vrt__diff d;
  memset(&d, 0, sizeof d);
  d.a = (vrt__side){a, a_nodes->nodes};
  d.b = (vrt__side){b, b_nodes->nodes};
  d.tolerance = options->float_tolerance > 0 ? options->float_tolerance : 0; /* NaN -> 0 */
  d.flags = options->flags;
  d.max_edits = options->max_edits;
  d.identity = options->identity_label_length ? options->identity_label : NULL;
  d.identity_length = d.identity ? options->identity_label_length : 0;
  d.labels = options->ignored_labels;
  d.label_count = options->ignored_label_count;
  d.ignored = options->ignored;
  d.ignored_count = options->ignored_count;
  d.out = out;

  uint64_t alive = 0;
  for (size_t i = 0; i < d.ignored_count; i++) {
    if (d.ignored[i].count == 0) return VRT_OK; /* the root is ignored: nothing differs */
    if (!d.ignored[i].steps) return VRT_ERR_NULL_ARGUMENT;
    alive |= UINT64_C(1) << i;
  }
  if (!vrt__diff_reserve((void **)&d.work, &d.work_capacity, 1, sizeof(vrt__work))) {
    return VRT_ERR_OUT_OF_MEMORY;
  }
  d.work[d.work_count++] = (vrt__work){VRT__WORK_COMPARE, 0, 0, VRT_NONE, 0, 0, alive};
  while (d.work_count && !d.failed) {
    vrt__work w = d.work[--d.work_count];
    if (w.type == VRT__WORK_EMIT) vrt__add_edit(&d, w.kind, w.step, w.a, w.b);
    else vrt__compare(&d, &w);
  }
  free(d.work);
  free(d.pending);
  if (d.failed) {
    vrt_diff_result_free(out);
    return VRT_ERR_OUT_OF_MEMORY;
  }
  return VRT_OK;
}

void vrt_diff_result_free(vrt_diff_result *result) {
  if (!result) return;
  free(result->edits);
  free(result->steps);
  memset(result, 0, sizeof *result);
}
