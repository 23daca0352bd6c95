/*
 * diff_ignore.c — the diff options that hide differences: labels ignored wherever they appear,
 * and ignored paths (patterns of steps, `*` for any step), decided one step at a time as the walk
 * of diff.c goes down.
 */
#include "diff_internal.h"

/* ------------------------------------------------------------------------------------------- */
/* Ignored paths                                                                                */
/* ------------------------------------------------------------------------------------------- */

/** Whether pattern step `p` matches the step (kind, a, b, ai, bi). */
static bool vrt__pattern_matches(const vrt__diff *d, const vrt_diff_pattern_step *p, uint32_t kind,
                                 uint32_t a, uint32_t b, uint32_t ai, uint32_t bi) {
  switch (p->kind) {
  case VRT_DIFF_MATCH_ANY: return true;
  case VRT_DIFF_MATCH_INDEX: return kind == VRT_DIFF_STEP_INDEX && (ai == p->index || bi == p->index);
  case VRT_DIFF_MATCH_FIELD: {
    if (kind != VRT_DIFF_STEP_FIELD) return false;
    const vrt__side *s = a != VRT_NONE ? &d->a : &d->b;
    uint32_t node = a != VRT_NONE ? a : b;
    size_t length;
    const uint8_t *text = vrt__string_at(s->bytes, s->nodes[node].label_offset, &length);
    return length == p->length && (length == 0 || memcmp(text, p->text, length) == 0);
  }
  case VRT_DIFF_MATCH_KEY: {
    if (kind != VRT_DIFF_STEP_KEY) return false;
    const vrt__side *s = a != VRT_NONE ? &d->a : &d->b;
    uint32_t key = s->nodes[a != VRT_NONE ? a : b].key_node;
    const vrt_node *k = &s->nodes[key];
    return k->length == p->length && memcmp(s->bytes + k->offset, p->text, p->length) == 0;
  }
  default: return false;
  }
}

/**
 * Decides whether the child reached by a step is ignored, and computes the patterns still alive
 * below it. Returns true when ignored.
 */
bool vrt__ignored(const vrt__diff *d, uint64_t alive, uint32_t depth, uint32_t kind, uint32_t a,
                  uint32_t b, uint32_t ai, uint32_t bi, uint64_t *out_alive) {
  if (kind == VRT_DIFF_STEP_FIELD) {
    for (size_t i = 0; i < d->label_count; i++) {
      if (vrt__pattern_matches(d, &d->labels[i], kind, a, b, ai, bi)) return true;
    }
  }
  uint64_t next = 0;
  while (alive) {
    unsigned i = vrt__ctz64(alive);
    alive &= alive - 1;
    const vrt_diff_ignored_path *path = &d->ignored[i];
    if (path->count <= depth) continue;
    if (!vrt__pattern_matches(d, &path->steps[depth], kind, a, b, ai, bi)) continue;
    if (path->count == (size_t)depth + 1) return true;
    next |= UINT64_C(1) << i;
  }
  *out_alive = next;
  return false;
}
