/*
 * writer.c — the structure writer: containers, canonical SET/DICT order, object identities.
 *
 * The scalar writes are inline in vrt_writer.h; this file holds everything out of line:
 * growth, container begin/end (payload length patching, sorting), BACKREF identities, SOME
 * wrapping and OPAQUE values.
 *
 * Private layout of the public struct:
 *   - `open` holds two size_t per open container: the offset of its tag byte, and 1 when it is an
 *     OBJECT whose identity was registered by vrt_writer_object_seen (0 otherwise).
 *     `open_capacity` counts containers, not size_t slots.
 *   - `object_count` is the number of such OBJECTs open around the write position.
 *   - `identities` points to a vrt__writer_aux (allocated on first need): the identity table
 *     (open addressing, uintptr_t -> slot, cleared in O(1) by bumping an epoch) of every instance
 *     written in the current value, each marked open (an ancestor of the write position, with
 *     its depth among the open OBJECTs) or closed; the stack of open identities; the count of
 *     instances written again (sharing); and scratch buffers used when sorting.
 *
 * Identities and BACKREF: an instance that is an open ancestor is a cycle and becomes a BACKREF
 * to it, by distance (0 = the innermost open OBJECT). Any other instance is written in full, even
 * when it was written before (sharing never changes the bytes). Because a BACKREF only points
 * outward, the bytes of a subtree never depend on what was written before it, so sorting SET and
 * DICT payloads is a plain permutation of byte ranges.
 */
#include <stdlib.h>

#include "internal.h"

typedef struct vrt__slot {
  uintptr_t key;
  uint32_t depth; /* while open: its index in the open-identity stack */
  uint32_t epoch; /* the slot is occupied iff epoch == aux->epoch */
  uint8_t open;   /* 1 while the instance is an open ancestor of the write position */
} vrt__slot;

/** One SET element or DICT pair inside the payload being sorted. */
typedef struct vrt__entry {
  size_t start;      /* offset in the writer's buffer */
  size_t key_length; /* SET: the element's size; DICT: the key's size */
  size_t length;     /* SET: the element's size; DICT: key + value */
} vrt__entry;

typedef struct vrt__writer_aux {
  vrt__slot *slots;
  size_t slot_capacity; /* 0 or a power of two */
  size_t slot_used;
  uint32_t epoch;

  uintptr_t *ids; /* the open-identity stack: ids[0 ..< object_count] */
  size_t ids_capacity;
  uintptr_t pending; /* registered by vrt_writer_object_seen, opened by the next begin(OBJECT) */
  uint64_t repeats;  /* instances written again in the current value (sharing) */

  vrt__entry *entries;
  vrt__entry *merge;
  size_t entry_capacity;

  uint8_t *scratch;
  size_t scratch_capacity;
} vrt__writer_aux;

static bool vrt__open_identity(vrt_writer *w, size_t *registered);
static void vrt__close_identity(vrt_writer *w);

/* ------------------------------------------------------------------------------------------- */
/* Basics                                                                                       */
/* ------------------------------------------------------------------------------------------- */

static void vrt__fail(vrt_writer *w, vrt_status status) {
  if (w->status == VRT_OK) w->status = status;
}

/** Counts an allocation; false when the test seam (vrt_writer_fail_allocation) makes it fail. */
static bool vrt__may_allocate(vrt_writer *w) {
  w->allocations++;
  return w->fail_allocation == 0 || w->allocations != w->fail_allocation;
}

uint64_t vrt_writer_fail_allocation(vrt_writer *w, uint64_t n) {
  if (w == NULL) return 0;
  w->fail_allocation = n == 0 ? 0 : w->allocations + n;
  return w->allocations;
}

void vrt_writer_init(vrt_writer *w) {
  if (w == NULL) return;
  memset(w, 0, sizeof *w);
  w->status = VRT_OK;
}

static void vrt__aux_free(vrt__writer_aux *aux) {
  if (aux == NULL) return;
  free(aux->slots);
  free(aux->ids);
  free(aux->entries);
  free(aux->merge);
  free(aux->scratch);
  free(aux);
}

void vrt_writer_destroy(vrt_writer *w) {
  if (w == NULL) return;
  free(w->bytes);
  free(w->open);
  vrt__aux_free((vrt__writer_aux *)w->identities);
  memset(w, 0, sizeof *w);
  w->status = VRT_OK;
}

