/*
 * vrt_ptr_map.h — a lock-free map from pointers to pointers.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_PTR_MAP_H
#define VRT_PTR_MAP_H

#include <stddef.h>
#include "vrt_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Pointer map (what the dynamic path learned about a type, read without a lock)                */
/* ------------------------------------------------------------------------------------------- */

/**
 * A map from non-NULL pointers to non-NULL pointers with a fixed capacity, for process-lifetime
 * caches keyed by type metadata. Any number of threads may read it while others add to it, with no
 * lock: a reader sees an entry once its adder has returned, or misses it (never a half-written
 * one), so a miss must be answered by the caller's own slower path. Entries are never replaced or
 * removed; the map owns no value (the caller keeps each value alive while the map lives).
 *
 * vrt_ptr_map_create: a map for at least `capacity` entries (at most 2^24; a larger capacity
 * gives VRT_ERR_TOO_LARGE); writes it to `*out`. Errors: NULL_ARGUMENT, OUT_OF_MEMORY.
 * vrt_ptr_map_free: frees the map (no reader or adder may be using it). NULL is a no-op.
 * vrt_ptr_map_get: the value of `key`, or NULL when absent (also for a NULL map or key).
 * vrt_ptr_map_add: maps `key` to `value` unless `key` has a value already. Returns the value `key`
 *   now has: `value` when it was added, the earlier value when there was one, and NULL when the
 *   map is full or an argument is NULL (nothing added). Two adders racing on one key may both
 *   add theirs (each is returned its own), into two slots; readers only ever see the one in the
 *   slot a probe reaches first (not necessarily the one added first), never the other.
 */
typedef struct vrt_ptr_map vrt_ptr_map;
vrt_status vrt_ptr_map_create(size_t capacity, vrt_ptr_map **out);
void vrt_ptr_map_free(vrt_ptr_map *map);
const void *vrt_ptr_map_get(const vrt_ptr_map *map, const void *key);
const void *vrt_ptr_map_add(vrt_ptr_map *map, const void *key, const void *value);

#ifdef __cplusplus
}
#endif

#endif /* VRT_PTR_MAP_H */
