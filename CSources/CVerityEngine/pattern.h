/*
 * pattern.h — a compiled pattern (not part of the API): what vrt__compile checks and summarizes,
 * the scan plan vrt__plan_create prepares, and the per-argument evaluations (EQ bytes, integer
 * ranges, string kinds) that every scan inlines. pattern.c defines the out-of-line parts; the
 * query files (query_internal.h) build their scans on it. This header depends on log_internal.h
 * only, and nothing here refers to the query files' names.
 */
#ifndef VERITY_ENGINE_PATTERN_H
#define VERITY_ENGINE_PATTERN_H

#include "log_internal.h"

/* ------------------------------------------------------------------------------------------- */
/* Patterns (pattern.c)                                                                        */
/* ------------------------------------------------------------------------------------------- */

/** A vrt_pattern, checked and summarized by vrt__compile. */
typedef struct vrt__query {
  const vrt_pattern *pattern;
  uint32_t method;
  uint32_t argc;
  bool any_arguments; /* VRT_PATTERN_ANY_ARGUMENTS */
  bool all_eq;        /* every argument EQ: an exact query */
  bool eq_invalid;    /* an EQ argument is not exactly one value: nothing can match */
  bool has_eq;        /* at least one EQ argument: a scan can filter on an argument-hash column */
  bool skip_predicates; /* VRT_PATTERN_SKIP_PREDICATES */
} vrt__query;

/** One pattern argument prepared for scanning: EQ bytes with their first 8 bytes preloaded. */
typedef struct vrt__arg_plan {
  const uint8_t *bytes;
  uint64_t prefix; /* the first min(length, 8) bytes, loaded like the call's bytes are */
  uint64_t mask;   /* selects those bytes */
  size_t length;
  vrt_arg_kind kind;
  uint32_t flags;
  vrt_bound low;
  vrt_bound high;
  /* VRT_ARG_INT_RANGE, as two intervals of varint magnitudes (vrt__int_range_prepare): UINT
   * values match when `uint_any` and magnitude - uint_low <= uint_span, NINT values likewise. */
  uint64_t uint_low, uint_span, nint_low, nint_span;
  bool uint_any, nint_any;
} vrt__arg_plan;

/** A pattern prepared for scanning, with scratch for the deferred predicate arguments. */
typedef struct vrt__plan {
  const vrt_pattern *pattern;
  uint32_t argc;
  bool skip_predicates;
  uint32_t needed; /* arguments up to the last one that is not ANY (or a skipped PREDICATE) */
  /* Like `needed`, for calls whose engine kinds the engine decides: TYPED_ANY arguments then match
   * without a look, so the walk stops before trailing ones. */
  uint32_t needed_decided;
  /* The only argument checked in calls the engine decides is the first, an engine kind. */
  bool engine_first_only;
  vrt__arg_plan args[255];
  uint32_t deferred_arg[255];
  uint32_t deferred_offset[255];
  uint32_t deferred_length[255];
} vrt__plan;

/** Checks `pattern` against `log` and summarizes it in `q` (VRT_ERR_... for a bad pattern). */
vrt_status vrt__compile(const vrt_log *log, const vrt_pattern *pattern, vrt__query *q);

/** Allocates the scan plan of a compiled, non-ANY_ARGUMENTS query (NULL: out of memory); the
 *  caller frees it with free(). */
vrt__plan *vrt__plan_create(vrt_log *log, const vrt__query *q);

/**
 * Does the argument at `p` (`avail` > 0 bytes left) equal the EQ argument `ap`?
 *
 * The EQ bytes are exactly one value (checked when the query is compiled), so comparing the
 * call's next `ap->length` bytes is enough: equal bytes include an equal header, which gives the
 * call's argument the same size. No header needs decoding, and most mismatches are decided by one
 * masked 8-byte comparison.
 */
VRT__HOT bool vrt__equal(const uint8_t *p, size_t avail, const vrt__arg_plan *ap) {
  if (avail < ap->length) return false;
  if (avail >= 8) {
    uint64_t head;
    memcpy(&head, p, 8);
    if ((head & ap->mask) != ap->prefix) return false;
    return ap->length <= 8 || memcmp(p + 8, ap->bytes + 8, ap->length - 8) == 0;
  }
  return memcmp(p, ap->bytes, ap->length) == 0;
}

/* Engine kinds ------------------------------------------------------------------------------ */

