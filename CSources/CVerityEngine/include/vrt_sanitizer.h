/*
 * vrt_sanitizer.h — annotations for ThreadSanitizer.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_SANITIZER_H
#define VRT_SANITIZER_H

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Sanitizer annotations                                                                        */
/* ------------------------------------------------------------------------------------------- */

/**
 * Happens-before annotations for locks ThreadSanitizer cannot see (Swift's Synchronization.Mutex on
 * Linux is implemented in an uninstrumented library). Call vrt_sanitizer_acquire(token) right after
 * taking such a lock and vrt_sanitizer_release(token) right before giving it up, with one token per
 * lock (any stable address; NULL is allowed and is just another token). When the engine is built
 * with -fsanitize=thread these forward to __tsan_acquire / __tsan_release; otherwise they do nothing.
 */
void vrt_sanitizer_acquire(const void *token);
void vrt_sanitizer_release(const void *token);

#ifdef __cplusplus
}
#endif

#endif /* VRT_SANITIZER_H */
