/*
 * reader.c — reading structures: varints, value sizes, validation and node tables.
 *
 * vrt_node_table_build and vrt_validate share one iterative walker. It keeps an explicit,
 * heap-allocated stack of open containers (so nesting depth costs heap, never C stack), reads
 * every byte at most once, and checks every read against the end of the enclosing container:
 * running past the end of the input at top level is TRUNCATED; running past the end of a
 * container (a child overrunning its parent) is MALFORMED.
 */
#include <stdlib.h>

#include "xxh.h"

#include "internal.h"

vrt_status vrt_read_varint(const uint8_t *bytes, size_t length, uint64_t *out_value,
                           size_t *out_used) {
  if (out_value == NULL || out_used == NULL || (bytes == NULL && length > 0)) {
    return VRT_ERR_NULL_ARGUMENT;
  }
  if (length == 0) return VRT_ERR_TRUNCATED;
  uint64_t value;
  size_t used;
  vrt_status st = vrt__varint(bytes, length, &value, &used);
  if (st != VRT_OK) return st;
  *out_value = value;
  *out_used = used;
  return VRT_OK;
}

vrt_status vrt_value_size(const uint8_t *bytes, size_t length, size_t *out_size) {
  if (out_size == NULL || (bytes == NULL && length > 0)) return VRT_ERR_NULL_ARGUMENT;
  if (length == 0) return VRT_ERR_TRUNCATED;
  size_t size;
  vrt_status st = vrt__value_size(bytes, length, &size);
  if (st != VRT_OK) return st;
  *out_size = size;
  return VRT_OK;
}

/* ------------------------------------------------------------------------------------------- */
/* The walker                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/** What an open container expects next. */
enum {
  VRT__EXPECT_NAME = 0,   /* STRUCT/ENUM/OBJECT: the type-name STRING */
  VRT__EXPECT_CASE,       /* ENUM: the case-name STRING */
  VRT__EXPECT_LABEL,      /* a field label STRING, or the end */
  VRT__EXPECT_FIELD,      /* the value of the label just read */
  VRT__EXPECT_ELEMENT,    /* ARRAY/SET: a value, or the end */
  VRT__EXPECT_KEY,        /* DICT: a key, or the end */
  VRT__EXPECT_DICT_VALUE, /* DICT: the value of the key just read */
};

typedef struct vrt__frame {
  uint64_t acc;     /* hash accumulator */
  uint32_t node;    /* node index of the container (build mode) */
  uint32_t end;     /* offset one past its payload */
  uint32_t pending; /* FIELD: offset of the label; DICT_VALUE: node index of the key */
  uint32_t children;
  uint8_t tag;
  uint8_t expect;
} vrt__frame;

static uint8_t vrt__first_expectation(uint8_t tag) {
  switch (tag) {
  case VRT_TAG_STRUCT:
  case VRT_TAG_ENUM:
  case VRT_TAG_OBJECT:
    return VRT__EXPECT_NAME;
  case VRT_TAG_TUPLE:
    return VRT__EXPECT_LABEL;
  case VRT_TAG_DICT:
    return VRT__EXPECT_KEY;
  default:
    return VRT__EXPECT_ELEMENT;
  }
}

static uint64_t vrt__finish_container(uint64_t acc, uint32_t children, uint8_t tag, uint64_t seed) {
  uint8_t buf[16];
  vrt__store_le64(buf, acc);
  vrt__store_le64(buf + 8, ((uint64_t)children << 8) | tag);
  return XXH3_64bits_withSeed(buf, sizeof buf, seed);
}

