#include "bench_support.h"

#include <time.h>
#if defined(__APPLE__)
#include <malloc/malloc.h>
#else
#include <malloc.h>
#endif

uint64_t bench_heap_bytes(void) {
#if defined(__APPLE__)
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return (uint64_t)stats.size_in_use;
#else
  struct mallinfo2 info = mallinfo2();
  return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
#endif
}

uint64_t bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__linux__) && defined(__GLIBC__)
/* Counting allocations: this executable defines malloc, calloc, realloc, posix_memalign and
 * aligned_alloc, which take precedence over the C library's for the whole process (Swift's
 * runtime included), count the call and forward to glibc's own entry points. */
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t bench_allocation_count;

void *malloc(size_t size) {
  atomic_fetch_add_explicit(&bench_allocation_count, 1, memory_order_relaxed);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  atomic_fetch_add_explicit(&bench_allocation_count, 1, memory_order_relaxed);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  atomic_fetch_add_explicit(&bench_allocation_count, 1, memory_order_relaxed);
  return __libc_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return 22; /* EINVAL */
  atomic_fetch_add_explicit(&bench_allocation_count, 1, memory_order_relaxed);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12; /* ENOMEM */
  *out = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&bench_allocation_count, 1, memory_order_relaxed);
  return __libc_memalign(alignment, size);
}

uint64_t bench_allocations(void) {
  return atomic_load_explicit(&bench_allocation_count, memory_order_relaxed);
}

int bench_counts_allocations(void) { return 1; }
#else
uint64_t bench_allocations(void) { return 0; }
int bench_counts_allocations(void) { return 0; }
#endif