static void vrt__forget(vrt_writer *w) {
  vrt__writer_aux *aux = (vrt__writer_aux *)w->identities;
  w->object_count = 0;
  if (aux == NULL) return;
  aux->slot_used = 0;
  aux->pending = 0;
  aux->repeats = 0;
  aux->epoch++;
  if (aux->epoch == 0) {
    /* The epoch wrapped: really clear the slots once every 2^32 resets. */
    if (aux->slots != NULL) memset(aux->slots, 0, aux->slot_capacity * sizeof(vrt__slot));
    aux->epoch = 1;
  }
}

void vrt_writer_reset(vrt_writer *w) {
  if (w == NULL) return;
  w->length = 0;
  w->open_count = 0;
  w->status = VRT_OK;
  vrt__forget(w);
}

bool vrt_writer_grow(vrt_writer *w, size_t extra) {
  if (w == NULL) return false;
  if (w->status != VRT_OK) return false;
  if (w->capacity - w->length >= extra) return true;
  if (extra > SIZE_MAX - w->length) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return false;
  }
  size_t needed = w->length + extra;
  size_t capacity = w->capacity < 64 ? 64 : w->capacity;
  while (capacity < needed) {
    if (capacity > SIZE_MAX / 2) {
      capacity = needed;
      break;
    }
    capacity *= 2;
  }
  uint8_t *bytes = vrt__may_allocate(w) ? (uint8_t *)realloc(w->bytes, capacity) : NULL;
  if (bytes == NULL) {
    vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
    return false;
  }
  w->bytes = bytes;
  w->capacity = capacity;
  return true;
}

vrt_status vrt_writer_finish(const vrt_writer *w) {
  if (w == NULL) return VRT_ERR_NULL_ARGUMENT;
  if (w->status != VRT_OK) return w->status;
  if (w->open_count != 0) return VRT_ERR_INVALID_STATE;
  return VRT_OK;
}

static vrt__writer_aux *vrt__aux(vrt_writer *w) {
  if (w->identities == NULL) {
    vrt__writer_aux *aux =
        vrt__may_allocate(w) ? (vrt__writer_aux *)calloc(1, sizeof(vrt__writer_aux)) : NULL;
    if (aux == NULL) {
      vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
      return NULL;
    }
    aux->epoch = 1;
    w->identities = aux;
  }
  return (vrt__writer_aux *)w->identities;
}

/** Grows `*array` (elements of `size` bytes) to hold at least `needed` elements, doubling. */
static bool vrt__ensure(vrt_writer *w, void **array, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return true;
  size_t cap = *capacity < 16 ? 16 : *capacity;
  while (cap < needed) {
    if (cap > SIZE_MAX / 2 / size) return false;
    cap *= 2;
  }
  if (cap > SIZE_MAX / size) return false;
  if (!vrt__may_allocate(w)) return false;
  void *grown = realloc(*array, cap * size);
  if (grown == NULL) return false;
  *array = grown;
  *capacity = cap;
  return true;
}

static void vrt__put_varint(uint8_t *p, size_t *length, uint64_t v) {
  size_t n = *length;
  while (v >= 0x80) {
    p[n++] = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  p[n++] = (uint8_t)v;
  *length = n;
}

/* ------------------------------------------------------------------------------------------- */
/* OPAQUE                                                                                       */
/* ------------------------------------------------------------------------------------------- */

void vrt_writer_write_opaque(vrt_writer *w, const char *type_name, size_t type_length,
                             const char *description, size_t description_length) {
  if (w == NULL || w->status != VRT_OK) return;
  if ((type_name == NULL && type_length > 0) || (description == NULL && description_length > 0)) {
    vrt__fail(w, VRT_ERR_NULL_ARGUMENT);
    return;
  }
  if (type_length > VRT_MAX_PAYLOAD || description_length > VRT_MAX_PAYLOAD ||
      type_length > SIZE_MAX - 21 - description_length) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return;
  }
  if (!vrt_writer_reserve_(w, 21 + type_length + description_length)) return;
  w->bytes[w->length++] = VRT_TAG_OPAQUE;
  vrt__put_varint(w->bytes, &w->length, type_length);
  if (type_length > 0) memcpy(w->bytes + w->length, type_name, type_length);
  w->length += type_length;
  vrt__put_varint(w->bytes, &w->length, description_length);
  if (description_length > 0) memcpy(w->bytes + w->length, description, description_length);
  w->length += description_length;
}

/* ------------------------------------------------------------------------------------------- */
/* Containers                                                                                   */
/* ------------------------------------------------------------------------------------------- */

