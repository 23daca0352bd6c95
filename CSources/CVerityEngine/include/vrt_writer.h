/*
 * vrt_writer.h — the writer that builds structures.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_WRITER_H
#define VRT_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "vrt_status.h"
#include "vrt_format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Writer                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/**
 * Builds one or more structures into a growable byte buffer.
 *
 * The struct is public so that the scalar writes below can be inlined into Swift; its fields are
 * private: use the functions. Initialize with vrt_writer_init, release with vrt_writer_destroy.
 *
 * Errors are sticky: after an allocation failure or a misuse, `status` is set, every later write
 * is ignored, and vrt_writer_finish reports the status. This keeps the hot scalar writes free of
 * error plumbing.
 */
typedef struct vrt_writer {
  uint8_t *bytes;        /* private */
  size_t length;         /* private: bytes written */
  size_t capacity;       /* private */
  vrt_status status;     /* private: sticky error */
  size_t *open;          /* private: start offsets of open containers */
  size_t open_count;     /* private */
  size_t open_capacity;  /* private */
  void *identities;      /* private: object identity table (cycles, sharing budget) */
  uint32_t object_count; /* private: registered OBJECTs open around the write position */
  uint64_t allocations;     /* private: allocations attempted (test seam) */
  uint64_t fail_allocation; /* private: test seam, the allocation number that fails (0: none) */
} vrt_writer;

/** Initializes an empty writer. Does not allocate. `w` must not be NULL. */
void vrt_writer_init(vrt_writer *w);
/** Releases the writer's memory. NULL is a no-op. The writer may be re-initialized afterwards. */
void vrt_writer_destroy(vrt_writer *w);
/** Empties the writer (length 0, no open containers, no identities, status OK), keeping its
 *  capacity. NULL is a no-op. */
void vrt_writer_reset(vrt_writer *w);
/** Out-of-line growth: ensures room for `extra` more bytes, or sets the sticky status. Returns
 *  true when there is room. */
bool vrt_writer_grow(vrt_writer *w, size_t extra);

/** The bytes written so far (valid until the next write), and their count. */
static inline const uint8_t *vrt_writer_bytes(const vrt_writer *w) { return w->bytes; }
static inline size_t vrt_writer_length(const vrt_writer *w) { return w->length; }
/** The number of containers open at the write position (0: between top-level values). */
static inline size_t vrt_writer_depth(const vrt_writer *w) { return w->open_count; }
static inline vrt_status vrt_writer_status(const vrt_writer *w) { return w->status; }

/** Checks that every container is closed and returns the sticky status. */
vrt_status vrt_writer_finish(const vrt_writer *w);

static inline bool vrt_writer_reserve_(vrt_writer *w, size_t extra) {
  if (w->status != VRT_OK) return false;
  if (w->capacity - w->length >= extra) return true;
  return vrt_writer_grow(w, extra);
}

