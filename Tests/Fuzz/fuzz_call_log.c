/*
 * fuzz_call_log.c — a byte program of appends and queries on one call log, checked against a
 * small reference model (arrays of calls, argument values from a fixed pool, verified flags).
 *
 * Every query kind runs: count, find (with a start and a capacity), first, mark_verified,
 * mark_verified_if, set_verified, unverified and nearest; so do the operations that forget calls
 * (remove_matching, remove_calls by index, clear: op bytes 250 and up, so that older inputs keep
 * their meaning but for those bytes), after which the model drops the same calls and every later
 * query must agree; sequence numbers are checked too. Patterns mix ANY, EQ, PREDICATE and
 * INT_RANGE arguments, the any-arguments flag and the skip-predicates flag. The first byte picks the hash options: forced collisions
 * (VRT_HASH_CONSTANT) make every candidate depend on memcmp.
 */
#include "verity_engine.h"
#include "fuzz_check.h"

enum { POOL = 8, METHODS = 3, MAX_ARGS = 4, MAX_CALLS = 4096 };

typedef struct pool_value {
  uint8_t bytes[16];
  size_t length;
  int is_uint; /* what the predicate tests */
  int is_int;   /* an integer, with this value: what INT_RANGE tests */
  int64_t value;
} pool_value;

typedef struct model {
  uint8_t method[MAX_CALLS];
  uint8_t argc[MAX_CALLS];
  uint8_t argv[MAX_CALLS][MAX_ARGS];
  uint8_t verified[MAX_CALLS];
  uint64_t seq[MAX_CALLS];
  uint64_t last_seq; /* the last sequence number handed out (0: none yet) */
  size_t count;
} model;

/* Drops the model's calls whose `drop` flag is set, moving the rest down in order. */
static void model_remove(model *mm, const uint8_t *drop) {
  size_t w = 0;
  for (size_t c = 0; c < mm->count; c++) {
    if (drop[c]) continue;
    mm->method[w] = mm->method[c];
    mm->argc[w] = mm->argc[c];
    memcpy(mm->argv[w], mm->argv[c], sizeof mm->argv[c]);
    mm->verified[w] = mm->verified[c];
    mm->seq[w] = mm->seq[c];
    w++;
  }
  mm->count = w;
}

typedef struct query {
  uint32_t method;
  uint32_t flags;
  uint32_t arg_count;
  vrt_arg_kind kind[MAX_ARGS];
  uint8_t value[MAX_ARGS]; /* pool index for EQ, exclusive upper bound for INT_RANGE */
  int engine_none;         /* engine_tags names no call's tag: TYPED_ANY asks the predicate */
} query;

/* Calls are appended with tag 0; this tag is no call's. */
static const uint32_t no_call_tag = 1;

static pool_value pool[POOL];
static model m;

static void build_pool(void) {
  vrt_writer w;
  for (int i = 0; i < POOL; i++) {
    vrt_writer_init(&w);
    switch (i) {
    case 0: case 1: case 2: vrt_writer_write_uint(&w, (uint64_t)i); break;
    case 3: vrt_writer_write_int(&w, -5); break;
    case 4: vrt_writer_write_string(&w, "a", 1); break;
    case 5: vrt_writer_write_string(&w, "b", 1); break;
    case 6: vrt_writer_write_nil(&w); break;
    default:
      vrt_writer_begin(&w, VRT_TAG_ARRAY, NULL, 0);
      vrt_writer_write_uint(&w, 1);
      vrt_writer_end(&w);
      break;
    }
    CHECK(vrt_writer_finish(&w) == VRT_OK && vrt_writer_length(&w) <= sizeof pool[i].bytes);
    memcpy(pool[i].bytes, vrt_writer_bytes(&w), vrt_writer_length(&w));
    pool[i].length = vrt_writer_length(&w);
    pool[i].is_uint = pool[i].bytes[0] == VRT_TAG_UINT;
    pool[i].is_int = i <= 3;
    pool[i].value = i <= 2 ? i : -5;
    vrt_writer_destroy(&w);
  }
}

