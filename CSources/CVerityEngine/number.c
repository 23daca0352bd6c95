/*
 * number.c — decimal numbers to their nearest double (the JSON number rule, see the header).
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

/* Powers of ten exactly representable as doubles (10^0 ... 10^22). */
static const double vrt__exact_powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                           1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                           1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* 10^0 ... 10^19 as integers (10^19 < 2^64). */
static const uint64_t vrt__integer_powers[] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000), UINT64_C(100000),
    UINT64_C(1000000), UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
    UINT64_C(10000000000), UINT64_C(100000000000), UINT64_C(1000000000000),
    UINT64_C(10000000000000), UINT64_C(100000000000000), UINT64_C(1000000000000000),
    UINT64_C(10000000000000000), UINT64_C(100000000000000000), UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000)};

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 vrt__u128;

static int vrt__bit_length128(vrt__u128 x) {
  uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
  return hi ? 64 + (int)vrt__log2_64(hi) + 1 : (lo ? (int)vrt__log2_64(lo) + 1 : 0);
}

/* (q + f) x 2^binary_exponent rounded to the nearest double (ties to even), where q > 0 has at
 * least 54 bits and 0 <= f < 1 is nonzero exactly when `sticky`; the result must be normal. */
static double vrt__round128(vrt__u128 q, bool sticky, int binary_exponent) {
  int shift = vrt__bit_length128(q) - 53;
  uint64_t top = (uint64_t)(q >> shift);
  vrt__u128 rest = q & (((vrt__u128)1 << shift) - 1);
  vrt__u128 half = (vrt__u128)1 << (shift - 1);
  if (rest > half || (rest == half && (sticky || (top & 1)))) {
    top++;
    if (top == (UINT64_C(1) << 53)) {
      top >>= 1;
      shift++;
    }
  }
  return ldexp((double)top, shift + binary_exponent);
}

/* A mantissa in [2^53, 2^64) and an exponent in [-19, 19], exactly: the product (or the quotient
 * of the mantissa shifted to 128 bits, with its remainder as the sticky bit) has 54 or more
 * significant bits, so one rounding is correct. Returns false outside that range. */
static bool vrt__nearest_wide(uint64_t m, int32_t e, double *out) {
  if (e > 19 || e < -19) return false;
  if (e >= 0) {
    vrt__u128 product = (vrt__u128)m * vrt__integer_powers[e];
    *out = vrt__round128(product, false, 0);
    return true;
  }
  int s = 64 + (63 - (int)vrt__log2_64(m)); /* puts the mantissa's top bit at bit 127 */
  vrt__u128 numerator = (vrt__u128)m << s;
  uint64_t divisor = vrt__integer_powers[-e];
  vrt__u128 q = numerator / divisor;
  bool sticky = numerator % divisor != 0;
  *out = vrt__round128(q, sticky, -s);
  return true;
}
#endif

double vrt_decimal_nearest_double(uint64_t high, uint64_t low, int32_t exponent, bool negative) {
  double sign = negative ? -1.0 : 1.0;
  if (high == 0 && low == 0) return negative ? -0.0 : 0.0;
  /* Exact fast path: a mantissa below 2^53 and a power of ten up to 10^22 are both exact doubles,
   * and one correctly rounded multiplication or division gives the nearest double. */
  if (high == 0 && low < (UINT64_C(1) << 53) && exponent >= -22 && exponent <= 22) {
    double m = (double)low;
    return sign * (exponent >= 0 ? m * vrt__exact_powers[exponent] : m / vrt__exact_powers[-exponent]);
  }
#if defined(__SIZEOF_INT128__)
  /* A 64-bit mantissa with a modest exponent (JSON's 16 and 17-digit numbers): exact integer
   * arithmetic on 128 bits, then one rounding. */
  double wide;
  if (high == 0 && vrt__nearest_wide(low, exponent, &wide)) return sign * wide;
#endif
  /* Otherwise the digits, written out without a decimal point (so no locale matters), through
   * the C library's strtod, which rounds correctly. */
  uint32_t limbs[4] = {(uint32_t)(high >> 32), (uint32_t)high, (uint32_t)(low >> 32), (uint32_t)low};
  char digits[40];
  int count = 0;
  for (;;) {
    uint64_t remainder = 0;
    bool zero = true;
    for (int i = 0; i < 4; i++) {
      uint64_t current = (remainder << 32) | limbs[i];
      limbs[i] = (uint32_t)(current / 10);
      remainder = current % 10;
      if (limbs[i]) zero = false;
    }
    digits[count++] = (char)('0' + remainder);
    if (zero) break;
  }
  char text[64];
  int n = 0;
  if (negative) text[n++] = '-';
  while (count > 0) text[n++] = digits[--count];
  text[n++] = 'e';
  int32_t e = exponent;
  if (e < 0) {
    text[n++] = '-';
    e = -e;
  }
  char exp_digits[12];
  int ec = 0;
  do {
    exp_digits[ec++] = (char)('0' + e % 10);
    e /= 10;
  } while (e > 0);
  while (ec > 0) text[n++] = exp_digits[--ec];
  text[n] = '\0';
  return strtod(text, NULL);
}