/** Checks the contents of a scalar (after any SOME prefixes) at `p` and writes its size. */
static vrt_status vrt__check_scalar(const uint8_t *p, size_t avail, uint32_t objects,
                                    size_t *out_size) {
  uint8_t tag = p[0];
  vrt_status st = vrt__value_size(p, avail, out_size);
  if (st != VRT_OK) return st;
  if (tag == VRT_TAG_DOUBLE) {
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) bits |= (uint64_t)p[1 + i] << (8 * i);
    bool nan = (bits & UINT64_C(0x7FF0000000000000)) == UINT64_C(0x7FF0000000000000) &&
               (bits & UINT64_C(0x000FFFFFFFFFFFFF)) != 0;
    if (bits == UINT64_C(0x8000000000000000)) return VRT_ERR_MALFORMED; /* -0.0 */
    if (nan && bits != UINT64_C(0x7FF8000000000000)) return VRT_ERR_MALFORMED;
  } else if (tag == VRT_TAG_BACKREF) {
    uint64_t ordinal;
    size_t used;
    st = vrt__varint(p + 1, avail - 1, &ordinal, &used);
    if (st != VRT_OK) return st;
    if (ordinal >= objects) return VRT_ERR_MALFORMED;
  }
  return VRT_OK;
}

/** Allocation counting for the test seam (vrt_node_table_build_failing). */
typedef struct vrt__allocs {
  uint64_t count;
  uint64_t fail;
} vrt__allocs;

static bool vrt__grow_array(vrt__allocs *allocs, void **array, size_t *capacity, size_t size) {
  size_t cap = *capacity < 32 ? 32 : *capacity * 2;
  if (cap > SIZE_MAX / size) return false;
  allocs->count++;
  if (allocs->fail != 0 && allocs->count == allocs->fail) return false;
  void *grown = realloc(*array, cap * size);
  if (grown == NULL) return false;
  *array = grown;
  *capacity = cap;
  return true;
}

