/*
 * writer.c — the structure writer: containers, canonical SET/DICT order, object identities.
 *
 * The scalar writes are inline in verity_engine.h; this file holds everything out of line:
 * growth, container begin/end (payload length patching, sorting), BACKREF identities, SOME
 * wrapping and OPAQUE values.
 *
 * Private layout of the public struct:
 *   - `open` holds two size_t per open container: the offset of its tag byte and the value of
 *     `object_count` when it was opened. `open_capacity` counts containers, not size_t slots.
 *   - `identities` points to a vrt__writer_aux (allocated on first need): the identity table
 *     (open addressing, uintptr_t -> ordinal, cleared in O(1) by bumping an epoch), the
 *     ordinal -> identity array, and scratch buffers used when sorting.
 */
#include <stdlib.h>

#include "internal.h"

typedef struct vrt__slot {
  uintptr_t key;
  uint32_t ordinal;
  uint32_t epoch; /* the slot is occupied iff epoch == aux->epoch */
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

  uintptr_t *ids; /* ordinal -> identity */
  size_t ids_capacity;

  vrt__entry *entries;
  vrt__entry *merge;
  size_t entry_capacity;

  uint8_t *scratch;
  size_t scratch_capacity;
} vrt__writer_aux;

/* ------------------------------------------------------------------------------------------- */
/* Basics                                                                                       */
/* ------------------------------------------------------------------------------------------- */

static void vrt__fail(vrt_writer *w, vrt_status status) {
  if (w->status == VRT_OK) w->status = status;
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
  uint8_t *bytes = (uint8_t *)realloc(w->bytes, capacity);
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
    vrt__writer_aux *aux = (vrt__writer_aux *)calloc(1, sizeof(vrt__writer_aux));
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
static bool vrt__ensure(void **array, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) return true;
  size_t cap = *capacity < 16 ? 16 : *capacity;
  while (cap < needed) {
    if (cap > SIZE_MAX / 2 / size) return false;
    cap *= 2;
  }
  if (cap > SIZE_MAX / size) return false;
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
    size_t *open = (size_t *)realloc(w->open, cap * 2 * sizeof(size_t));
    if (open == NULL) {
      vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
      return;
    }
    w->open = open;
    w->open_capacity = cap;
  }
  if (!vrt_writer_reserve_(w, VRT_CONTAINER_HEADER)) return;
  w->open[2 * w->open_count] = w->length;
  w->open[2 * w->open_count + 1] = w->object_count;
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

enum { VRT__FRAME_CONTAINER = 0, VRT__FRAME_RETURN = 1 };

typedef struct vrt__emit_frame {
  size_t old_end;   /* CONTAINER: end of its payload in the old bytes; RETURN: where to resume */
  size_t new_start; /* CONTAINER: offset of its header in the output */
  int kind;
} vrt__emit_frame;

typedef struct vrt__emitter {
  uint8_t *out;
  size_t length;
  size_t capacity;
} vrt__emitter;

static bool vrt__emit_reserve(vrt__emitter *e, size_t extra) {
  if (e->capacity - e->length >= extra) return true;
  if (extra > SIZE_MAX - e->length) return false;
  void *p = e->out;
  size_t cap = e->capacity;
  if (!vrt__ensure(&p, &cap, e->length + extra, 1)) return false;
  e->out = (uint8_t *)p;
  e->capacity = cap;
  return true;
}

static size_t vrt__slot_index(uintptr_t key, size_t mask) {
  uint64_t h = (uint64_t)key * VRT__P1;
  return (size_t)(h ^ (h >> 29)) & mask;
}

/** Index `i` with objpos[i] == offset (objpos is increasing), or m when absent. */
static size_t vrt__find_object(const size_t *objpos, size_t m, size_t offset) {
  size_t lo = 0, hi = m;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (objpos[mid] < offset) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return (lo < m && objpos[lo] == offset) ? lo : m;
}