static bool is_uint_predicate(void *context, uint64_t call, uint32_t arg, const uint8_t *bytes, size_t length) {
  (void)context;
  (void)call;
  (void)arg;
  return length > 0 && bytes[0] == VRT_TAG_UINT;
}

static int model_matches(const query *q, size_t call) {
  if (m.method[call] != q->method) return 0;
  if (q->flags & VRT_PATTERN_ANY_ARGUMENTS) return 1;
  if (m.argc[call] != q->arg_count) return 0;
  for (uint32_t a = 0; a < q->arg_count; a++) {
    uint8_t v = m.argv[call][a];
    if (q->kind[a] == VRT_ARG_EQ && v != q->value[a]) return 0;
    if (q->kind[a] == VRT_ARG_PREDICATE && !(q->flags & VRT_PATTERN_SKIP_PREDICATES) && !pool[v].is_uint) return 0;
    /* Engine kinds (INT_RANGE, TYPED_ANY): the engine decides them unless engine_tags leaves the
     * call to the predicate. */
    const int engine_kind = q->kind[a] == VRT_ARG_INT_RANGE || q->kind[a] == VRT_ARG_TYPED_ANY;
    if (engine_kind && q->engine_none) {
      if (!pool[v].is_uint) return 0;
      continue;
    }
    if (q->kind[a] == VRT_ARG_INT_RANGE && !(pool[v].is_int && pool[v].value < (int64_t)q->value[a])) return 0;
  }
  return 1;
}

typedef struct reader {
  const uint8_t *data;
  size_t size, pos;
} reader;

static uint8_t next(reader *r) { return r->pos < r->size ? r->data[r->pos++] : 0; }

