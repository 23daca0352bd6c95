/*
 * hash.c — vrt_hash_bytes: seeded XXH3-64 with the VRT_HASH_CONSTANT test seam.
 */
#include "xxh.h"

#include "verity_engine.h"

uint64_t vrt_hash_bytes(const void *bytes, size_t length, const vrt_hash_options *options) {
  uint64_t seed = 0;
  if (options != NULL) {
    if (options->flags & VRT_HASH_CONSTANT) return options->constant;
    seed = options->seed;
  }
  /* Contract violation (NULL with a length): hash the empty input rather than read NULL. */
  if (bytes == NULL) length = 0;
  return XXH3_64bits_withSeed(bytes, length, seed);
}
