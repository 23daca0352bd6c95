/*
 * vrt_reader.h — reading structures: sizes, validation, node tables.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_READER_H
#define VRT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "vrt_status.h"
#include "vrt_format.h"
#include "vrt_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Reading: sizes, validation, node tables                                                      */
/* ------------------------------------------------------------------------------------------- */

/**
 * Size in bytes of the value starting at `bytes[0]`, reading only its header (a container's
 * contents are not validated). VRT_ERR_TRUNCATED when `length` is 0 or the header or declared size
 * runs past `length`; VRT_ERR_MALFORMED for an unknown tag or a bad varint. A SOME prefix is
 * followed to the value it wraps (iteratively).
 */
vrt_status vrt_value_size(const uint8_t *bytes, size_t length, size_t *out_size);

/** Decodes a varint at `bytes` (at most `length` bytes). Writes the value and the bytes used. */
vrt_status vrt_read_varint(const uint8_t *bytes, size_t length, uint64_t *out_value, size_t *out_used);

/** One value node of a structure, in preorder. Labels and type names are not nodes. */
typedef struct vrt_node {
  uint64_t hash;         /* subtree hash: XXH3 of scalars, combined bottom-up for containers */
  uint32_t offset;       /* offset of the node's first byte: its first SOME prefix if it has
                            any (a SOME prefix belongs to its node), else its tag */
  uint32_t length;       /* total bytes of the node, header and prefixes included */
  uint32_t depth;        /* root is 0 */
  uint32_t parent;       /* node index of the parent, VRT_NONE for the root */
  uint32_t child_count;  /* direct children that are nodes (a DICT counts keys and values) */
  uint32_t name_offset;  /* STRUCT/ENUM/OBJECT: offset of the type-name STRING; else VRT_NONE */
  uint32_t label_offset; /* a field of STRUCT/ENUM/OBJECT/TUPLE: offset of its label STRING;
                            a DICT value: VRT_NONE (see key_node) */
  uint32_t key_node;     /* a DICT value: node index of its key; else VRT_NONE */
  uint32_t end_index;    /* one past the last node index of this subtree (skip to sibling) */
  uint8_t tag;           /* the value's tag (after any SOME prefixes) */
  uint8_t some_depth;    /* number of SOME prefixes (saturates at 255) */
} vrt_node;

/** A node table: `nodes[0..count)`, owned by the table; release with vrt_node_table_free. */
typedef struct vrt_node_table {
  vrt_node *nodes;
  size_t count;
} vrt_node_table;

/**
 * Validates exactly one structure occupying all of `bytes[0..length)` and builds its node table in
 * one pass, without recursion (any depth is fine; memory grows with depth, not the C stack).
 * `options` may be NULL. On failure `out` is left empty ({NULL, 0}) and the status says why:
 * TRUNCATED, MALFORMED (including trailing bytes), TOO_LARGE (input over 4 GiB), OUT_OF_MEMORY.
 * length 0 is TRUNCATED.
 */
vrt_status vrt_node_table_build(const uint8_t *bytes, size_t length, const vrt_hash_options *options,
                                vrt_node_table *out);

/**
 * Test seam: vrt_node_table_build, except that its `fail_allocation`-th allocation (1: the first)
 * fails as if memory ran out (0: none fails). Writes the number of allocations the build attempted
 * to `out_allocations` (may be NULL), so a test can sweep every one.
 */
vrt_status vrt_node_table_build_failing(const uint8_t *bytes, size_t length,
                                        const vrt_hash_options *options, uint64_t fail_allocation,
                                        vrt_node_table *out, uint64_t *out_allocations);

/** Frees the table's nodes and empties it. NULL is a no-op. */
void vrt_node_table_free(vrt_node_table *table);

/** Reads `bytes[0..length)` as exactly one integer (UINT or NINT) that fits in int64_t; false
 *  otherwise. For callers that rebuild values from argument bytes. */
bool vrt_read_int64(const uint8_t *bytes, size_t length, int64_t *out_value);

/** Reads `bytes[0..length)` as exactly one DOUBLE; false otherwise. */
bool vrt_read_double(const uint8_t *bytes, size_t length, double *out_value);

/** Validates one structure (as vrt_node_table_build, without keeping the table). */
vrt_status vrt_validate(const uint8_t *bytes, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* VRT_READER_H */