static void read_query(reader *r, query *q, vrt_arg_pattern *args, vrt_pattern *p) {
  uint8_t b = next(r);
  q->method = b % METHODS;
  q->flags = ((b & 0x80) ? VRT_PATTERN_ANY_ARGUMENTS : 0) | ((b & 0x40) ? VRT_PATTERN_SKIP_PREDICATES : 0);
  q->arg_count = next(r) % (MAX_ARGS + 1);
  int predicate = 0;
  for (uint32_t a = 0; a < q->arg_count; a++) {
    uint8_t k = next(r);
    q->kind[a] = k % 5 == 4 ? VRT_ARG_TYPED_ANY : (vrt_arg_kind)(k % 5);
    q->value[a] = (uint8_t)((k >> 2) % POOL);
    memset(&args[a], 0, sizeof args[a]);
    args[a].kind = q->kind[a];
    if (q->kind[a] == VRT_ARG_INT_RANGE) {
      q->value[a] = (uint8_t)((k >> 2) % 4);
      args[a].flags = VRT_ARG_HIGH;
      args[a].high.magnitude = q->value[a];
    }
    args[a].bytes = q->kind[a] == VRT_ARG_EQ ? pool[q->value[a]].bytes : NULL;
    args[a].length = q->kind[a] == VRT_ARG_EQ ? pool[q->value[a]].length : 0;
    if (q->kind[a] == VRT_ARG_PREDICATE && !(q->flags & VRT_PATTERN_SKIP_PREDICATES)) predicate = 1;
    if (q->kind[a] == VRT_ARG_TYPED_ANY) predicate = 1; /* an engine kind: needs the callback */
  }
  q->engine_none = (b & 0x20) != 0;
  if (q->engine_none) predicate = 1; /* engine_tags leave calls to the callback */
  *p = (vrt_pattern){q->method, q->flags, q->arg_count, q->arg_count ? args : NULL,
                     predicate ? is_uint_predicate : NULL, NULL};
  if (q->engine_none) {
    p->engine_tags = &no_call_tag;
    p->engine_tag_count = 1;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (pool[0].length == 0) build_pool();
  memset(&m, 0, sizeof m);
  reader r = {data, size, 0};
  vrt_log_options options = {{0, 0, 0}, 0};
  uint8_t mode = next(&r);
  if (mode & 1) options.hash.flags = VRT_HASH_CONSTANT;
  options.hash.seed = mode >> 1;
  options.chunk_size = 256; /* small chunks: arguments cross chunk boundaries */
  vrt_log *log = NULL;
  CHECK(vrt_log_create(&options, &log) == VRT_OK);
  uint32_t ids[METHODS];
  const char *names[METHODS] = {"a", "b", "c"};
  for (int i = 0; i < METHODS; i++) CHECK(vrt_log_intern(log, names[i], 1, &ids[i]) == VRT_OK && ids[i] == (uint32_t)i);

  static uint8_t drop[MAX_CALLS];
  static uint64_t indices[MAX_CALLS];
  while (r.pos < r.size) {
    const uint8_t op_byte = next(&r);
    uint8_t op = op_byte % 10;
    query q;
    vrt_arg_pattern args[MAX_ARGS];
    vrt_pattern p;
    if (op_byte == 255) { /* clear */
      CHECK(vrt_log_clear(log) == VRT_OK);
      m.count = 0;
      for (uint32_t i = 0; i < METHODS; i++) CHECK(vrt_log_count_method(log, i) == 0);
      continue;
    }
    if (op_byte >= 252) { /* remove calls by index: every call whose index is a multiple of k, from s */
      if (m.count == 0) continue;
      size_t step = 1 + next(&r) % 8, start = next(&r) % m.count, n = 0;
      memset(drop, 0, m.count);
      for (size_t c = start; c < m.count; c += step) {
        drop[c] = 1;
        indices[n++] = c;
      }
      CHECK(vrt_log_remove_calls(log, indices, n) == VRT_OK);
      model_remove(&m, drop);
      continue;
    }
    if (op_byte >= 250) { /* remove the calls a pattern matches */
      read_query(&r, &q, args, &p);
      size_t expected = 0;
      for (size_t c = 0; c < m.count; c++) {
        drop[c] = (uint8_t)model_matches(&q, c);
        expected += drop[c];
      }
      uint64_t removed = 0;
      CHECK(vrt_log_remove_matching(log, &p, &removed) == VRT_OK && removed == expected);
      model_remove(&m, drop);
      continue;
    }
    if (op <= 2) { /* append */
      if (m.count == MAX_CALLS) continue;
      uint8_t method = next(&r) % METHODS, argc = next(&r) % (MAX_ARGS + 1);
      uint8_t buffer[MAX_ARGS * 16];
      size_t length = 0;
      for (uint8_t a = 0; a < argc; a++) {
        uint8_t v = next(&r) % POOL;
        memcpy(buffer + length, pool[v].bytes, pool[v].length);
        length += pool[v].length;
        m.argv[m.count][a] = v;
      }
      uint64_t index = 0;
      CHECK(vrt_log_append(log, method, buffer, length, argc, VRT_SEQ_AUTO, &index) == VRT_OK);
      CHECK(index == m.count);
      vrt_call call;
      CHECK(vrt_log_get(log, index, &call) == VRT_OK);
      /* VRT_SEQ_AUTO: 1 in a new log, else after the last number handed out, clears included */
      CHECK(call.seq == (m.last_seq == 0 ? 1 : m.last_seq + 1));
      m.seq[m.count] = call.seq;
      m.last_seq = call.seq;
      m.method[m.count] = method;
      m.argc[m.count] = argc;
      m.verified[m.count] = 0; /* (a removal may have left an older call's flag here) */
      m.count++;
      continue;
    }
    read_query(&r, &q, args, &p);
    size_t expected = 0;
    for (size_t c = 0; c < m.count; c++) expected += (size_t)model_matches(&q, c);
    switch (op) {
    case 3: {
      uint64_t count = 0;
      CHECK(vrt_log_count(log, &p, &count) == VRT_OK && count == expected);
      break;
    }
    case 4: {
      uint64_t from = next(&r) % (m.count + 2), out[16], total = 0;
      size_t capacity = next(&r) % 17;
      CHECK(vrt_log_find(log, &p, from, out, capacity, &total) == VRT_OK);
      size_t k = 0, want_total = 0;
      for (size_t c = (size_t)from; c < m.count; c++) {
        if (!model_matches(&q, c)) continue;
        if (k < capacity) CHECK(out[k++] == c);
        want_total++;
      }
      CHECK(total == want_total);
      uint64_t first = 0;
      vrt_status st = vrt_log_first(log, &p, from, &first);
      if (want_total == 0) {
        CHECK(st == VRT_ERR_NOT_FOUND);
      } else {
        CHECK(st == VRT_OK);
        size_t c = (size_t)from;
        while (!model_matches(&q, c)) c++;
        CHECK(first == c);
      }
      break;
    }
    case 5: {
      uint64_t count = 0;
      CHECK(vrt_log_mark_verified(log, &p, &count) == VRT_OK && count == expected);
      for (size_t c = 0; c < m.count; c++) if (model_matches(&q, c)) m.verified[c] = 1;
      break;
    }
    case 6: {
      uint64_t low = next(&r) % 8, high = next(&r) % 8, count = 0;
      bool marked = false;
      CHECK(vrt_log_mark_verified_if(log, &p, low, high, &count, &marked) == VRT_OK);
      CHECK(count == expected && marked == (expected >= low && expected <= high));
      if (marked) for (size_t c = 0; c < m.count; c++) if (model_matches(&q, c)) m.verified[c] = 1;
      break;
    }
    case 7: {
      if (m.count == 0) break;
      size_t c = next(&r) % m.count;
      bool flag = next(&r) & 1;
      CHECK(vrt_log_set_verified(log, c, flag) == VRT_OK);
      m.verified[c] = flag;
      break;
    }
    case 8: { /* unverified, of one method or of all */
      uint32_t which = (next(&r) & 1) ? q.method : VRT_NONE;
      uint64_t out[32], total = 0;
      CHECK(vrt_log_unverified(log, which, out, 32, &total) == VRT_OK);
      size_t k = 0, want = 0;
      for (size_t c = 0; c < m.count; c++) {
        if (m.verified[c] || (which != VRT_NONE && m.method[c] != which)) continue;
        if (k < 32) CHECK(out[k++] == c);
        want++;
      }
      CHECK(total == want);
      break;
    }
    default: { /* nearest: every non-matching call of the method, ranked */
      vrt_near_call near[8];
      uint64_t total = 0;
      CHECK(vrt_log_nearest(log, &p, near, 8, &total) == VRT_OK);
      size_t of_method = 0;
      for (size_t c = 0; c < m.count; c++) of_method += m.method[c] == q.method;
      CHECK(total == of_method - expected);
      for (size_t k = 0; k < 8 && k < total; k++) {
        CHECK(near[k].index < m.count && m.method[near[k].index] == q.method);
        CHECK(!model_matches(&q, (size_t)near[k].index));
        if (k > 0) {
          CHECK(near[k - 1].matching_args > near[k].matching_args ||
                (near[k - 1].matching_args == near[k].matching_args && near[k - 1].index < near[k].index));
        }
      }
      break;
    }
    }
  }
  CHECK(vrt_log_count_calls(log) == m.count);
  for (size_t c = 0; c < m.count; c++) {
    vrt_call call;
    CHECK(vrt_log_get(log, c, &call) == VRT_OK);
    CHECK(call.method == m.method[c] && call.arg_count == m.argc[c] && call.seq == m.seq[c]);
    CHECK(call.verified == (m.verified[c] != 0));
  }
  vrt_log_free(log);
  return 0;
}