typedef enum vrt__verdict { VRT__NO = 0, VRT__YES = 1, VRT__UNSURE = 2 } vrt__verdict;

static inline uint8_t vrt__fold(uint8_t c, bool fold) {
  return (fold && c >= 'A' && c <= 'Z') ? (uint8_t)(c + 32) : c;
}

static inline bool vrt__same_text(const uint8_t *a, const uint8_t *b, size_t n, bool fold) {
  if (!fold) return memcmp(a, b, n) == 0;
  for (size_t i = 0; i < n; i++) {
    if (vrt__fold(a[i], true) != vrt__fold(b[i], true)) return false;
  }
  return true;
}

/**
 * Evaluates a range or string argument on the value at `p` (`size` bytes, one value). UNSURE
 * when bytes cannot give Swift's answer (a string kind on a non-ASCII string or one holding a
 * carriage return): the callback decides those.
 */
vrt__verdict vrt__evaluate_other(const vrt__arg_plan *ap, const uint8_t *p, size_t size);

/** Whether `v` is within `ap`'s bounds (VRT_ARG_DOUBLE_RANGE), as C doubles compare. */
bool vrt__double_in_range(const vrt__arg_plan *ap, double v);

/** A string kind's verdict on the UTF-8 `text` (UNSURE unless it is ASCII with no '\r'). */
vrt__verdict vrt__text_verdict(const vrt__arg_plan *ap, const uint8_t *text, size_t length);

/** Prepares one pattern argument for evaluation (the EQ prefix, the integer intervals). */
void vrt__arg_plan_prepare(vrt__arg_plan *ap, const vrt_arg_pattern *a);

/** Whether the integer `m` (NINT convention when `negative`: -(m + 1)) is within `ap`'s range
 *  (VRT_ARG_INT_RANGE, prepared by vrt__int_range_prepare). */
VRT__HOT bool vrt__magnitude_in_range(const vrt__arg_plan *ap, bool negative, uint64_t m) {
  if (!negative) return ap->uint_any && m - ap->uint_low <= ap->uint_span;
  return ap->nint_any && m - ap->nint_low <= ap->nint_span;
}

/**
 * Whether the value at `p` is an integer within `ap`'s range (VRT_ARG_INT_RANGE), by the
 * magnitude intervals vrt__int_range_prepare made. `p` must start a well-formed value: one whose
 * size vrt__skip found, or the first argument of a list readable at append. Its varint then ends
 * within it, so the decoding stops at its last byte; nothing past the tag is read for other tags.
 * A scan on a uniform page calls this without sizing the value first.
 */
VRT__HOT bool vrt__int_in_range(const vrt__arg_plan *ap, const uint8_t *p) {
  const uint8_t tag = p[0];
  if (tag != VRT_TAG_UINT && tag != VRT_TAG_NINT) return false;
  uint64_t m = p[1] & 0x7Fu;
  if (p[1] & 0x80u) {
    unsigned shift = 7;
    for (size_t i = 2; i <= 10; i++, shift += 7) {
      m |= (uint64_t)(p[i] & 0x7Fu) << shift;
      if (!(p[i] & 0x80u)) break;
    }
  }
  return vrt__magnitude_in_range(ap, tag == VRT_TAG_NINT, m);
}

/** Evaluates a range or string argument on the value at `p` (`size` bytes from vrt__skip), with
 *  the integer range (the common case) inline. */
VRT__HOT vrt__verdict vrt__evaluate(const vrt__arg_plan *ap, const uint8_t *p, size_t size) {
  if (ap->kind == VRT_ARG_INT_RANGE) return vrt__int_in_range(ap, p) ? VRT__YES : VRT__NO;
  return vrt__evaluate_other(ap, p, size);
}

VRT__HOT bool vrt__is_engine_kind(vrt_arg_kind kind) {
  return kind >= VRT_ARG_INT_RANGE && kind <= VRT_ARG_TYPED_ANY;
}

/** Whether the engine decides the range and string arguments of a call with this tag. */
VRT__HOT bool vrt__engine_decides(const vrt_pattern *pattern, uint32_t tag) {
  if (pattern->engine_tags == NULL) return true;
  for (size_t i = 0; i < pattern->engine_tag_count; i++) {
    if (pattern->engine_tags[i] == tag) return true;
  }
  return false;
}

#endif /* VERITY_ENGINE_PATTERN_H */
