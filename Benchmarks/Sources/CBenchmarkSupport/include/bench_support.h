#ifndef VERITY_BENCH_SUPPORT_H
#define VERITY_BENCH_SUPPORT_H
#include <stdint.h>

/** Bytes currently allocated through malloc by this process (live heap), from the allocator's own
 *  statistics (glibc mallinfo2, macOS malloc zone statistics). Used for B/call figures. */
uint64_t bench_heap_bytes(void);

/** Monotonic time in nanoseconds. */
uint64_t bench_now_ns(void);

#endif
