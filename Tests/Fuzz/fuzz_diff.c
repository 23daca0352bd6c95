/*
 * fuzz_diff.c — the structural diff on pairs of arbitrary (and mutated) structures.
 *
 * Input: one option byte, a two-byte split point, then the bytes of `a` and `b`. Pairs that are
 * not two valid structures are skipped (the reader has its own target). Checks: a value has no
 * difference from itself under any options; with exact options a pair differs exactly when its
 * bytes differ; every edit and step names nodes that exist on the sides it claims, steps point to
 * earlier parents, kinds are known, the edit limit holds and totals count every edit; forcing
 * every hash to one constant changes no result.
 */
#include <stdlib.h>

#include "verity_engine.h"
#include "fuzz_check.h"

static void check_result(const vrt_diff_result *r, const vrt_node_table *ta, const vrt_node_table *tb,
                         size_t max_edits) {
  uint64_t totals = r->changed + r->type_changed + r->inserted + r->removed + r->moved;
  CHECK(totals >= r->edit_count);
  if (!r->truncated) CHECK(totals == r->edit_count);
  if (max_edits) CHECK(r->edit_count <= max_edits);
  for (size_t i = 0; i < r->step_count; i++) {
    const vrt_diff_step *s = &r->steps[i];
    CHECK(s->parent == VRT_NONE || s->parent < i);
    CHECK(s->kind >= VRT_DIFF_STEP_FIELD && s->kind <= VRT_DIFF_STEP_MEMBER);
    CHECK(s->a_node != VRT_NONE || s->b_node != VRT_NONE);
    if (s->a_node != VRT_NONE) CHECK(s->a_node > 0 && s->a_node < ta->count);
    if (s->b_node != VRT_NONE) CHECK(s->b_node > 0 && s->b_node < tb->count);
  }
  for (size_t i = 0; i < r->edit_count; i++) {
    const vrt_diff_edit *e = &r->edits[i];
    CHECK(e->step == VRT_NONE || e->step < r->step_count);
    switch (e->kind) {
    case VRT_DIFF_CHANGED:
    case VRT_DIFF_TYPE_CHANGED:
    case VRT_DIFF_MOVED:
      CHECK(e->a_node < ta->count && e->b_node < tb->count);
      break;
    case VRT_DIFF_INSERTED:
      CHECK(e->a_node == VRT_NONE && e->b_node < tb->count);
      break;
    case VRT_DIFF_REMOVED:
      CHECK(e->b_node == VRT_NONE && e->a_node < ta->count);
      break;
    default:
      CHECK(0);
    }
    if (e->step != VRT_NONE) {
      const vrt_diff_step *s = &r->steps[e->step];
      CHECK(e->a_node == VRT_NONE || e->a_node == s->a_node);
      CHECK(e->b_node == VRT_NONE || e->b_node == s->b_node);
    } else {
      CHECK(e->a_node == 0 && e->b_node == 0);
    }
  }
}

static int same_result(const vrt_diff_result *x, const vrt_diff_result *y) {
  if (x->edit_count != y->edit_count || x->changed != y->changed || x->inserted != y->inserted ||
      x->removed != y->removed || x->type_changed != y->type_changed || x->moved != y->moved) {
    return 0;
  }
  for (size_t i = 0; i < x->edit_count; i++) {
    if (x->edits[i].kind != y->edits[i].kind || x->edits[i].a_node != y->edits[i].a_node ||
        x->edits[i].b_node != y->edits[i].b_node) {
      return 0;
    }
  }
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 5) return 0;
  uint8_t flags = data[0];
  size_t rest = size - 3;
  size_t split = (((size_t)data[1] << 8) | data[2]) % (rest + 1);
  const uint8_t *a = data + 3, *b = data + 3 + split;
  size_t an = split, bn = rest - split;
  vrt_node_table ta, tb;
  if (vrt_node_table_build(a, an, NULL, &ta) != VRT_OK) return 0;
  if (vrt_node_table_build(b, bn, NULL, &tb) != VRT_OK) {
    vrt_node_table_free(&ta);
    return 0;
  }
  static const uint8_t id[] = "id";
  static const vrt_diff_pattern_step any_then_index[] = {{VRT_DIFF_MATCH_ANY, 0, NULL, 0},
                                                         {VRT_DIFF_MATCH_INDEX, 1, NULL, 0}};
  static const vrt_diff_ignored_path ignored[] = {{any_then_index, 2}};
  vrt_diff_options options;
  memset(&options, 0, sizeof options);
  if (flags & 1) options.flags |= VRT_DIFF_UNORDERED_ARRAYS;
  if (flags & 2) options.float_tolerance = 0.5;
  if (flags & 4) {
    options.identity_label = id;
    options.identity_label_length = 2;
  }
  if (flags & 8) options.max_edits = 3;
  if (flags & 16) {
    options.ignored = ignored;
    options.ignored_count = 1;
  }
  bool exact = (flags & (1 | 2 | 16)) == 0; /* unordered, tolerant or ignoring: equal may hide byte differences */

  vrt_diff_result self;
  CHECK(vrt_diff(a, an, &ta, a, an, &ta, &options, &self) == VRT_OK);
  CHECK(self.edit_count == 0 && self.changed + self.type_changed + self.inserted + self.removed + self.moved == 0);
  vrt_diff_result_free(&self);

  vrt_diff_result r;
  CHECK(vrt_diff(a, an, &ta, b, bn, &tb, &options, &r) == VRT_OK);
  check_result(&r, &ta, &tb, options.max_edits);
  uint64_t totals = r.changed + r.type_changed + r.inserted + r.removed + r.moved;
  int equal_bytes = an == bn && memcmp(a, b, an) == 0;
  if (exact) CHECK((totals == 0) == equal_bytes);

  /* Forced collisions: same result. */
  vrt_hash_options constant = {0, VRT_HASH_CONSTANT, 7};
  vrt_node_table ca, cb;
  CHECK(vrt_node_table_build(a, an, &constant, &ca) == VRT_OK);
  CHECK(vrt_node_table_build(b, bn, &constant, &cb) == VRT_OK);
  vrt_diff_result c;
  CHECK(vrt_diff(a, an, &ca, b, bn, &cb, &options, &c) == VRT_OK);
  CHECK(same_result(&r, &c));
  vrt_diff_result_free(&c);
  vrt_node_table_free(&ca);
  vrt_node_table_free(&cb);

  vrt_diff_result_free(&r);
  vrt_node_table_free(&ta);
  vrt_node_table_free(&tb);
  return 0;
}
