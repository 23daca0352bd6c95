/*
 * ptr_map.c — a fixed-capacity pointer map read without a lock (see vrt_ptr_map in the header).
 *
 * Open addressing with linear probing over slots of two atomic words. An adder claims an empty
 * slot by a compare-and-swap of its value word (0 to the value), then publishes the key with a
 * release store; a reader acquires the key, so a key it finds always comes with its value. A slot
 * whose value is claimed but whose key is not yet published reads as empty: the reader misses, and
 * the caller's slow path answers. The map is never more than half full, so every probe ends at an
 * empty slot.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "verity_engine.h"

typedef struct vrt__ptr_slot {
  _Atomic(uintptr_t) key;
  _Atomic(uintptr_t) value;
} vrt__ptr_slot;

struct vrt_ptr_map {
  size_t mask;                 /* slot count - 1 (a power of two) */
  size_t limit;                /* entries allowed: half the slots */
  _Atomic(size_t) count;       /* entries added or being added */
  vrt__ptr_slot *slots;
};

enum { VRT__PTR_MAP_MAX = 1u << 24 };

/* Fibonacci hashing of the pointer: metadata addresses share their low bits (alignment). */
static size_t vrt__ptr_home(const vrt_ptr_map *map, uintptr_t key) {
  uint64_t mixed = (uint64_t)key * UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(mixed >> 32) & map->mask;
}

vrt_status vrt_ptr_map_create(size_t capacity, vrt_ptr_map **out) {
  if (out == NULL) return VRT_ERR_NULL_ARGUMENT;
  *out = NULL;
  if (capacity > VRT__PTR_MAP_MAX) return VRT_ERR_TOO_LARGE;
  size_t slots = 16;
  while (slots < capacity * 2) slots *= 2;
  vrt_ptr_map *map = (vrt_ptr_map *)malloc(sizeof *map);
  if (map == NULL) return VRT_ERR_OUT_OF_MEMORY;
  map->slots = (vrt__ptr_slot *)calloc(slots, sizeof *map->slots);
  if (map->slots == NULL) {
    free(map);
    return VRT_ERR_OUT_OF_MEMORY;
  }
  for (size_t i = 0; i < slots; i++) {
    atomic_init(&map->slots[i].key, 0);
    atomic_init(&map->slots[i].value, 0);
  }
  map->mask = slots - 1;
  map->limit = slots / 2;
  atomic_init(&map->count, 0);
  *out = map;
  return VRT_OK;
}

void vrt_ptr_map_free(vrt_ptr_map *map) {
  if (map == NULL) return;
  free(map->slots);
  free(map);
}

const void *vrt_ptr_map_get(const vrt_ptr_map *map, const void *key) {
  if (map == NULL || key == NULL) return NULL;
  uintptr_t wanted = (uintptr_t)key;
  for (size_t s = vrt__ptr_home(map, wanted);; s = (s + 1) & map->mask) {
    /* The map is const to readers; the atomics are read, never written, here. */
    vrt__ptr_slot *slot = &map->slots[s];
    uintptr_t found = atomic_load_explicit(&slot->key, memory_order_acquire);
    if (found == wanted) return (const void *)atomic_load_explicit(&slot->value, memory_order_relaxed);
    if (found == 0) return NULL;
  }
}

const void *vrt_ptr_map_add(vrt_ptr_map *map, const void *key, const void *value) {
  if (map == NULL || key == NULL || value == NULL) return NULL;
  uintptr_t wanted = (uintptr_t)key;
  const void *earlier = vrt_ptr_map_get(map, key);
  if (earlier != NULL) return earlier;
  if (atomic_fetch_add_explicit(&map->count, 1, memory_order_relaxed) >= map->limit) {
    atomic_fetch_sub_explicit(&map->count, 1, memory_order_relaxed);
    return NULL;
  }
  for (size_t s = vrt__ptr_home(map, wanted);; s = (s + 1) & map->mask) {
    vrt__ptr_slot *slot = &map->slots[s];
    uintptr_t found = atomic_load_explicit(&slot->key, memory_order_acquire);
    if (found == wanted) {
      /* Another adder published this key meanwhile: its value stands; the slot counted is freed. */
      atomic_fetch_sub_explicit(&map->count, 1, memory_order_relaxed);
      return (const void *)atomic_load_explicit(&slot->value, memory_order_relaxed);
    }
    if (found != 0) continue;
    uintptr_t empty = 0;
    if (atomic_compare_exchange_strong_explicit(&slot->value, &empty, (uintptr_t)value, memory_order_relaxed,
                                                memory_order_relaxed)) {
      atomic_store_explicit(&slot->key, wanted, memory_order_release);
      return value;
    }
    /* Claimed by another adder whose key is not published yet: probe on. */
  }
}