/** Walks one structure; builds `out` when it is not NULL, else only validates. */
static vrt_status vrt__walk(const uint8_t *b, size_t length, const vrt_hash_options *options,
                           vrt_node_table *out, vrt__allocs *allocs) {
  if (length == 0) return VRT_ERR_TRUNCATED;
  if (length > (size_t)UINT32_MAX) return VRT_ERR_TOO_LARGE;
  const bool build = out != NULL;
  const uint64_t seed = options != NULL ? options->seed : 0;
  const bool constant = options != NULL && (options->flags & VRT_HASH_CONSTANT) != 0;
  const uint64_t constant_hash = options != NULL ? options->constant : 0;

  vrt__frame *frames = NULL;
  size_t frame_count = 0, frame_capacity = 0;
  vrt_node *nodes = NULL;
  size_t count = 0, node_capacity = 0;
  uint32_t objects = 0; /* OBJECT containers open around `pos` (BACKREF targets) */
  size_t pos = 0;
  bool root_started = false;
  vrt_status status = VRT_OK;

  for (;;) {
    /* Close every container whose payload ends here. */
    while (frame_count > 0 && pos == frames[frame_count - 1].end) {
      vrt__frame *f = &frames[frame_count - 1];
      uint8_t ex = f->expect;
      if (ex != VRT__EXPECT_LABEL && ex != VRT__EXPECT_ELEMENT && ex != VRT__EXPECT_KEY) {
        status = VRT_ERR_MALFORMED; /* missing name, label without value, or odd DICT */
        goto fail;
      }
      if (f->tag == VRT_TAG_OBJECT) objects--;
      uint64_t hash = 0;
      if (build) {
        hash = constant ? constant_hash : vrt__finish_container(f->acc, f->children, f->tag, seed);
        nodes[f->node].hash = hash;
        nodes[f->node].end_index = (uint32_t)count;
      }
      frame_count--;
      if (build && frame_count > 0) {
        frames[frame_count - 1].acc = vrt__mix_round(frames[frame_count - 1].acc, hash);
      }
    }
    if (frame_count == 0 && root_started) break;

    vrt__frame *parent = frame_count > 0 ? &frames[frame_count - 1] : NULL;
    const size_t limit = parent != NULL ? parent->end : length;
    const vrt_status overrun = parent != NULL ? VRT_ERR_MALFORMED : VRT_ERR_TRUNCATED;

    /* A type name, case name or label: a STRING that is not a node. */
    if (parent != NULL && (parent->expect == VRT__EXPECT_NAME || parent->expect == VRT__EXPECT_CASE ||
                           parent->expect == VRT__EXPECT_LABEL)) {
      size_t size;
      if (b[pos] != VRT_TAG_STRING) {
        status = VRT_ERR_MALFORMED;
        goto fail;
      }
      vrt_status st = vrt__sized_run(b + pos + 1, limit - pos - 1, &size);
      if (st != VRT_OK) {
        status = st == VRT_ERR_TRUNCATED ? overrun : st;
        goto fail;
      }
      if (build && !constant) {
        parent->acc = vrt__mix_round(parent->acc, XXH3_64bits_withSeed(b + pos, 1 + size, seed));
      }
      if (parent->expect == VRT__EXPECT_NAME) {
        if (build) nodes[parent->node].name_offset = (uint32_t)pos;
        parent->expect = parent->tag == VRT_TAG_ENUM ? VRT__EXPECT_CASE : VRT__EXPECT_LABEL;
      } else if (parent->expect == VRT__EXPECT_CASE) {
        parent->expect = VRT__EXPECT_LABEL;
      } else {
        parent->pending = (uint32_t)pos;
        parent->expect = VRT__EXPECT_FIELD;
      }
      pos += 1 + size;
      continue;
    }

    /* A value node. */
    const size_t start = pos;
    size_t some = 0;
    while (b[pos] == VRT_TAG_SOME) {
      pos++;
      some++;
      if (pos >= limit) {
        status = overrun;
        goto fail;
      }
    }
    const uint8_t tag = b[pos];
    if (some > 0 && tag != VRT_TAG_NIL) {
      status = VRT_ERR_MALFORMED; /* SOME only wraps NIL or SOME (the canonical form) */
      goto fail;
    }
    if (count >= (size_t)VRT_NONE - 1) {
      status = VRT_ERR_TOO_LARGE;
      goto fail;
    }
    const uint32_t index = (uint32_t)count;
    vrt_node *node = NULL;
    if (build) {
      if (count == node_capacity) {
        void *grown = nodes;
        if (!vrt__grow_array(allocs, &grown, &node_capacity, sizeof(vrt_node))) {
          status = VRT_ERR_OUT_OF_MEMORY;
          goto fail;
        }
        nodes = (vrt_node *)grown;
      }
      node = &nodes[count];
      node->hash = 0;
      node->offset = (uint32_t)start;
      node->length = 0;
      node->depth = (uint32_t)frame_count;
      node->parent = parent != NULL ? parent->node : VRT_NONE;
      node->child_count = 0;
      node->name_offset = VRT_NONE;
      node->label_offset = VRT_NONE;
      node->key_node = VRT_NONE;
      node->end_index = index + 1;
      node->tag = tag;
      node->some_depth = (uint8_t)(some > 255 ? 255 : some);
    }
    count++;
    root_started = true;
    if (parent != NULL) {
      parent->children++;
      if (build) nodes[parent->node].child_count = parent->children;
      switch (parent->expect) {
      case VRT__EXPECT_FIELD:
        if (build) node->label_offset = parent->pending;
        parent->expect = VRT__EXPECT_LABEL;
        break;
      case VRT__EXPECT_KEY:
        parent->pending = index;
        parent->expect = VRT__EXPECT_DICT_VALUE;
        break;
      case VRT__EXPECT_DICT_VALUE:
        if (build) node->key_node = parent->pending;
        parent->expect = VRT__EXPECT_KEY;
        break;
      default:
        break;
      }
    }

    if (vrt_tag_is_container(tag)) {
      if (limit - pos < VRT_CONTAINER_HEADER) {
        status = overrun;
        goto fail;
      }
      uint32_t payload = vrt__load_le32(b + pos + 1);
      if (payload > VRT_MAX_PAYLOAD) {
        status = VRT_ERR_MALFORMED;
        goto fail;
      }
      if ((size_t)payload > limit - pos - VRT_CONTAINER_HEADER) {
        status = overrun;
        goto fail;
      }
      if (tag == VRT_TAG_OBJECT) objects++;
      if (frame_count == frame_capacity) {
        void *grown = frames;
        if (!vrt__grow_array(allocs, &grown, &frame_capacity, sizeof(vrt__frame))) {
          status = VRT_ERR_OUT_OF_MEMORY;
          goto fail;
        }
        frames = (vrt__frame *)grown;
      }
      size_t end = pos + VRT_CONTAINER_HEADER + payload;
      vrt__frame *f = &frames[frame_count++];
      f->acc = vrt__mix_init(seed, tag);
      f->node = index;
      f->end = (uint32_t)end;
      f->pending = VRT_NONE;
      f->children = 0;
      f->tag = tag;
      f->expect = vrt__first_expectation(tag);
      if (build) node->length = (uint32_t)(end - start);
      pos += VRT_CONTAINER_HEADER;
      continue;
    }

    size_t size;
    vrt_status st = vrt__check_scalar(b + pos, limit - pos, objects, &size);
    if (st != VRT_OK) {
      status = st == VRT_ERR_TRUNCATED ? overrun : st;
      goto fail;
    }
    pos += size;
    if (build) {
      node->length = (uint32_t)(pos - start);
      node->hash = constant ? constant_hash : XXH3_64bits_withSeed(b + start, pos - start, seed);
      if (parent != NULL) parent->acc = vrt__mix_round(parent->acc, node->hash);
    }
  }

  if (pos != length) {
    status = VRT_ERR_MALFORMED; /* trailing bytes after the root */
    goto fail;
  }
  free(frames);
  if (build) {
    out->nodes = nodes;
    out->count = count;
  }
  return VRT_OK;

fail:
  free(frames);
  free(nodes);
  return status;
}