/**
 * Rewrites a sorted SET/DICT payload that contains OBJECTs written inside it.
 *
 * OBJECT ordinals are their preorder positions in the value; sorting moved elements, so an element
 * may now hold a BACKREF to an object whose contents come later. The payload is re-emitted in the
 * sorted element order, walking the old bytes with an explicit stack: every object is written in
 * full at its first occurrence in the new order (jumping to its old contents when that first
 * occurrence was a BACKREF) and as a BACKREF everywhere else; objects are renumbered in the new
 * preorder, container lengths recomputed, and the identity table updated for later BACKREFs.
 */
static vrt_status vrt__reserialize(vrt_writer *w, vrt__writer_aux *aux, const vrt__entry *entries,
                                   size_t n, size_t ps, size_t pe, uint32_t base) {
  const uint8_t *b = w->bytes;
  size_t m = (size_t)(w->object_count - base);
  vrt_status status = VRT_OK;
  size_t *objpos = (size_t *)malloc(m * sizeof(size_t));
  uint32_t *renum = (uint32_t *)malloc(m * sizeof(uint32_t));
  uintptr_t *ids = (uintptr_t *)malloc(m * sizeof(uintptr_t));
  vrt__emit_frame *frames = NULL;
  size_t frame_count = 0, frame_capacity = 0;
  vrt__emitter e = {aux->scratch, 0, aux->scratch_capacity};
  if (objpos == NULL || renum == NULL || ids == NULL) {
    status = VRT_ERR_OUT_OF_MEMORY;
    goto done;
  }

  /* 1. Old ordinals: OBJECT tags in preorder (a flat scan steps into every container header). */
  size_t found = 0;
  for (size_t pos = ps; pos < pe;) {
    uint8_t tag = b[pos];
    if (vrt_tag_is_container(tag)) {
      if (tag == VRT_TAG_OBJECT) {
        if (found == m) {
          status = VRT_ERR_MALFORMED;
          goto done;
        }
        objpos[found++] = pos;
      }
      pos += VRT_CONTAINER_HEADER;
    } else if (tag == VRT_TAG_SOME) {
      pos++;
    } else {
      size_t size;
      if (vrt__value_size(b + pos, pe - pos, &size) != VRT_OK) {
        status = VRT_ERR_MALFORMED;
        goto done;
      }
      pos += size;
    }
  }
  if (found != m) {
    status = VRT_ERR_MALFORMED;
    goto done;
  }
  for (size_t i = 0; i < m; i++) renum[i] = VRT_NONE;
  uint32_t next = base;

  /* 2. Emit the elements in sorted order. */
  for (size_t k = 0; k < n; k++) {
    size_t cur = entries[k].start;
    size_t end = cur + entries[k].length;
    for (;;) {
      while (frame_count > 0) {
        vrt__emit_frame *f = &frames[frame_count - 1];
        if (f->kind == VRT__FRAME_CONTAINER && cur == f->old_end) {
          size_t payload = e.length - f->new_start - VRT_CONTAINER_HEADER;
          if (payload > VRT_MAX_PAYLOAD) {
            status = VRT_ERR_TOO_LARGE;
            goto done;
          }
          vrt__store_le32(e.out + f->new_start + 1, (uint32_t)payload);
          frame_count--;
        } else if (f->kind == VRT__FRAME_RETURN) {
          cur = f->old_end;
          frame_count--;
        } else {
          break;
        }
      }
      if (frame_count == 0 && cur == end) break;
      if (!vrt__emit_reserve(&e, 16)) {
        status = VRT_ERR_OUT_OF_MEMORY;
        goto done;
      }
      uint8_t tag = b[cur];
      bool jumped = false; /* at the old contents of an object first met as a BACKREF */
      if (tag == VRT_TAG_SOME) {
        e.out[e.length++] = tag;
        cur++;
        continue;
      }
      if (tag == VRT_TAG_BACKREF) {
        uint64_t ordinal;
        size_t used;
        if (vrt__varint(b + cur + 1, pe - cur - 1, &ordinal, &used) != VRT_OK) {
          status = VRT_ERR_MALFORMED;
          goto done;
        }
        size_t size = 1 + used;
        if (ordinal < base) {
          memcpy(e.out + e.length, b + cur, size);
          e.length += size;
          cur += size;
          continue;
        }
        if (ordinal - base >= m) {
          status = VRT_ERR_MALFORMED;
          goto done;
        }
        size_t index = (size_t)(ordinal - base);
        if (renum[index] != VRT_NONE) {
          e.out[e.length++] = VRT_TAG_BACKREF;
          vrt__put_varint(e.out, &e.length, renum[index]);
          cur += size;
          continue;
        }
        /* First occurrence in the new order: emit the object's contents here, then resume. */
        void *fp = frames;
        if (!vrt__ensure(&fp, &frame_capacity, frame_count + 1, sizeof(vrt__emit_frame))) {
          status = VRT_ERR_OUT_OF_MEMORY;
          goto done;
        }
        frames = (vrt__emit_frame *)fp;
        frames[frame_count].kind = VRT__FRAME_RETURN;
        frames[frame_count].old_end = cur + size;
        frames[frame_count].new_start = 0;
        frame_count++;
        renum[index] = next++;
        cur = objpos[index];
        tag = VRT_TAG_OBJECT;
        jumped = true;
      }
      if (vrt_tag_is_container(tag)) {
        size_t old_end = cur + VRT_CONTAINER_HEADER + vrt__load_le32(b + cur + 1);
        if (tag == VRT_TAG_OBJECT && !jumped) {
          size_t index = vrt__find_object(objpos, m, cur);
          if (index == m) {
            status = VRT_ERR_MALFORMED;
            goto done;
          }
          if (renum[index] != VRT_NONE) {
            e.out[e.length++] = VRT_TAG_BACKREF;
            vrt__put_varint(e.out, &e.length, renum[index]);
            cur = old_end;
            continue;
          }
          renum[index] = next++;
        }
        void *fp = frames;
        if (!vrt__ensure(&fp, &frame_capacity, frame_count + 1, sizeof(vrt__emit_frame))) {
          status = VRT_ERR_OUT_OF_MEMORY;
          goto done;
        }
        frames = (vrt__emit_frame *)fp;
        frames[frame_count].kind = VRT__FRAME_CONTAINER;
        frames[frame_count].old_end = old_end;
        frames[frame_count].new_start = e.length;
        frame_count++;
        e.out[e.length] = tag;
        vrt__store_le32(e.out + e.length + 1, 0);
        e.length += VRT_CONTAINER_HEADER;
        cur += VRT_CONTAINER_HEADER;
        continue;
      }
      size_t size;
      if (vrt__value_size(b + cur, pe - cur, &size) != VRT_OK) {
        status = VRT_ERR_MALFORMED;
        goto done;
      }
      if (!vrt__emit_reserve(&e, size)) {
        status = VRT_ERR_OUT_OF_MEMORY;
        goto done;
      }
      memcpy(e.out + e.length, b + cur, size);
      e.length += size;
      cur += size;
    }
  }
  if (next != base + m) {
    status = VRT_ERR_MALFORMED;
    goto done;
  }

  /* 3. Replace the payload (its size may change by a few varint bytes). */
  if (e.length > pe - ps && !vrt_writer_reserve_(w, e.length - (pe - ps))) {
    status = w->status;
    goto done;
  }
  if (e.length > 0) memcpy(w->bytes + ps, e.out, e.length);
  w->length = ps + e.length;

  /* 4. Renumber the identities of the objects inside. */
  for (size_t i = 0; i < m; i++) ids[renum[i] - base] = aux->ids[base + i];
  for (size_t i = 0; i < m; i++) {
    uintptr_t key = ids[i];
    aux->ids[base + i] = key;
    size_t mask = aux->slot_capacity - 1;
    size_t s = vrt__slot_index(key, mask);
    while (aux->slots[s].epoch == aux->epoch && aux->slots[s].key != key) s = (s + 1) & mask;
    if (aux->slots[s].epoch != aux->epoch) {
      status = VRT_ERR_MALFORMED; /* unreachable: every object inside was registered */
      goto done;
    }
    aux->slots[s].ordinal = base + (uint32_t)i;
  }

done:
  aux->scratch = e.out;
  aux->scratch_capacity = e.capacity;
  free(objpos);
  free(renum);
  free(ids);
  free(frames);
  return status;
}

