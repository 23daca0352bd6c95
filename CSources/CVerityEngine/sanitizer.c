/*
 * sanitizer.c — happens-before annotations for ThreadSanitizer.
 *
 * Swift's Synchronization.Mutex on Linux locks with atomics and futex calls inside a library that is
 * not instrumented, so ThreadSanitizer cannot see it and reports every access it protects as a
 * race. Verity's Swift locks (the call log's, and `_Lock`, which every other lock is) bracket each
 * critical section with these calls; under -fsanitize=thread they tell the sanitizer about the
 * lock, otherwise they do nothing.
 */
#include "verity_engine.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define VRT_THREAD_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define VRT_THREAD_SANITIZER 1
#endif

#ifdef VRT_THREAD_SANITIZER
/* The sanitizer runtime's annotation interface (compiler-rt tsan_interface.h). */
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#endif

void vrt_sanitizer_acquire(const void *token) {
#ifdef VRT_THREAD_SANITIZER
  __tsan_acquire((void *)(uintptr_t)token);
#else
  (void)token;
#endif
}

void vrt_sanitizer_release(const void *token) {
#ifdef VRT_THREAD_SANITIZER
  __tsan_release((void *)(uintptr_t)token);
#else
  (void)token;
#endif
}
