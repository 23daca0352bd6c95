/*
 * diff_internal.h — what the parts of the structural diff share (not part of the API): the walk's
 * state, the node helpers every part inlines, and the functions one part calls in another.
 *
 *   diff.c         the walk: the work stack, the output (steps and edits), fields, dictionaries,
 *                  sets, and vrt_diff itself
 *   diff_array.c   arrays: alignment on element hashes or identity keys, moves, pairing
 *   diff_ignore.c  the options that hide differences: ignored labels and ignored paths
 */
#ifndef VERITY_ENGINE_DIFF_INTERNAL_H
#define VERITY_ENGINE_DIFF_INTERNAL_H

#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------------------------------- */
/* State                                                                                        */
/* ------------------------------------------------------------------------------------------- */

enum { VRT__WORK_COMPARE = 0, VRT__WORK_EMIT = 1 };

typedef struct vrt__work {
  uint32_t type;  /* COMPARE or EMIT */
  uint32_t a, b;  /* nodes (EMIT: one of them is VRT_NONE) */
  uint32_t step;  /* the step that reached this pair */
  uint32_t depth; /* steps from the root */
  uint32_t kind;  /* EMIT: the edit kind */
  uint64_t alive; /* ignored paths whose first `depth` steps match the path so far */
} vrt__work;

typedef struct vrt__side {
  const uint8_t *bytes;
  const vrt_node *nodes;
} vrt__side;

typedef struct vrt__diff {
  vrt__side a, b;
  double tolerance;
  uint32_t flags;
  size_t max_edits;
  const uint8_t *identity;
  size_t identity_length;
  const vrt_diff_pattern_step *labels;
  size_t label_count;
  const vrt_diff_ignored_path *ignored;
  size_t ignored_count;

  vrt_diff_result *out;
  size_t edit_capacity, step_capacity;
  vrt__work *work;
  size_t work_count, work_capacity;
  /* The children of the container being compared, before they go on the stack in reverse. */
  vrt__work *pending;
  size_t pending_count, pending_capacity;
  bool failed;
} vrt__diff;

/* ------------------------------------------------------------------------------------------- */
/* Node helpers                                                                                 */
/* ------------------------------------------------------------------------------------------- */

static inline bool vrt__same_bytes(const vrt__side *x, uint32_t i, const vrt__side *y, uint32_t j) {
  const vrt_node *p = &x->nodes[i], *q = &y->nodes[j];
  return p->hash == q->hash && p->length == q->length &&
         memcmp(x->bytes + p->offset, y->bytes + q->offset, p->length) == 0;
}

/** The STRING at `offset` (a label, type name or case name): its text and length. */
static inline const uint8_t *vrt__string_at(const uint8_t *bytes, uint32_t offset, size_t *length) {
  uint64_t n = 0;
  size_t used = 0;
  /* The node table validated the structure, so the varint is well formed and in bounds. */
  (void)vrt_read_varint(bytes + offset + 1, 10, &n, &used);
  *length = (size_t)n;
  return bytes + offset + 1 + used;
}

static inline bool vrt__strings_equal(const uint8_t *x, uint32_t xo, const uint8_t *y, uint32_t yo) {
  size_t xl, yl;
  const uint8_t *xs = vrt__string_at(x, xo, &xl), *ys = vrt__string_at(y, yo, &yl);
  return xl == yl && memcmp(xs, ys, xl) == 0;
}

/** Scalar categories: values of one category differ in value, of two categories in type. */
static inline int vrt__category(uint8_t tag) {
  switch (tag) {
  case VRT_TAG_FALSE:
  case VRT_TAG_TRUE: return VRT_TAG_TRUE;
  case VRT_TAG_UINT:
  case VRT_TAG_NINT: return VRT_TAG_UINT;
  default: return tag;
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Across the parts                                                                             */
/* ------------------------------------------------------------------------------------------- */

/* diff.c */

/** Grows `*array` to hold `needed` items of `size` bytes (doubling); false when memory ran out. */
bool vrt__diff_reserve(void **array, size_t *capacity, size_t needed, size_t size);

/** Queues a comparison of two children, or an insertion / removal, unless the path is ignored or
 *  (for a comparison) the two are equal. */
void vrt__pend(vrt__diff *d, const vrt__work *parent, uint32_t type, uint32_t edit_kind,
               uint32_t step_kind, uint32_t a, uint32_t b, uint32_t ai, uint32_t bi);

/** The direct children of `node` into `list` (grown as needed); SIZE_MAX when memory ran out.
 *  Inline: the field and array walks of diff.c and diff_array.c call it for every pair. */
static inline size_t vrt__children(vrt__diff *d, const vrt__side *s, uint32_t node,
                                   uint32_t **list, size_t *capacity) {
  const vrt_node *n = &s->nodes[node];
  if (!vrt__diff_reserve((void **)list, capacity, n->child_count + 1, sizeof(uint32_t))) {
    d->failed = true;
    return SIZE_MAX;
  }
  size_t count = 0;
  for (uint32_t c = node + 1; c < n->end_index; c = s->nodes[c].end_index) (*list)[count++] = c;
  return count;
}

/* diff_ignore.c */

/** Whether the child a step reaches is ignored; otherwise the ignored paths still alive below it. */
bool vrt__ignored(const vrt__diff *d, uint64_t alive, uint32_t depth, uint32_t kind, uint32_t a,
                  uint32_t b, uint32_t ai, uint32_t bi, uint64_t *out_alive);

/* diff_array.c */

/** Compares two arrays: aligns their elements, then queues changes, moves, insertions, removals. */
void vrt__diff_array(vrt__diff *d, const vrt__work *w);

#endif /* VERITY_ENGINE_DIFF_INTERNAL_H */
