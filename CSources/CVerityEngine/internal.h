/*
 * internal.h — private helpers shared by the engine's translation units (not part of the API).
 *
 * Everything here is `static inline` so each .c file gets its own copy; no symbol is exported.
 */
#ifndef VERITY_ENGINE_INTERNAL_H
#define VERITY_ENGINE_INTERNAL_H

#include "verity_engine.h"

/* ------------------------------------------------------------------------------------------- */
/* Bit helpers (builtins only as an optimization; the portable paths are equivalent)           */
/* ------------------------------------------------------------------------------------------- */

static inline uint64_t vrt__rotl64(uint64_t x, unsigned r) {
  return (x << (r & 63u)) | (x >> ((64u - r) & 63u));
}

/** Number of set bits. */
static inline unsigned vrt__popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned)__builtin_popcountll(x);
#else
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
  return (unsigned)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/** Index of the lowest set bit; `x` must not be 0. */
static inline unsigned vrt__ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned)__builtin_ctzll(x);
#else
  unsigned n = 0;
  while ((x & 1u) == 0) {
    x >>= 1;
    n++;
  }
  return n;
#endif
}

/** floor(log2(x)); `x` must not be 0. */
static inline unsigned vrt__log2_64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return 63u - (unsigned)__builtin_clzll(x);
#else
  unsigned n = 0;
  while (x >>= 1) n++;
  return n;
#endif
}

/** A hint that `address` will be read soon (no effect where the compiler has no builtin). */
static inline void vrt__prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  (void)address;
#endif
}

static inline uint32_t vrt__load_le32(const uint8_t *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline void vrt__store_le32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

static inline void vrt__store_le64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* ------------------------------------------------------------------------------------------- */
/* Varints and value sizes (header-only reads)                                                  */
/* ------------------------------------------------------------------------------------------- */

/** Decodes an unsigned LEB128 varint from at most `avail` bytes: TRUNCATED when the bytes run out,
 *  MALFORMED when it is longer than 10 bytes, overflows 64 bits or is over-long. */
static inline vrt_status vrt__varint(const uint8_t *p, size_t avail, uint64_t *out_value,
                                     size_t *out_used) {
  if (avail > 0 && p[0] < 0x80) {
    *out_value = p[0];
    *out_used = 1;
    return VRT_OK;
  }
  uint64_t value = 0;
  for (size_t i = 0; i < 10; i++) {
    if (i >= avail) return VRT_ERR_TRUNCATED;
    uint8_t b = p[i];
    if (i == 9 && b > 1) return VRT_ERR_MALFORMED; /* 64 bits hold only 1 more bit, no more bytes */
    value |= (uint64_t)(b & 0x7Fu) << (7u * (unsigned)i);
    if ((b & 0x80u) == 0) {
      if (b == 0 && i > 0) return VRT_ERR_MALFORMED; /* over-long form */
      *out_value = value;
      *out_used = i + 1;
      return VRT_OK;
    }
  }
  return VRT_ERR_MALFORMED;
}

/** Reads `varint(n)` followed by `n` bytes (STRING, BYTES, half of OPAQUE); writes the total size. */
static inline vrt_status vrt__sized_run(const uint8_t *p, size_t avail, size_t *out_size) {
  uint64_t n;
  size_t used;
  vrt_status st = vrt__varint(p, avail, &n, &used);
  if (st != VRT_OK) return st;
  if (n > (uint64_t)(avail - used)) return VRT_ERR_TRUNCATED;
  *out_size = used + (size_t)n;
  return VRT_OK;
}

/** Size of the value at `p` (header only, SOME prefixes followed); see vrt_value_size. */
static inline vrt_status vrt__value_size(const uint8_t *p, size_t avail, size_t *out_size) {
  size_t prefix = 0;
  for (;;) {
    if (prefix >= avail) return VRT_ERR_TRUNCATED;
    uint8_t tag = p[prefix];
    const uint8_t *q = p + prefix;
    size_t rest = avail - prefix;
    size_t size;
    vrt_status st;
    switch (tag) {
    case VRT_TAG_NIL:
    case VRT_TAG_FALSE:
    case VRT_TAG_TRUE:
      *out_size = prefix + 1;
      return VRT_OK;
    case VRT_TAG_UINT:
    case VRT_TAG_NINT:
    case VRT_TAG_BACKREF: {
      uint64_t v;
      size_t used;
      st = vrt__varint(q + 1, rest - 1, &v, &used);
      if (st != VRT_OK) return st;
      *out_size = prefix + 1 + used;
      return VRT_OK;
    }
    case VRT_TAG_DOUBLE:
      if (rest < 9) return VRT_ERR_TRUNCATED;
      *out_size = prefix + 9;
      return VRT_OK;
    case VRT_TAG_STRING:
    case VRT_TAG_BYTES:
      st = vrt__sized_run(q + 1, rest - 1, &size);
      if (st != VRT_OK) return st;
      *out_size = prefix + 1 + size;
      return VRT_OK;
    case VRT_TAG_OPAQUE: {
      size_t second;
      st = vrt__sized_run(q + 1, rest - 1, &size);
      if (st != VRT_OK) return st;
      st = vrt__sized_run(q + 1 + size, rest - 1 - size, &second);
      if (st != VRT_OK) return st;
      *out_size = prefix + 1 + size + second;
      return VRT_OK;
    }
    case VRT_TAG_SOME:
      prefix++;
      continue;
    case VRT_TAG_ARRAY:
    case VRT_TAG_SET:
    case VRT_TAG_DICT:
    case VRT_TAG_STRUCT:
    case VRT_TAG_ENUM:
    case VRT_TAG_OBJECT:
    case VRT_TAG_TUPLE: {
      if (rest < VRT_CONTAINER_HEADER) return VRT_ERR_TRUNCATED;
      uint32_t payload = vrt__load_le32(q + 1);
      if (payload > VRT_MAX_PAYLOAD) return VRT_ERR_MALFORMED;
      if ((size_t)payload > rest - VRT_CONTAINER_HEADER) return VRT_ERR_TRUNCATED;
      *out_size = prefix + VRT_CONTAINER_HEADER + (size_t)payload;
      return VRT_OK;
    }
    default:
      return VRT_ERR_MALFORMED;
    }
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Hash mixing (node tables)                                                                    */
/* ------------------------------------------------------------------------------------------- */

/** Forces inlining of the small helpers of the scan loops (compilers otherwise keep some out of
 *  line, which costs a call per argument per recorded call). */
#if defined(__GNUC__) || defined(__clang__)
#define VRT__HOT static inline __attribute__((always_inline))
#else
#define VRT__HOT static inline
#endif

#define VRT__P1 UINT64_C(0x9E3779B185EBCA87)
#define VRT__P2 UINT64_C(0xC2B2AE3D27D4EB4F)
#define VRT__P3 UINT64_C(0x165667B19E3779F9)

/** Start state of a container's hash accumulator. */
static inline uint64_t vrt__mix_init(uint64_t seed, uint8_t tag) {
  return seed + VRT__P3 * ((uint64_t)tag + 1u);
}

/** One order-dependent round: folds `value` (a child's or a label's hash) into `acc`. */
static inline uint64_t vrt__mix_round(uint64_t acc, uint64_t value) {
  acc += value * VRT__P2;
  acc = vrt__rotl64(acc, 31);
  return acc * VRT__P1;
}

#endif /* VERITY_ENGINE_INTERNAL_H */
