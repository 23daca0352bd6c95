/*
 * verity_engine.h — the Verity C engine (C11).
 *
 * One umbrella header. Every symbol carries the `vrt_` / `VRT_` prefix. The engine has no global
 * mutable state: every object is created and owned by the caller, and no object is thread-safe on
 * its own (Swift serializes access behind a Mutex).
 *
 * Contracts used throughout:
 *   - Functions that can fail return a `vrt_status`; VRT_OK is 0.
 *   - A NULL pointer where an object or output is required returns VRT_ERR_NULL_ARGUMENT and
 *     writes nothing. A NULL data pointer with length 0 is always allowed (an empty input).
 *   - Every `*_free` / `*_destroy` accepts NULL and does nothing.
 *   - Outputs are written only on VRT_OK unless a function says otherwise.
 *
 * The parts, one header each (every one includes what it needs, so any may be included alone):
 *   vrt_status.h        vrt_status, the result of every fallible call
 *   vrt_format.h        the structure format (described there), its tags and limits
 *   vrt_hash.h          hash options, shared by node tables and call logs
 *   vrt_writer.h        vrt_writer, which builds structures
 *   vrt_reader.h        reading: value sizes, validation, node tables
 *   vrt_call_log.h      the call log, its patterns and queries
 *   vrt_diff.h          the structural diff
 *   vrt_sanitizer.h     happens-before annotations for ThreadSanitizer
 *   vrt_enum_witness.h  calls into Swift enum value witnesses
 *   vrt_ptr_map.h       the pointer map, read without a lock
 *   vrt_test_probe.h    the test framework's probe, when a test process links it
 */
#ifndef VERITY_ENGINE_H
#define VERITY_ENGINE_H

#include "vrt_status.h"
#include "vrt_format.h"
#include "vrt_hash.h"
#include "vrt_writer.h"
#include "vrt_reader.h"
#include "vrt_call_log.h"
#include "vrt_diff.h"
#include "vrt_sanitizer.h"
#include "vrt_enum_witness.h"
#include "vrt_ptr_map.h"
#include "vrt_test_probe.h"

#endif /* VERITY_ENGINE_H */
