/*
 * pattern.c — compiling a query's vrt_pattern, preparing its scan plan, and the engine kinds'
 * cases that do not sit in every scan's inner loop (strings and doubles; integers are decided
 * inline, in pattern.h).
 */
#include "pattern.h"

static bool vrt__is_ascii(const uint8_t *bytes, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if (bytes[i] >= 0x80) return false;
  }
  return true;
}

vrt_status vrt__compile(const vrt_log *log, const vrt_pattern *pattern, vrt__query *q) {
  memset(q, 0, sizeof *q);
  q->pattern = pattern;
  q->method = pattern->method;
  if (pattern->method >= log->method_count) return VRT_ERR_INVALID_ARGUMENT;
  if (pattern->flags & VRT_PATTERN_ANY_ARGUMENTS) {
    q->any_arguments = true;
    return VRT_OK;
  }
  if (pattern->arg_count > 255) return VRT_ERR_INVALID_ARGUMENT;
  if (pattern->arg_count > 0 && pattern->args == NULL) return VRT_ERR_NULL_ARGUMENT;
  if (pattern->engine_tags == NULL && pattern->engine_tag_count > 0) return VRT_ERR_NULL_ARGUMENT;
  q->argc = pattern->arg_count;
  q->all_eq = true;
  q->skip_predicates = (pattern->flags & VRT_PATTERN_SKIP_PREDICATES) != 0;
  bool engine_kinds = false;
  for (uint32_t i = 0; i < pattern->arg_count; i++) {
    const vrt_arg_pattern *a = &pattern->args[i];
    switch (a->kind) {
    case VRT_ARG_ANY:
      q->all_eq = false;
      break;
    case VRT_ARG_EQ: {
      if (a->bytes == NULL && a->length > 0) return VRT_ERR_NULL_ARGUMENT;
      q->has_eq = true;
      size_t size;
      if (a->length == 0 || vrt__value_size(a->bytes, a->length, &size) != VRT_OK ||
          size != a->length) {
        q->eq_invalid = true;
      }
      break;
    }
    case VRT_ARG_PREDICATE:
      if (pattern->predicate == NULL && !q->skip_predicates) return VRT_ERR_INVALID_ARGUMENT;
      q->all_eq = false;
      break;
    case VRT_ARG_INT_RANGE:
    case VRT_ARG_DOUBLE_RANGE:
      q->all_eq = false;
      engine_kinds = true;
      break;
    case VRT_ARG_TYPED_ANY:
      if (pattern->predicate == NULL) return VRT_ERR_INVALID_ARGUMENT;
      q->all_eq = false;
      engine_kinds = true;
      break;
    case VRT_ARG_STRING_PREFIX:
    case VRT_ARG_STRING_SUFFIX:
    case VRT_ARG_STRING_CONTAINS:
      if (a->bytes == NULL && a->length > 0) return VRT_ERR_NULL_ARGUMENT;
      if (!vrt__is_ascii(a->bytes, a->length) || pattern->predicate == NULL) {
        return VRT_ERR_INVALID_ARGUMENT;
      }
      q->all_eq = false;
      engine_kinds = true;
      break;
    default:
      return VRT_ERR_INVALID_ARGUMENT;
    }
  }
  if (engine_kinds && pattern->engine_tags != NULL && pattern->predicate == NULL) {
    return VRT_ERR_INVALID_ARGUMENT;
  }
  return VRT_OK;
}

/**
 * Turns an integer range's bounds into the two magnitude intervals of vrt__arg_plan, so a scan
 * decides a UINT or NINT argument with one subtraction and one comparison. A UINT value is its
 * magnitude m; a NINT value is -(m + 1), so larger magnitudes are smaller values.
 */
