/*
 * xxh.h — how the engine reaches XXH3 (libxxhash). Not part of the API.
 *
 * Optimized builds inline xxHash's implementation (XXH_INLINE_ALL), so short inputs hash without a
 * call. Unoptimized builds (SwiftPM's debug configuration compiles C at -O0, where the inlined
 * copy runs many times slower) call the library's own compiled, optimized XXH3 instead: the same
 * function, so hashes are identical in both configurations.
 */
#ifndef VERITY_ENGINE_XXH_H
#define VERITY_ENGINE_XXH_H

#if defined(__OPTIMIZE__)
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#endif /* VERITY_ENGINE_XXH_H */
