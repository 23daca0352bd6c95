#ifndef VERITY_CXXHASH_SHIM_H
#define VERITY_CXXHASH_SHIM_H
/* The system xxHash (libxxhash-dev / brew xxhash). */
#include <xxhash.h>
#endif