static inline void vrt_writer_put_varint_(vrt_writer *w, uint64_t v) {
  uint8_t *p = w->bytes + w->length;
  while (v >= 0x80) {
    *p++ = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  *p++ = (uint8_t)v;
  w->length = (size_t)(p - w->bytes);
}

static inline void vrt_writer_write_nil(vrt_writer *w) {
  if (!vrt_writer_reserve_(w, 1)) return;
  w->bytes[w->length++] = VRT_TAG_NIL;
}

static inline void vrt_writer_write_bool(vrt_writer *w, bool value) {
  if (!vrt_writer_reserve_(w, 1)) return;
  w->bytes[w->length++] = value ? VRT_TAG_TRUE : VRT_TAG_FALSE;
}

/** Any signed integer, whatever its Swift width. Non-negative values are written as UINT. */
static inline void vrt_writer_write_int(vrt_writer *w, int64_t value) {
  if (!vrt_writer_reserve_(w, 11)) return;
  if (value >= 0) {
    w->bytes[w->length++] = VRT_TAG_UINT;
    vrt_writer_put_varint_(w, (uint64_t)value);
  } else {
    w->bytes[w->length++] = VRT_TAG_NINT;
    /* -(v + 1) computed without overflow for INT64_MIN. */
    vrt_writer_put_varint_(w, ~(uint64_t)value);
  }
}

static inline void vrt_writer_write_uint(vrt_writer *w, uint64_t value) {
  if (!vrt_writer_reserve_(w, 11)) return;
  w->bytes[w->length++] = VRT_TAG_UINT;
  vrt_writer_put_varint_(w, value);
}

/** Canonicalizes NaN and -0.0 as described in the format (vrt_format.h). */
static inline void vrt_writer_write_double(vrt_writer *w, double value) {
  if (!vrt_writer_reserve_(w, 9)) return;
  uint64_t bits;
  if (value != value) {
    bits = UINT64_C(0x7FF8000000000000);
  } else if (value == 0.0) {
    bits = 0;
  } else {
    memcpy(&bits, &value, 8);
  }
  uint8_t *p = w->bytes + w->length;
  p[0] = VRT_TAG_DOUBLE;
  for (int i = 0; i < 8; i++) p[1 + i] = (uint8_t)(bits >> (8 * i));
  w->length += 9;
}

/** Writes a STRING (`tag` VRT_TAG_STRING) or BYTES (`tag` VRT_TAG_BYTES) scalar. `data` may be
 *  NULL when `length` is 0. Any other tag sets VRT_ERR_INVALID_ARGUMENT. */
static inline void vrt_writer_write_data(vrt_writer *w, uint8_t tag, const void *data, size_t length) {
  if (tag != VRT_TAG_STRING && tag != VRT_TAG_BYTES) {
    if (w->status == VRT_OK) w->status = VRT_ERR_INVALID_ARGUMENT;
    return;
  }
  if (length > VRT_MAX_PAYLOAD) {
    if (w->status == VRT_OK) w->status = VRT_ERR_TOO_LARGE;
    return;
  }
  if (!vrt_writer_reserve_(w, 11 + length)) return;
  w->bytes[w->length++] = tag;
  vrt_writer_put_varint_(w, (uint64_t)length);
  if (length) memcpy(w->bytes + w->length, data, length);
  w->length += length;
}

static inline void vrt_writer_write_string(vrt_writer *w, const char *utf8, size_t length) {
  vrt_writer_write_data(w, VRT_TAG_STRING, utf8, length);
}

/**
 * Unicode normalization quick check: true when the UTF-8 text has no code point at or above
 * U+0300 (every byte is below 0xCC), so it is already in Normalization Form C and a writer can
 * copy it as it is. False means it may not be (the caller normalizes). `utf8` may be NULL only
 * when `length` is 0 (true: the empty text is in NFC).
 */
bool vrt_utf8_is_nfc_quick(const uint8_t *utf8, size_t length);

/**
 * The IEEE-754 double nearest to the decimal number (-1)^negative x mantissa x 10^exponent, where
 * the mantissa is the unsigned 128-bit integer `high`:`low` (round to nearest, ties to even; past
 * the largest double gives infinity, below the smallest subnormal zero, with the sign). Correctly
 * rounded for every input: exactly computed when the mantissa is below 2^53 and |exponent| <= 22,
 * else through the C library's strtod on the digits written without a decimal point (no locale
 * setting affects it). This is what a JSON number's text means as a double.
 */
double vrt_decimal_nearest_double(uint64_t high, uint64_t low, int32_t exponent, bool negative);

/** Writes OPAQUE with a type name and a description (either may be empty / NULL with length 0). */
void vrt_writer_write_opaque(vrt_writer *w, const char *type_name, size_t type_length,
                             const char *description, size_t description_length);

/**
 * Opens a container. For STRUCT, ENUM and OBJECT, `name` is the type name (written as the first
 * STRING of the payload); for ENUM the caller writes the case name next with
 * vrt_writer_write_string. For ARRAY, SET, DICT and TUPLE `name` is ignored (may be NULL).
 * Inside STRUCT/ENUM/OBJECT/TUPLE the caller writes a label STRING before each field value.
 * A non-container tag sets VRT_ERR_INVALID_ARGUMENT.
 */
void vrt_writer_begin(vrt_writer *w, uint8_t tag, const char *name, size_t name_length);

/**
 * Closes the innermost open container: patches its payload length; a SET sorts its children and a
 * DICT sorts its pairs by key bytes (canonical order). A DICT with an odd number of children sets
 * VRT_ERR_MALFORMED; no open container sets VRT_ERR_INVALID_STATE; a payload over
 * VRT_MAX_PAYLOAD sets VRT_ERR_TOO_LARGE.
 */
void vrt_writer_end(vrt_writer *w);

/**
 * Identity for class instances. Call before writing an instance with identity `identity` (any
 * non-zero pointer-sized value). If the instance is an OBJECT still open around the write position
 * (a cycle), a BACKREF to it is written and true is returned (the caller writes nothing more).
 * Otherwise false is returned and the caller writes the OBJECT in full (vrt_writer_begin with
 * VRT_TAG_OBJECT, which opens the identity, fields, vrt_writer_end, which closes it); this
 * includes an instance written before in the same value (sharing), which counts against
 * VRT_MAX_REPEATED_INSTANCES: past it VRT_ERR_SHARING_LIMIT is set and true is returned.
 * Identities are forgotten by vrt_writer_reset and vrt_writer_forget_identities. On allocation
 * failure the sticky status is set and true is returned (nothing more should be written); so does
 * identity 0 (VRT_ERR_INVALID_ARGUMENT), a failed writer, and a NULL writer.
 */
bool vrt_writer_object_seen(vrt_writer *w, uintptr_t identity);

/**
 * Test seam: the `n`-th allocation the writer attempts from now on (1: the next one) fails as if
 * memory ran out (the sticky status becomes VRT_ERR_OUT_OF_MEMORY); 0 turns the seam off. Returns
 * how many allocations the writer has attempted so far, so a test can sweep every one. A NULL
 * writer returns 0. No effect on a writer that never calls it.
 */
uint64_t vrt_writer_fail_allocation(vrt_writer *w, uint64_t n);

/** Forgets remembered identities and the sharing budget, for the next independent value
 *  written into the same buffer (for example the next argument of a call). Calling it while a
 *  container is open sets VRT_ERR_INVALID_STATE. */
void vrt_writer_forget_identities(vrt_writer *w);

/**
 * Optional.some: call after writing the wrapped value, which started at offset `value_start`.
 * When that value begins with NIL or SOME, a SOME prefix is inserted so nested optionals stay
 * distinct; otherwise nothing changes. A `value_start` at or past the end of the bytes, or before
 * the payload of the innermost open container, sets VRT_ERR_INVALID_ARGUMENT.
 */
void vrt_writer_wrap_some(vrt_writer *w, size_t value_start);

#ifdef __cplusplus
}
#endif

#endif /* VRT_WRITER_H */