/** Sorts the payload of the SET or DICT whose tag is at `start` (the innermost open container). */
static vrt_status vrt__canonicalize(vrt_writer *w, size_t start, uint32_t base) {
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
      if (!vrt__ensure(&p, &cap, n + 1, sizeof(vrt__entry))) return VRT_ERR_OUT_OF_MEMORY;
      aux->entries = (vrt__entry *)p;
      void *q = realloc(aux->merge, cap * sizeof(vrt__entry));
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

  if (w->object_count > base) {
    return vrt__reserialize(w, aux, aux->entries, n, ps, pe, base);
  }
  size_t payload = pe - ps;
  if (payload > aux->scratch_capacity) {
    void *p = aux->scratch;
    size_t cap = aux->scratch_capacity;
    if (!vrt__ensure(&p, &cap, payload, 1)) return VRT_ERR_OUT_OF_MEMORY;
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
  uint32_t base = (uint32_t)w->open[2 * top + 1];
  if (w->length - start - VRT_CONTAINER_HEADER > VRT_MAX_PAYLOAD) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return;
  }
  uint8_t tag = w->bytes[start];
  if (tag == VRT_TAG_SET || tag == VRT_TAG_DICT) {
    vrt_status st = vrt__canonicalize(w, start, base);
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
}

/* ------------------------------------------------------------------------------------------- */
/* Identities                                                                                   */
/* ------------------------------------------------------------------------------------------- */


static bool vrt__identity_grow(vrt__writer_aux *aux) {
  size_t cap = aux->slot_capacity == 0 ? 64 : aux->slot_capacity * 2;
  if (cap > SIZE_MAX / sizeof(vrt__slot)) return false;
  vrt__slot *slots = (vrt__slot *)calloc(cap, sizeof(vrt__slot));
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

bool vrt_writer_object_seen(vrt_writer *w, uintptr_t identity) {
  if (w == NULL || w->status != VRT_OK) return true;
  if (identity == 0) {
    vrt__fail(w, VRT_ERR_INVALID_ARGUMENT);
    return true;
  }
  vrt__writer_aux *aux = vrt__aux(w);
  if (aux == NULL) return true;
  if ((aux->slot_used + 1) * 2 > aux->slot_capacity && !vrt__identity_grow(aux)) {
    vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
    return true;
  }
  size_t mask = aux->slot_capacity - 1;
  size_t s = vrt__slot_index(identity, mask);
  while (aux->slots[s].epoch == aux->epoch) {
    if (aux->slots[s].key == identity) {
      if (!vrt_writer_reserve_(w, 11)) return true;
      w->bytes[w->length++] = VRT_TAG_BACKREF;
      vrt__put_varint(w->bytes, &w->length, aux->slots[s].ordinal);
      return true;
    }
    s = (s + 1) & mask;
  }
  if (w->object_count >= VRT_NONE - 1) {
    vrt__fail(w, VRT_ERR_TOO_LARGE);
    return true;
  }
  void *ids = aux->ids;
  if (!vrt__ensure(&ids, &aux->ids_capacity, (size_t)w->object_count + 1, sizeof(uintptr_t))) {
    vrt__fail(w, VRT_ERR_OUT_OF_MEMORY);
    return true;
  }
  aux->ids = (uintptr_t *)ids;
  aux->slots[s].key = identity;
  aux->slots[s].ordinal = w->object_count;
  aux->slots[s].epoch = aux->epoch;
  aux->slot_used++;
  aux->ids[w->object_count] = identity;
  w->object_count++;
  return false;
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
