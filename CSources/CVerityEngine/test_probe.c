/*
 * test_probe.c — the weak default of vrt_swift_testing_probe (see vrt_test_probe.h).
 *
 * A weak definition: a strong one linked into the same image (VerityTesting's `@_cdecl` function)
 * replaces it. This one says that none is linked.
 */
#include <stddef.h>

#include "verity_engine.h"

__attribute__((weak)) const void *vrt_swift_testing_probe(void) { return NULL; }
