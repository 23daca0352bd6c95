/*
 * fuzz_structure.c — the structure reader and node-table builder on arbitrary bytes.
 *
 * Checks: validation and the node-table build agree; a failed build leaves the table empty; every
 * node lies inside its parent and sizes itself as vrt_value_size says; end indices and depths are
 * consistent; building twice gives the same hashes; a subtree with no back-reference is a valid
 * structure on its own, with the same hash; equal subtree bytes have equal hashes.
 */
#include "verity_engine.h"
#include "fuzz_check.h"

static int subtree_has_backref(const vrt_node_table *t, size_t i) {
  for (size_t k = i; k < t->nodes[i].end_index; k++) {
    if (t->nodes[k].tag == VRT_TAG_BACKREF) return 1;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  vrt_status validated = vrt_validate(data, size);
  vrt_node_table t;
  vrt_status built = vrt_node_table_build(data, size, NULL, &t);
  CHECK(validated == built);
  if (built != VRT_OK) {
    CHECK(t.nodes == NULL && t.count == 0);
    return 0;
  }
  CHECK(t.count >= 1);
  const vrt_node *root = &t.nodes[0];
  CHECK(root->offset == 0 && root->length == size && root->depth == 0 && root->parent == VRT_NONE);
  CHECK(root->end_index == t.count);
  for (size_t i = 0; i < t.count; i++) {
    const vrt_node *n = &t.nodes[i];
    CHECK((size_t)n->offset + n->length <= size);
    CHECK(n->end_index > i && n->end_index <= t.count);
    size_t value_size = 0;
    CHECK(vrt_value_size(data + n->offset, size - n->offset, &value_size) == VRT_OK);
    CHECK(value_size == n->length);
    if (i > 0) {
      CHECK(n->parent < i);
      const vrt_node *p = &t.nodes[n->parent];
      CHECK(n->depth == p->depth + 1);
      CHECK(n->offset >= p->offset && n->offset + n->length <= p->offset + p->length);
      CHECK(i < p->end_index && n->end_index <= p->end_index);
    }
    if (i > 0 && i < 256 && !subtree_has_backref(&t, i)) {
      vrt_node_table sub;
      CHECK(vrt_node_table_build(data + n->offset, n->length, NULL, &sub) == VRT_OK);
      CHECK(sub.count == n->end_index - i);
      CHECK(sub.nodes[0].hash == n->hash);
      vrt_node_table_free(&sub);
    }
  }
  vrt_node_table again;
  CHECK(vrt_node_table_build(data, size, NULL, &again) == VRT_OK);
  CHECK(again.count == t.count);
  for (size_t i = 0; i < t.count; i++) CHECK(again.nodes[i].hash == t.nodes[i].hash);
  vrt_node_table_free(&again);
  /* Equal bytes, equal hashes (bounded: the first 64 nodes pairwise). */
  size_t bound = t.count < 64 ? t.count : 64;
  for (size_t i = 0; i < bound; i++) {
    for (size_t j = i + 1; j < bound; j++) {
      const vrt_node *a = &t.nodes[i], *b = &t.nodes[j];
      if (a->length == b->length && memcmp(data + a->offset, data + b->offset, a->length) == 0 &&
          !subtree_has_backref(&t, i) && !subtree_has_backref(&t, j)) {
        CHECK(a->hash == b->hash);
      }
    }
  }
  vrt_node_table_free(&t);
  return 0;
}