void vrt_writer_begin(vrt_writer *w, uint8_t tag, const char *name, size_t name_length) {
  if (w == NULL || w->status != VRT_OK) return;
  if (!vrt_tag_is_container(tag)) {
    vrt__fail(w, VRT_ERR_INVALID_ARGUMENT);
    return;
  }
  bool named = tag == VRT_TAG_STRUCT || tag == VRT_TAG_ENUM || tag == VRT_TAG_OBJECT;
  if (named && name == NULL && name_length > 0) {
    vrt__fail(w, VRT_ERR_NULL_ARGUMENT);
    return;
  }
  if (w->open_count == w->open_capacity) {
    size_t cap = w->open_capacity < 16 ? 16 : w->open_capacity * 2;
    if (cap > SIZE_MAX / (2 * sizeof(size_t))) {
      vrt__fail(w, VRT_ERR_TOO_LARGE);
      return;
    }
    size_t *open = vrt__may_allocate(w) ? (size_t *)realloc(w->open, cap * 2 * sizeof(size_t)) : NULL;
    if (open == NULL) {
      vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
      return;
    }
    w->open = open;
    w->open_capacity = cap;
  }
  if (!vrt_writer_reserve_(w, VRT_CONTAINER_HEADER)) return;
  size_t registered = 0;
  if (tag == VRT_TAG_OBJECT) {
    if (!vrt__open_identity(w, &registered)) return;
  } else if (w->identities != NULL) {
    /* An identity registered by vrt_writer_object_seen belongs to the OBJECT begun next; any
     * other container means the caller wrote something else, so it belongs to nothing. */
    ((vrt__writer_aux *)w->identities)->pending = 0;
  }
  w->open[2 * w->open_count] = w->length;
  w->open[2 * w->open_count + 1] = registered;
  w->open_count++;
  uint8_t *p = w->bytes + w->length;
  p[0] = tag;
  vrt__store_le32(p + 1, 0);
  w->length += VRT_CONTAINER_HEADER;
  if (named) vrt_writer_write_data(w, VRT_TAG_STRING, name, name_length);
}

static int vrt__compare_bytes(const uint8_t *a, size_t la, const uint8_t *b, size_t lb) {
  size_t m = la < lb ? la : lb;
  int c = m > 0 ? memcmp(a, b, m) : 0;
  if (c != 0) return c < 0 ? -1 : 1;
  return la < lb ? -1 : (la > lb ? 1 : 0);
}

/** Key bytes first; equal keys (a DICT with duplicate keys, equal SET elements) by value bytes. */
static int vrt__compare_entries(const uint8_t *base, const vrt__entry *a, const vrt__entry *b) {
  int c = vrt__compare_bytes(base + a->start, a->key_length, base + b->start, b->key_length);
  if (c != 0) return c;
  return vrt__compare_bytes(base + a->start + a->key_length, a->length - a->key_length,
                            base + b->start + b->key_length, b->length - b->key_length);
}

/** Stable bottom-up merge sort of `n` entries (no recursion); `tmp` holds `n` entries. */
static void vrt__sort_entries(const uint8_t *base, vrt__entry *entries, vrt__entry *tmp, size_t n) {
  vrt__entry *src = entries;
  vrt__entry *dst = tmp;
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      size_t mid = lo + width < n ? lo + width : n;
      size_t hi = mid + width < n ? mid + width : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        if (vrt__compare_entries(base, &src[j], &src[i]) < 0) {
          dst[k++] = src[j++];
        } else {
          dst[k++] = src[i++];
        }
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    vrt__entry *swap = src;
    src = dst;
    dst = swap;
    if (width > SIZE_MAX / 2) break;
  }
  if (src != entries) memcpy(entries, src, n * sizeof(vrt__entry));
}

static size_t vrt__slot_index(uintptr_t key, size_t mask) {
  uint64_t h = (uint64_t)key * VRT__P1;
  return (size_t)(h ^ (h >> 29)) & mask;
}