static void vrt__int_range_prepare(vrt__arg_plan *ap) {
  const bool has_low = (ap->flags & VRT_ARG_LOW) != 0, has_high = (ap->flags & VRT_ARG_HIGH) != 0;
  const bool low_in = (ap->flags & VRT_ARG_LOW_INCLUSIVE) != 0;
  const bool high_in = (ap->flags & VRT_ARG_HIGH_INCLUSIVE) != 0;
  /* UINT: m from `lo` to `hi`. */
  bool any = true;
  uint64_t lo = 0, hi = UINT64_MAX;
  if (has_low && !ap->low.negative) {
    if (low_in) {
      lo = ap->low.magnitude;
    } else if (ap->low.magnitude == UINT64_MAX) {
      any = false;
    } else {
      lo = ap->low.magnitude + 1u;
    }
  }
  if (has_high) {
    if (ap->high.negative) {
      any = false;
    } else if (high_in) {
      hi = ap->high.magnitude;
    } else if (ap->high.magnitude == 0) {
      any = false;
    } else {
      hi = ap->high.magnitude - 1u;
    }
  }
  ap->uint_any = any && lo <= hi;
  ap->uint_low = lo;
  ap->uint_span = ap->uint_any ? hi - lo : 0;
  /* NINT: the value falls as m grows, so the high bound gives the least m, the low one the most. */
  any = true;
  lo = 0;
  hi = UINT64_MAX;
  if (has_high && ap->high.negative) {
    if (high_in) {
      lo = ap->high.magnitude;
    } else if (ap->high.magnitude == UINT64_MAX) {
      any = false;
    } else {
      lo = ap->high.magnitude + 1u;
    }
  }
  if (has_low) {
    if (!ap->low.negative) {
      any = false;
    } else if (low_in) {
      hi = ap->low.magnitude;
    } else if (ap->low.magnitude == 0) {
      any = false;
    } else {
      hi = ap->low.magnitude - 1u;
    }
  }
  ap->nint_any = any && lo <= hi;
  ap->nint_low = lo;
  ap->nint_span = ap->nint_any ? hi - lo : 0;
}

void vrt__arg_plan_prepare(vrt__arg_plan *ap, const vrt_arg_pattern *a) {
  ap->kind = a->kind;
  ap->bytes = a->bytes;
  ap->length = a->length;
  ap->flags = a->flags;
  ap->low = a->low;
  ap->high = a->high;
  ap->prefix = 0;
  ap->mask = 0;
  if (a->kind == VRT_ARG_INT_RANGE) vrt__int_range_prepare(ap);
  if (a->kind == VRT_ARG_EQ && a->length > 0) {
    uint8_t bytes[8] = {0};
    uint8_t ones[8] = {0};
    size_t n = a->length < 8 ? a->length : 8;
    memcpy(bytes, a->bytes, n);
    memset(ones, 0xFF, n);
    memcpy(&ap->prefix, bytes, 8);
    memcpy(&ap->mask, ones, 8);
  }
}

/** Allocates the scan plan of a compiled, non-ANY_ARGUMENTS query (NULL: out of memory). */
vrt__plan *vrt__plan_create(vrt_log *log, const vrt__query *q) {
  vrt__plan *plan = (vrt__plan *)vrt__log_temp_alloc(log, sizeof(vrt__plan));
  if (plan == NULL) return NULL;
  plan->pattern = q->pattern;
  plan->argc = q->argc;
  plan->skip_predicates = q->skip_predicates;
  plan->needed = 0;
  plan->needed_decided = 0;
  for (uint32_t i = 0; i < q->argc; i++) {
    vrt_arg_kind kind = q->pattern->args[i].kind;
    if (kind != VRT_ARG_ANY && !(kind == VRT_ARG_PREDICATE && q->skip_predicates)) {
      plan->needed = i + 1;
      if (kind != VRT_ARG_TYPED_ANY) plan->needed_decided = i + 1;
    }
  }
  plan->engine_first_only = plan->needed_decided == 1 && q->pattern->args[0].kind >= VRT_ARG_INT_RANGE &&
                            q->pattern->args[0].kind <= VRT_ARG_TYPED_ANY;
  for (uint32_t i = 0; i < q->argc; i++) vrt__arg_plan_prepare(&plan->args[i], &q->pattern->args[i]);
  return plan;
}

