/*
 * vrt_hash.h — hashing, shared by node tables and call logs.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_HASH_H
#define VRT_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Hashing                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/** Hash configuration shared by node tables and call logs.
 *  Node hashes: a scalar's is XXH3-64 of its bytes (SOME prefixes included) with `seed`; a
 *  container's folds, in order, the XXH3 of its type-name / case-name / label STRINGs and its
 *  children's hashes into an order-dependent accumulator, finished by XXH3 over (accumulator,
 *  child count, tag), so a parent's hash covers its whole subtree.
 *  `flags & VRT_HASH_CONSTANT` is a test seam: every hash becomes `constant`, so tests can force
 *  collisions and check that memcmp, not the hash, decides equality. */
typedef struct vrt_hash_options {
  uint64_t seed;
  uint32_t flags;
  uint64_t constant;
} vrt_hash_options;

#define VRT_HASH_CONSTANT 0x1u

/** XXH3-64 of `length` bytes with `options` (NULL: seed 0, no flags). `bytes` may be NULL only if
 *  `length` is 0. */
uint64_t vrt_hash_bytes(const void *bytes, size_t length, const vrt_hash_options *options);

#ifdef __cplusplus
}
#endif

#endif /* VRT_HASH_H */
