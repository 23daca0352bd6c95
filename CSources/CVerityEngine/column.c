/*
 * column.c — argument-hash columns: for one method and one argument position, 32 bits of the
 * argument's hash per call of the method (vrt__column in log_internal.h), built by the scans with
 * an EQ argument once they repeat on a method and extended by later ones.
 */
#include "xxh.h"

#include "query_internal.h"

vrt__column *vrt__column_find(const vrt__method *md, uint32_t position) {
  for (uint32_t c = 0; c < md->column_count; c++) {
    if (md->columns[c].position == position) return &md->columns[c];
  }
  return NULL;
}

/**
 * The column of (`md`, `position`), created or extended to cover every call in the method's
 * vector (which must be up to date). NULL when out of memory or when the method has no calls yet:
 * the column is only a filter, so the caller then scans without it (a column already built keeps
 * its filled entries and is extended by a later query).
 */
const uint32_t *vrt__column_update(vrt_log *log, vrt__method *md, uint32_t position) {
  vrt__column *col = vrt__column_find(md, position);
  if (col == NULL) {
    if (md->column_count == md->column_capacity) {
      void *columns = md->columns;
      if (!vrt__log_grow(log, &columns, &md->column_capacity, md->column_capacity + 1,
                         sizeof(vrt__column), 2)) {
        return NULL;
      }
      md->columns = (vrt__column *)columns;
    }
    col = &md->columns[md->column_count++];
    memset(col, 0, sizeof *col);
    col->position = position;
  }
  const uint32_t n = md->call_count;
  if (col->count == n) return col->hashes;
  if (n > col->capacity) {
    /* First build: exactly the calls so far; later extensions double. */
    void *hashes = col->hashes;
    size_t minimum = col->capacity == 0 ? n : 16;
    if (!vrt__log_grow(log, &hashes, &col->capacity, n, sizeof(uint32_t), minimum)) return NULL;
    col->hashes = (uint32_t *)hashes;
  }
  uint32_t *hashes = col->hashes;
  const uint32_t *calls = md->calls;
  const bool dense = n == log->count; /* every call is of this method: calls[k] == k */
  const uint32_t none = vrt__arg_hash(log, NULL, 0);
  vrt__cursor cur = {0};
  for (uint32_t k = col->count; k < n; k++) {
    const uint32_t index = dense ? k : calls[k];
    const uint32_t slot = vrt__cursor_slot(log, &cur, index);
    const uint8_t *a = cur.args[slot];
    size_t offset, size;
    hashes[k] = vrt__arg_at(a, cur.lengths[slot], cur.meta[slot] & 0xFFu, position, &offset, &size)
                    ? vrt__arg_hash(log, a + offset, size)
                    : none;
  }
  col->count = n;
  return hashes;
}

/** The EQ argument a scan filters on: one whose column already exists (no new memory), else the
 *  first EQ argument. `q` must have an EQ argument. */
uint32_t vrt__column_position(const vrt__method *md, const vrt__query *q) {
  uint32_t first = VRT_NONE;
  for (uint32_t i = 0; i < q->argc; i++) {
    if (q->pattern->args[i].kind != VRT_ARG_EQ) continue;
    if (vrt__column_find(md, i) != NULL) return i;
    if (first == VRT_NONE) first = i;
  }
  return first;
}
