/*
 * vrt_enum_witness.h — calls into a Swift enum's value witnesses.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_ENUM_WITNESS_H
#define VRT_ENUM_WITNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Enum value witnesses (Swift runtime ABI)                                                     */
/* ------------------------------------------------------------------------------------------- */

/**
 * Calls into the enum value witnesses of a Swift type, for the Swift side's learned enum layouts
 * (Sources/VerityCore/Runtime/TypeLayout.swift), which check every answer against Mirror. `metadata`
 * is a Swift type's metadata pointer (`unsafeBitCast(T.self, to: UnsafeRawPointer.self)`); its
 * value witness table is the word before it, laid out as the Swift ABI documents
 * (docs/ABI/TypeMetadata.rst, include/swift/ABI/ValueWitness.def): eight witness functions, size,
 * stride, a 32-bit flags word, a 32-bit extra inhabitant count, then, for an enum,
 * getEnumTag, destructiveProjectEnumData and destructiveInjectEnumTag. The witnesses use the
 * Swift calling convention, which these functions call them with.
 *
 * vrt_enum_witnesses_available: whether this build can call them (a compiler with the swiftcall
 * convention, no pointer authentication) and `metadata`'s table says it has enum witnesses
 * (flag 0x00200000) and its type is bitwise takable (flag 0x00100000 clear) and not larger than
 * `max_size` bytes. Only then may the other two be called with that metadata.
 *
 * vrt_enum_tag: the case index of the enum value at `value` (payload cases first, in declaration
 * order, then the empty cases: the order of the type's field descriptor).
 * vrt_enum_project: strips the tag from the value at `value`, leaving its payload in place.
 */
bool vrt_enum_witnesses_available(const void *metadata, size_t max_size);
uint32_t vrt_enum_tag(const void *value, const void *metadata);
void vrt_enum_project(void *value, const void *metadata);

#ifdef __cplusplus
}
#endif

#endif /* VRT_ENUM_WITNESS_H */
