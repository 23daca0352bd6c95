/*
 * fuzz_writer.c — random write sequences, following the writer's documented caller contract
 * (a label before each field value, a case name after opening an ENUM, an OBJECT after
 * vrt_writer_object_seen answers false, vrt_writer_wrap_some with the start of the value just
 * written). Misuse the writer detects (ending with nothing open, an odd DICT, forgetting
 * identities inside a container, the sharing limit, ...) is allowed too.
 *
 * Checks: the writer ends either with an error status (a known one) or with bytes that are a
 * sequence of valid structures; every NaN and -0.0 written is canonical (the reader rejects any
 * other form, so validation covers it); a writer reset after a failure works again.
 */
#include "verity_engine.h"
#include "fuzz_check.h"

typedef struct reader {
  const uint8_t *data;
  size_t size, pos;
} reader;

static uint8_t next(reader *r) { return r->pos < r->size ? r->data[r->pos++] : 0; }

static uint64_t next64(reader *r) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = (v << 8) | next(r);
  return v;
}

static size_t take(reader *r, size_t want, const uint8_t **out) {
  size_t n = r->size - r->pos < want ? r->size - r->pos : want;
  *out = r->data + r->pos;
  r->pos += n;
  return n;
}

enum { MAX_OPEN = 64 };

typedef struct program {
  vrt_writer *w;
  uint8_t open[MAX_OPEN];
  size_t open_count;
  size_t last_start; /* where the value written last started (for wrap_some) */
  int has_last;
} program;

/* Writes what the contract requires before a value inside the innermost container. */
static void before_value(program *p, reader *r) {
  if (p->open_count == 0) return;
  uint8_t tag = p->open[p->open_count - 1];
  if (tag == VRT_TAG_STRUCT || tag == VRT_TAG_ENUM || tag == VRT_TAG_OBJECT || tag == VRT_TAG_TUPLE) {
    const uint8_t *label;
    size_t n = take(r, next(r) % 6, &label);
    vrt_writer_write_string(p->w, (const char *)label, n);
  }
}

static void run(program *p, reader *r) {
  while (r->pos < r->size) {
    uint8_t op = next(r) % 16;
    size_t start = vrt_writer_length(p->w);
    switch (op) {
    case 0: before_value(p, r); vrt_writer_write_nil(p->w); break;
    case 1: before_value(p, r); vrt_writer_write_bool(p->w, next(r) & 1); break;
    case 2: before_value(p, r); vrt_writer_write_int(p->w, (int64_t)next64(r)); break;
    case 3: before_value(p, r); vrt_writer_write_uint(p->w, next64(r)); break;
    case 4: { /* any bit pattern: NaNs and -0.0 must come out canonical */
      before_value(p, r);
      uint64_t bits = next64(r);
      double d;
      memcpy(&d, &bits, sizeof d);
      vrt_writer_write_double(p->w, d);
      break;
    }
    case 5: case 6: {
      before_value(p, r);
      const uint8_t *bytes;
      size_t n = take(r, next(r) % 24, &bytes);
      vrt_writer_write_data(p->w, op == 5 ? VRT_TAG_STRING : VRT_TAG_BYTES, bytes, n);
      break;
    }
    case 7: case 8: { /* open a container */
      before_value(p, r);
      start = vrt_writer_length(p->w);
      uint8_t tag = (uint8_t)(VRT_TAG_ARRAY + next(r) % 7);
      if (tag == VRT_TAG_OBJECT) tag = VRT_TAG_STRUCT; /* OBJECTs come from case 9 */
      const uint8_t *name;
      size_t n = take(r, next(r) % 5, &name);
      vrt_writer_begin(p->w, tag, (const char *)name, n);
      if (tag == VRT_TAG_ENUM) vrt_writer_write_string(p->w, "c", 1);
      if (p->open_count < MAX_OPEN) p->open[p->open_count++] = tag;
      else vrt_writer_end(p->w);
      p->has_last = 0;
      continue;
    }
    case 9: { /* an instance: a cycle (BACKREF), or an OBJECT opened */
      before_value(p, r);
      start = vrt_writer_length(p->w);
      uintptr_t identity = (uintptr_t)(next(r) % 6) + 1;
      if (!vrt_writer_object_seen(p->w, identity)) {
        vrt_writer_begin(p->w, VRT_TAG_OBJECT, "O", 1);
        if (p->open_count < MAX_OPEN) p->open[p->open_count++] = VRT_TAG_OBJECT;
        else vrt_writer_end(p->w);
        p->has_last = 0;
        continue;
      }
      break;
    }
    case 10: case 11: /* close the innermost container (with none open: the writer's error) */
      vrt_writer_end(p->w);
      if (p->open_count > 0) p->open_count--;
      p->has_last = 0;
      continue;
    case 12:
      if (p->has_last) vrt_writer_wrap_some(p->w, p->last_start);
      continue;
    case 13: {
      before_value(p, r);
      const uint8_t *text;
      size_t n = take(r, next(r) % 8, &text);
      vrt_writer_write_opaque(p->w, "T", 1, (const char *)text, n);
      break;
    }
    case 14: vrt_writer_forget_identities(p->w); continue;
    default: /* another nil: DICTs fill up with keys and values out of step; end must notice */
      before_value(p, r);
      vrt_writer_write_nil(p->w);
      break;
    }
    p->last_start = start;
    p->has_last = 1;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  vrt_writer w;
  vrt_writer_init(&w);
  program p = {&w, {0}, 0, 0, 0};
  reader r = {data, size, 0};
  run(&p, &r);
  vrt_status status = vrt_writer_finish(&w);
  CHECK(status >= VRT_OK && status <= VRT_ERR_SHARING_LIMIT);
  if (status == VRT_OK) {
    const uint8_t *bytes = vrt_writer_bytes(&w);
    size_t length = vrt_writer_length(&w), pos = 0;
    while (pos < length) {
      size_t value_size = 0;
      CHECK(vrt_value_size(bytes + pos, length - pos, &value_size) == VRT_OK);
      vrt_status valid = vrt_validate(bytes + pos, value_size);
      if (valid != VRT_OK) {
        fprintf(stderr, "invalid structure at %zu (%zu bytes): %s\n", pos, value_size, vrt_status_string(valid));
      }
      CHECK(valid == VRT_OK);
      pos += value_size;
    }
  }
  /* After a reset the writer works again, whatever happened before. */
  vrt_writer_reset(&w);
  vrt_writer_write_int(&w, 7);
  CHECK(vrt_writer_finish(&w) == VRT_OK && vrt_writer_length(&w) == 2);
  vrt_writer_destroy(&w);
  return 0;
}