vrt__verdict vrt__evaluate_other(const vrt__arg_plan *ap, const uint8_t *p, size_t size) {
  const uint8_t tag = p[0];
  switch (ap->kind) {
  case VRT_ARG_TYPED_ANY:
    return VRT__YES;
  case VRT_ARG_DOUBLE_RANGE: {
    if (tag != VRT_TAG_DOUBLE || size != 9) return VRT__NO;
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) bits |= (uint64_t)p[1 + i] << (8 * i);
    double v;
    memcpy(&v, &bits, 8);
    return vrt__double_in_range(ap, v) ? VRT__YES : VRT__NO;
  }
  case VRT_ARG_STRING_PREFIX:
  case VRT_ARG_STRING_SUFFIX:
  case VRT_ARG_STRING_CONTAINS: {
    if (tag != VRT_TAG_STRING) return VRT__NO;
    uint64_t length;
    size_t used;
    if (vrt__varint(p + 1, size - 1, &length, &used) != VRT_OK || 1 + used + length != size) {
      return VRT__NO;
    }
    return vrt__text_verdict(ap, p + 1 + used, (size_t)length);
  }
  default:
    return VRT__NO;
  }
}

bool vrt__double_in_range(const vrt__arg_plan *ap, double v) {
  if ((ap->flags & VRT_ARG_LOW) &&
      !((ap->flags & VRT_ARG_LOW_INCLUSIVE) ? v >= ap->low.value : v > ap->low.value)) {
    return false;
  }
  if ((ap->flags & VRT_ARG_HIGH) &&
      !((ap->flags & VRT_ARG_HIGH_INCLUSIVE) ? v <= ap->high.value : v < ap->high.value)) {
    return false;
  }
  return true;
}

vrt__verdict vrt__text_verdict(const vrt__arg_plan *ap, const uint8_t *text, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if (text[i] >= 0x80 || text[i] == '\r') return VRT__UNSURE;
  }
  const size_t n = ap->length;
  const bool fold = (ap->flags & VRT_ARG_ASCII_CASE_FOLD) != 0;
  if (n == 0) return VRT__YES; /* the empty needle starts, ends and is in every string */
  if (n > length) return VRT__NO;
  if (ap->kind == VRT_ARG_STRING_PREFIX) {
    return vrt__same_text(text, ap->bytes, n, fold) ? VRT__YES : VRT__NO;
  }
  if (ap->kind == VRT_ARG_STRING_SUFFIX) {
    return vrt__same_text(text + (length - n), ap->bytes, n, fold) ? VRT__YES : VRT__NO;
  }
  const uint8_t first = vrt__fold(ap->bytes[0], fold);
  for (size_t i = 0; i + n <= length; i++) {
    if (vrt__fold(text[i], fold) == first && vrt__same_text(text + i, ap->bytes, n, fold)) {
      return VRT__YES;
    }
  }
  return VRT__NO;
}

/* Built-ins asked from Swift: the same functions the scans run, on one value. */

vrt_answer vrt_arg_test_integer(const vrt_arg_pattern *pattern, bool negative, uint64_t magnitude) {
  if (pattern == NULL || pattern->kind != VRT_ARG_INT_RANGE) return VRT_ANSWER_UNSURE;
  vrt__arg_plan ap;
  vrt__arg_plan_prepare(&ap, pattern);
  return vrt__magnitude_in_range(&ap, negative, magnitude) ? VRT_ANSWER_YES : VRT_ANSWER_NO;
}

vrt_answer vrt_arg_test_double(const vrt_arg_pattern *pattern, double value) {
  if (pattern == NULL || pattern->kind != VRT_ARG_DOUBLE_RANGE) return VRT_ANSWER_UNSURE;
  vrt__arg_plan ap;
  vrt__arg_plan_prepare(&ap, pattern);
  return vrt__double_in_range(&ap, value) ? VRT_ANSWER_YES : VRT_ANSWER_NO;
}

vrt_answer vrt_arg_test_string(const vrt_arg_pattern *pattern, const uint8_t *utf8, size_t length) {
  if (pattern == NULL || (utf8 == NULL && length > 0) || (pattern->bytes == NULL && pattern->length > 0) ||
      pattern->kind < VRT_ARG_STRING_PREFIX || pattern->kind > VRT_ARG_STRING_CONTAINS ||
      !vrt__is_ascii(pattern->bytes, pattern->length)) {
    return VRT_ANSWER_UNSURE;
  }
  vrt__arg_plan ap;
  vrt__arg_plan_prepare(&ap, pattern);
  return (vrt_answer)vrt__text_verdict(&ap, utf8, length);
}