static vrt_status vrt__canonicalize(vrt_writer *w, size_t start) {
  bool dict = w->bytes[start] == VRT_TAG_DICT;
  size_t ps = start + VRT_CONTAINER_HEADER;
  size_t pe = w->length;
  vrt__writer_aux *aux = vrt__aux(w);
  if (aux == NULL) return VRT_ERR_OUT_OF_MEMORY;

  size_t n = 0;
  for (size_t pos = ps; pos < pe;) {
    size_t key, value = 0;
    if (vrt__value_size(w->bytes + pos, pe - pos, &key) != VRT_OK) return VRT_ERR_MALFORMED;
    if (dict) {
      if (pos + key >= pe) return VRT_ERR_MALFORMED; /* a key without its value */
      if (vrt__value_size(w->bytes + pos + key, pe - pos - key, &value) != VRT_OK) {
        return VRT_ERR_MALFORMED;
      }
    }
    if (n == aux->entry_capacity) {
      void *p = aux->entries;
      size_t cap = aux->entry_capacity;
      if (!vrt__ensure(w, &p, &cap, n + 1, sizeof(vrt__entry))) return VRT_ERR_OUT_OF_MEMORY;
      aux->entries = (vrt__entry *)p;
      void *q = vrt__may_allocate(w) ? realloc(aux->merge, cap * sizeof(vrt__entry)) : NULL;
      if (q == NULL) return VRT_ERR_OUT_OF_MEMORY;
      aux->merge = (vrt__entry *)q;
      aux->entry_capacity = cap;
    }
    aux->entries[n].start = pos;
    aux->entries[n].key_length = key;
    aux->entries[n].length = key + value;
    n++;
    pos += key + value;
  }

  bool sorted = true;
  for (size_t i = 1; i < n && sorted; i++) {
    if (vrt__compare_entries(w->bytes, &aux->entries[i - 1], &aux->entries[i]) > 0) sorted = false;
  }
  if (sorted) return VRT_OK;
  vrt__sort_entries(w->bytes, aux->entries, aux->merge, n);

  size_t payload = pe - ps;
  if (payload > aux->scratch_capacity) {
    void *p = aux->scratch;
    size_t cap = aux->scratch_capacity;
    if (!vrt__ensure(w, &p, &cap, payload, 1)) return VRT_ERR_OUT_OF_MEMORY;
    aux->scratch = (uint8_t *)p;
    aux->scratch_capacity = cap;
  }
  size_t at = 0;
  for (size_t i = 0; i < n; i++) {
    memcpy(aux->scratch + at, w->bytes + aux->entries[i].start, aux->entries[i].length);
    at += aux->entries[i].length;
  }
  memcpy(w->bytes + ps, aux->scratch, payload);
  return VRT_OK;
}

void vrt_writer_end(vrt_writer *w) {
  if (w == NULL || w->status != VRT_OK) return;
  if (w->open_count == 0) {
    vrt__fail(w, VRT_ERR_INVALID_STATE);
    return;
  }
  size_t top = w->open_count - 1;
  size_t start = w->open[2 * top];
  bool registered = w->open[2 * top + 1] != 0;
  if (w->length - start - VRT_CONTAINER_HEADER > VRT_MAX_PAYLOAD) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return;
  }
  uint8_t tag = w->bytes[start];
  if (tag == VRT_TAG_SET || tag == VRT_TAG_DICT) {
    vrt_status st = vrt__canonicalize(w, start);
    if (st != VRT_OK) {
      vrt__fail(w, st);
      return;
    }
  }
  size_t payload = w->length - start - VRT_CONTAINER_HEADER;
  if (payload > VRT_MAX_PAYLOAD) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return;
  }
  vrt__store_le32(w->bytes + start + 1, (uint32_t)payload);
  w->open_count = top;
  if (registered) vrt__close_identity(w);
}

/* ------------------------------------------------------------------------------------------- */
/* Identities                                                                                   */
/* ------------------------------------------------------------------------------------------- */


static bool vrt__identity_grow(vrt_writer *w, vrt__writer_aux *aux) {
  size_t cap = aux->slot_capacity == 0 ? 64 : aux->slot_capacity * 2;
  if (cap > SIZE_MAX / sizeof(vrt__slot)) return false;
  vrt__slot *slots = vrt__may_allocate(w) ? (vrt__slot *)calloc(cap, sizeof(vrt__slot)) : NULL;
  if (slots == NULL) return false;
  for (size_t i = 0; i < aux->slot_capacity; i++) {
    const vrt__slot *old = &aux->slots[i];
    if (old->epoch != aux->epoch) continue;
    size_t s = vrt__slot_index(old->key, cap - 1);
    while (slots[s].epoch == aux->epoch) s = (s + 1) & (cap - 1);
    slots[s] = *old;
  }
  free(aux->slots);
  aux->slots = slots;
  aux->slot_capacity = cap;
  return true;
}

