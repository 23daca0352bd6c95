/*
 * text.c — checks on UTF-8 text that writers need before copying it into a structure.
 */
#include "internal.h"

bool vrt_utf8_is_nfc_quick(const uint8_t *utf8, size_t length) {
  if (utf8 == NULL) return true; /* length 0 by contract */
  size_t i = 0;
  /* Eight bytes at a time: a byte >= 0xCC has its top bit set, so words of ASCII pass at once. */
  for (; i + 8 <= length; i += 8) {
    uint64_t word;
    memcpy(&word, utf8 + i, sizeof word);
    if ((word & UINT64_C(0x8080808080808080)) == 0) continue;
    for (size_t j = i; j < i + 8; j++) {
      if (utf8[j] >= 0xCC) return false;
    }
  }
  for (; i < length; i++) {
    if (utf8[i] >= 0xCC) return false;
  }
  return true;
}
