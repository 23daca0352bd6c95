/*
 * vrt_diff.h — the structural diff.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_DIFF_H
#define VRT_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "vrt_status.h"
#include "vrt_format.h"
#include "vrt_reader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Structural diff                                                                              */
/* ------------------------------------------------------------------------------------------- */

/**
 * vrt_diff compares two structures, `a` (the "before", or expected side) and `b` (the "after", or
 * actual side), through their node tables (vrt_node_table_build, same hash options on both sides).
 *
 * The walk is iterative (an explicit stack: a 100 000-deep value needs memory, not C stack) and
 * visits only what differs: two subtrees whose hashes agree and whose bytes memcmp equal end the
 * walk there. Structs, enums, class instances and tuples pair fields by label; dictionaries pair
 * entries by key (both are in canonical key order, so this is a merge); sets report their
 * members missing on either side; arrays are aligned first:
 *   - elements are grouped into equality classes (hash, confirmed by memcmp, so a forced hash
 *     collision changes no result), optionally by an identity field instead of the whole element
 *     (vrt_diff_options.identity_label);
 *   - the alignment anchors on elements that occur once in both ranges, in increasing order on
 *     both sides (patience), trims equal prefixes and suffixes, and repeats inside each gap; a
 *     gap with no such element is aligned by a longest-common-subsequence table when it is small
 *     (at most VRT_DIFF_TABLE_CELLS cells), else left unaligned;
 *   - what stays unaligned between two anchors is paired by similarity (same kind, most equal
 *     children), so a changed element is one change inside it, not a removal and an insertion;
 *     the rest are insertions and removals. With an identity field, an element whose identity is on
 *     both sides but out of order is MOVED (one edit, with its positions on both sides) and compared
 *     with itself, so its changes are reported inside it; other unaligned elements are never
 *     paired: an element whose identity is new was inserted.
 *
 * Edits: CHANGED (two leaves or two values of one kind that differ and are not walked further:
 * scalars, enum cases, opaque values, cycles), TYPE_CHANGED (different kinds, or different type
 * names), INSERTED (only in b), REMOVED (only in a), MOVED (an identified array element at another
 * place: a_node / b_node are the element on each side). Every edit has a path: a chain of steps from the
 * root, shared between edits (see vrt_diff_step).
 */
typedef enum vrt_diff_edit_kind {
  VRT_DIFF_CHANGED = 1,
  VRT_DIFF_TYPE_CHANGED = 2,
  VRT_DIFF_INSERTED = 3,
  VRT_DIFF_REMOVED = 4,
  VRT_DIFF_MOVED = 5,
} vrt_diff_edit_kind;

/** How a step goes from a container to one of its children. */
typedef enum vrt_diff_step_kind {
  /** A field of a STRUCT / ENUM / OBJECT / TUPLE: the label is the child's label_offset. */
  VRT_DIFF_STEP_FIELD = 1,
  /** An ARRAY element: a_index / b_index are its positions (VRT_NONE on a side without it). */
  VRT_DIFF_STEP_INDEX = 2,
  /** A DICT value: the key is the value node's key_node. */
  VRT_DIFF_STEP_KEY = 3,
  /** A SET member (only inserted or removed). */
  VRT_DIFF_STEP_MEMBER = 4,
  /** An Optional.some level or another wrapper with a single child (not emitted today). */
  VRT_DIFF_STEP_SOME = 5,
} vrt_diff_step_kind;

/** One step of a path. `parent` is the previous step (VRT_NONE: the step leaves the root).
 *  a_node / b_node are the child nodes on each side, a_index / b_index their positions among the
 *  container's children (the array index; the field, entry or member ordinal), VRT_NONE on a
 *  side without it. Steps are created in document order, so a container's steps are sorted. */
typedef struct vrt_diff_step {
  uint32_t parent;
  uint32_t kind;
  uint32_t a_node;
  uint32_t b_node;
  uint32_t a_index;
  uint32_t b_index;
} vrt_diff_step;

/** One edit: its kind, the last step of its path (VRT_NONE: the root itself), and the nodes on
 *  each side (VRT_NONE on a side without one). */
typedef struct vrt_diff_edit {
  uint32_t kind;
  uint32_t step;
  uint32_t a_node;
  uint32_t b_node;
} vrt_diff_edit;

