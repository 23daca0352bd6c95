/*
 * enum_witness.c — calls into a Swift enum's value witnesses (see vrt_enum_witness.h).
 *
 * The table's layout and the witnesses' signatures are the Swift runtime's stable ABI
 * (include/swift/ABI/ValueWitness.def); the witnesses are called with the Swift calling
 * convention, as the runtime itself calls them. Where the compiler lacks that convention, or
 * function pointers are signed (arm64e), nothing is called: vrt_enum_witnesses_available answers
 * false and the Swift side writes enums by Mirror.
 */
#include "verity_engine.h"

#if defined(__has_attribute)
#if __has_attribute(swiftcall)
#define VRT_SWIFTCALL __attribute__((swiftcall))
#endif
#endif
#if defined(__has_feature)
#if __has_feature(ptrauth_calls)
#undef VRT_SWIFTCALL
#endif
#endif

#ifdef VRT_SWIFTCALL

typedef uint32_t (*vrt_get_enum_tag_fn)(const void *value, const void *metadata) VRT_SWIFTCALL;
typedef void (*vrt_project_enum_fn)(void *value, const void *metadata) VRT_SWIFTCALL;
typedef void (*vrt_inject_enum_fn)(void *value, uint32_t tag, const void *metadata) VRT_SWIFTCALL;

/* swift::EnumValueWitnessTable (include/swift/ABI/ValueWitness.def). */
typedef struct {
  const void *initialize_buffer_with_copy_of_buffer;
  const void *destroy;
  const void *initialize_with_copy;
  const void *assign_with_copy;
  const void *initialize_with_take;
  const void *assign_with_take;
  const void *get_enum_tag_single_payload;
  const void *store_enum_tag_single_payload;
  size_t size;
  size_t stride;
  uint32_t flags;
  uint32_t extra_inhabitant_count;
  vrt_get_enum_tag_fn get_enum_tag;
  vrt_project_enum_fn destructive_project_enum_data;
  vrt_inject_enum_fn destructive_inject_enum_tag;
} vrt_enum_value_witnesses;

enum {
  VRT_VW_IS_NON_BITWISE_TAKABLE = 0x00100000u,
  VRT_VW_HAS_ENUM_WITNESSES = 0x00200000u,
};

static const vrt_enum_value_witnesses *vrt_witnesses(const void *metadata) {
  return ((const vrt_enum_value_witnesses *const *)metadata)[-1];
}

bool vrt_enum_witnesses_available(const void *metadata, size_t max_size) {
  if (metadata == NULL) return false;
  const vrt_enum_value_witnesses *witnesses = vrt_witnesses(metadata);
  if (witnesses == NULL) return false;
  uint32_t flags = witnesses->flags;
  return (flags & VRT_VW_HAS_ENUM_WITNESSES) != 0 && (flags & VRT_VW_IS_NON_BITWISE_TAKABLE) == 0
      && witnesses->size <= max_size && witnesses->get_enum_tag != NULL
      && witnesses->destructive_project_enum_data != NULL && witnesses->destructive_inject_enum_tag != NULL;
}

uint32_t vrt_enum_tag(const void *value, const void *metadata) {
  return vrt_witnesses(metadata)->get_enum_tag(value, metadata);
}

void vrt_enum_project(void *value, const void *metadata) {
  vrt_witnesses(metadata)->destructive_project_enum_data(value, metadata);
}

#else

bool vrt_enum_witnesses_available(const void *metadata, size_t max_size) {
  (void)metadata;
  (void)max_size;
  return false;
}

uint32_t vrt_enum_tag(const void *value, const void *metadata) {
  (void)value;
  (void)metadata;
  return 0;
}

void vrt_enum_project(void *value, const void *metadata) {
  (void)value;
  (void)metadata;
}

#endif
