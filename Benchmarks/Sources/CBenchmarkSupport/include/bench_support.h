#ifndef VERITY_BENCH_SUPPORT_H
#define VERITY_BENCH_SUPPORT_H
#include <stdint.h>

/** Bytes currently allocated through malloc by this process (live heap), from the allocator's own
 *  statistics (glibc mallinfo2, macOS malloc zone statistics). Used for B/call figures. */
uint64_t bench_heap_bytes(void);

/** Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) made by the process so
 *  far; counted on Linux with glibc, where the executable interposes those functions. */
uint64_t bench_allocations(void);

/** 1 when bench_allocations counts (Linux with glibc), 0 elsewhere. */
int bench_counts_allocations(void);

/** Monotonic time in nanoseconds. */
uint64_t bench_now_ns(void);

#endif