vrt_status vrt_node_table_build(const uint8_t *bytes, size_t length, const vrt_hash_options *options,
                                vrt_node_table *out) {
  if (out == NULL) return VRT_ERR_NULL_ARGUMENT;
  out->nodes = NULL;
  out->count = 0;
  if (bytes == NULL && length > 0) return VRT_ERR_NULL_ARGUMENT;
  vrt__allocs allocs = {0, 0};
  return vrt__walk(bytes, length, options, out, &allocs);
}

vrt_status vrt_node_table_build_failing(const uint8_t *bytes, size_t length,
                                        const vrt_hash_options *options, uint64_t fail_allocation,
                                        vrt_node_table *out, uint64_t *out_allocations) {
  if (out == NULL) return VRT_ERR_NULL_ARGUMENT;
  out->nodes = NULL;
  out->count = 0;
  if (bytes == NULL && length > 0) return VRT_ERR_NULL_ARGUMENT;
  vrt__allocs allocs = {0, fail_allocation};
  vrt_status status = vrt__walk(bytes, length, options, out, &allocs);
  if (out_allocations != NULL) *out_allocations = allocs.count;
  return status;
}

void vrt_node_table_free(vrt_node_table *table) {
  if (table == NULL) return;
  free(table->nodes);
  table->nodes = NULL;
  table->count = 0;
}

vrt_status vrt_validate(const uint8_t *bytes, size_t length) {
  if (bytes == NULL && length > 0) return VRT_ERR_NULL_ARGUMENT;
  vrt__allocs allocs = {0, 0};
  return vrt__walk(bytes, length, NULL, NULL, &allocs);
}

bool vrt_read_int64(const uint8_t *bytes, size_t length, int64_t *out_value) {
  if (bytes == NULL || out_value == NULL || length < 2) return false;
  if (bytes[0] != VRT_TAG_UINT && bytes[0] != VRT_TAG_NINT) return false;
  uint64_t magnitude;
  size_t used;
  if (vrt__varint(bytes + 1, length - 1, &magnitude, &used) != VRT_OK || 1 + used != length) return false;
  if (magnitude > (uint64_t)INT64_MAX) return false;
  /* NINT n is -(n + 1): from -1 down to INT64_MIN for n = INT64_MAX. */
  *out_value = bytes[0] == VRT_TAG_UINT ? (int64_t)magnitude : -(int64_t)magnitude - 1;
  return true;
}

bool vrt_read_double(const uint8_t *bytes, size_t length, double *out_value) {
  if (bytes == NULL || out_value == NULL || length != 9 || bytes[0] != VRT_TAG_DOUBLE) return false;
  uint64_t bits = 0;
  for (int i = 0; i < 8; i++) bits |= (uint64_t)bytes[1 + i] << (8 * i);
  memcpy(out_value, &bits, 8);
  return true;
}