/** The slot of `identity` in the table, or the empty slot where it would go. */
static vrt__slot *vrt__identity_slot(vrt__writer_aux *aux, uintptr_t identity) {
  size_t mask = aux->slot_capacity - 1;
  size_t s = vrt__slot_index(identity, mask);
  while (aux->slots[s].epoch == aux->epoch && aux->slots[s].key != identity) s = (s + 1) & mask;
  return &aux->slots[s];
}

bool vrt_writer_object_seen(vrt_writer *w, uintptr_t identity) {
  if (w == NULL || w->status != VRT_OK) return true;
  if (identity == 0) {
    vrt__fail(w, VRT_ERR_INVALID_ARGUMENT);
    return true;
  }
  vrt__writer_aux *aux = vrt__aux(w);
  if (aux == NULL) return true;
  if ((aux->slot_used + 1) * 2 > aux->slot_capacity && !vrt__identity_grow(w, aux)) {
    vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
    return true;
  }
  vrt__slot *slot = vrt__identity_slot(aux, identity);
  if (slot->epoch == aux->epoch) {
    if (slot->open) {
      /* A cycle: refer to the open ancestor by its distance from the innermost open OBJECT. */
      if (!vrt_writer_reserve_(w, 11)) return true;
      w->bytes[w->length++] = VRT_TAG_BACKREF;
      vrt__put_varint(w->bytes, &w->length, (uint64_t)(w->object_count - 1 - slot->depth));
      return true;
    }
    /* Shared: written again in full, within a budget (a diamond chain doubles at each level). */
    if (aux->repeats >= VRT_MAX_REPEATED_INSTANCES) {
      vrt__fail(w, VRT_ERR_SHARING_LIMIT);
      return true;
    }
    aux->repeats++;
  } else {
    slot->key = identity;
    slot->epoch = aux->epoch;
    slot->open = 0;
    aux->slot_used++;
  }
  aux->pending = identity;
  return false;
}

/** Opens the identity registered by vrt_writer_object_seen for the OBJECT being begun. Sets
 *  `*registered` to 1 when there was one. Returns false (status set) when out of memory. */
static bool vrt__open_identity(vrt_writer *w, size_t *registered) {
  vrt__writer_aux *aux = (vrt__writer_aux *)w->identities;
  if (aux == NULL || aux->pending == 0) return true;
  uintptr_t identity = aux->pending;
  aux->pending = 0;
  if (w->object_count >= VRT_NONE - 1) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return false;
  }
  void *ids = aux->ids;
  if (!vrt__ensure(w, &ids, &aux->ids_capacity, (size_t)w->object_count + 1, sizeof(uintptr_t))) {
    vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
    return false;
  }
  aux->ids = (uintptr_t *)ids;
  vrt__slot *slot = vrt__identity_slot(aux, identity);
  slot->open = 1;
  slot->depth = w->object_count;
  aux->ids[w->object_count++] = identity;
  *registered = 1;
  return true;
}

/** Closes the innermost open identity (its OBJECT has ended): later occurrences are sharing. */
static void vrt__close_identity(vrt_writer *w) {
  vrt__writer_aux *aux = (vrt__writer_aux *)w->identities;
  if (aux == NULL || w->object_count == 0) return;
  uintptr_t identity = aux->ids[--w->object_count];
  vrt__identity_slot(aux, identity)->open = 0;
}

void vrt_writer_forget_identities(vrt_writer *w) {
  if (w == NULL || w->status != VRT_OK) return;
  if (w->open_count != 0) {
    /* OBJECT numbering restarts per value: forgetting inside an open container would break it. */
    vrt__fail(w, VRT_ERR_INVALID_STATE);
    return;
  }
  vrt__forget(w);
}

/* ------------------------------------------------------------------------------------------- */
/* Optionals                                                                                    */
/* ------------------------------------------------------------------------------------------- */

void vrt_writer_wrap_some(vrt_writer *w, size_t value_start) {
  if (w == NULL || w->status != VRT_OK) return;
  if (value_start >= w->length ||
      (w->open_count > 0 &&
       value_start < w->open[2 * (w->open_count - 1)] + VRT_CONTAINER_HEADER)) {
    vrt__fail(w, VRT_ERR_INVALID_ARGUMENT);
    return;
  }
  uint8_t first = w->bytes[value_start];
  if (first != VRT_TAG_NIL && first != VRT_TAG_SOME) return;
  if (!vrt_writer_reserve_(w, 1)) return;
  memmove(w->bytes + value_start + 1, w->bytes + value_start, w->length - value_start);
  w->bytes[value_start] = VRT_TAG_SOME;
  w->length++;
}