/** One component of an ignored path (vrt_diff_options.ignored). */
typedef enum vrt_diff_pattern_kind {
  /** A field with this label (`text`, `length`). */
  VRT_DIFF_MATCH_FIELD = 1,
  /** An array element at `index` (on either side). */
  VRT_DIFF_MATCH_INDEX = 2,
  /** A dictionary value whose key's encoded bytes are `text[0..length)`. */
  VRT_DIFF_MATCH_KEY = 3,
  /** Any one step (an element, a field, a value, a member). */
  VRT_DIFF_MATCH_ANY = 4,
} vrt_diff_pattern_kind;

typedef struct vrt_diff_pattern_step {
  uint32_t kind;
  uint32_t index;
  const uint8_t *text;
  size_t length;
} vrt_diff_pattern_step;

/** An ignored path: `steps[0..count)` from the root. A path of 0 steps ignores everything. */
typedef struct vrt_diff_ignored_path {
  const vrt_diff_pattern_step *steps;
  size_t count;
} vrt_diff_ignored_path;

/** At most this many ignored paths (VRT_ERR_TOO_LARGE past it). */
#define VRT_DIFF_MAX_IGNORED_PATHS 64u
/** The largest gap (cells = its two lengths multiplied) aligned by a full LCS table. */
#define VRT_DIFF_TABLE_CELLS 4000000u
/** Unaligned runs up to this many pairs (lengths multiplied) are paired by similarity; larger ones
 *  position by position. */
#define VRT_DIFF_PAIRING_CELLS 4096u

/** Arrays are compared as multisets: equal elements pair whatever their positions. */
#define VRT_DIFF_UNORDERED_ARRAYS 0x1u

typedef struct vrt_diff_options {
  /** Two DOUBLEs at most this far apart are equal (0: exact; NaN and negative values act as 0). */
  double float_tolerance;
  /** VRT_DIFF_UNORDERED_ARRAYS. */
  uint32_t flags;
  /** Edits recorded at most (0: no limit). Totals count every edit either way. */
  size_t max_edits;
  /** Array elements that are STRUCT/OBJECT with a field of this label are aligned by that field's
   *  value (elements without it by their whole value). NULL / 0: no identity. */
  const uint8_t *identity_label;
  size_t identity_label_length;
  /** Fields with one of these labels are ignored wherever they are. */
  const vrt_diff_pattern_step *ignored_labels; /* kind VRT_DIFF_MATCH_FIELD entries */
  size_t ignored_label_count;
  /** Paths ignored (what is under them is ignored too). */
  const vrt_diff_ignored_path *ignored;
  size_t ignored_count;
} vrt_diff_options;

/** The outcome of vrt_diff, owned by the caller: release with vrt_diff_result_free. */
typedef struct vrt_diff_result {
  vrt_diff_edit *edits; /* recorded edits, in preorder of the values (a's order, then b's) */
  size_t edit_count;
  vrt_diff_step *steps;
  size_t step_count;
  /** Totals over every edit, recorded or not. */
  uint64_t changed, type_changed, inserted, removed, moved;
  /** True when max_edits stopped the recording. */
  bool truncated;
} vrt_diff_result;

/**
 * Diffs `a` against `b`. `a_nodes` / `b_nodes` must be the node tables of exactly those bytes
 * (built with the same hash options). `options` may be NULL (exact, ordered, no limit). Writes an
 * empty result (no edits, totals 0) when the structures are equal. On failure `out` is left
 * empty. Errors: NULL_ARGUMENT, INVALID_ARGUMENT (an empty node table, or tables that do not
 * describe the bytes' lengths), TOO_LARGE (more than VRT_DIFF_MAX_IGNORED_PATHS ignored paths),
 * OUT_OF_MEMORY.
 */
vrt_status vrt_diff(const uint8_t *a, size_t a_length, const vrt_node_table *a_nodes,
                    const uint8_t *b, size_t b_length, const vrt_node_table *b_nodes,
                    const vrt_diff_options *options, vrt_diff_result *out);

/** Frees the result's arrays and empties it. NULL is a no-op. */
void vrt_diff_result_free(vrt_diff_result *result);

#ifdef __cplusplus
}
#endif

#endif /* VRT_DIFF_H */
