/* fuzz_check.h — the one assertion the fuzz targets use: a failed check aborts, so libFuzzer
 * reports it as a crash with the input that caused it. */
#ifndef VRT_FUZZ_CHECK_H
#define VRT_FUZZ_CHECK_H
#include <stdio.h>
#include <stdlib.h>

#define CHECK(condition)                                                                       \
  do {                                                                                         \
    if (!(condition)) {                                                                        \
      fprintf(stderr, "check failed: %s (%s:%d)\n", #condition, __FILE__, __LINE__);          \
      abort();                                                                                 \
    }                                                                                          \
  } while (0)

#endif
