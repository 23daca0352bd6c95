/*
 * vrt_format.h — the structure format, its tags and limits.
 * Part of the C engine: include verity_engine.h, which includes every part.
 *
 * ---------------------------------------------------------------------------------------------
 * THE STRUCTURE FORMAT
 * ---------------------------------------------------------------------------------------------
 * A value is written once, in preorder. Every value starts with a one-byte tag.
 *
 *   Scalars
 *     NIL      0x01                                   Optional.none, NSNull
 *     FALSE    0x02
 *     TRUE     0x03
 *     UINT     0x04 varint(v)                         every integer >= 0, whatever its Swift width
 *     NINT     0x05 varint(-(v + 1))                  every integer < 0 (so -1 is 0x05 0x00)
 *     DOUBLE   0x06 8 bytes, little-endian IEEE-754   Float and Double (Float widened exactly).
 *              Canonical: every NaN is written as 0x7FF8000000000000; -0.0 is written as +0.0
 *              (Swift's == treats them as equal, so structures do too). Readers reject any other
 *              NaN bit pattern and -0.0 as MALFORMED.
 *     STRING   0x07 varint(n) n bytes                 UTF-8 exactly as Swift stores it; no Unicode
 *              normalization is applied ("é" precomposed and decomposed are different structures).
 *     BYTES    0x08 varint(n) n bytes                 Data, [UInt8] written as bytes
 *     SOME     0x09 <value>                           prefix: Optional.some(x) where x itself is
 *              NIL or SOME, so Int??.some(nil) differs from nil. Otherwise .some(x) is written as x.
 *              So a chain of SOME prefixes always ends in NIL; readers reject SOME before any
 *              other value as MALFORMED.
 *     BACKREF  0x0A varint(k)                         a cycle: the instance of the k-th OBJECT
 *              enclosing this position, counting outward (0 = the innermost enclosing OBJECT).
 *              Only cycles use it: an instance met again outside its own subtree (shared by two
 *              fields, two elements, ...) is written in full again, so whether an instance is shared
 *              never changes the bytes. A value that would write shared instances again more than
 *              VRT_MAX_REPEATED_INSTANCES times fails with VRT_ERR_SHARING_LIMIT.
 *     OPAQUE   0x0B varint(n) type-name, varint(m) description
 *              a value with no structure (a closure, a metatype, ...).
 *
 *   Containers: tag, then a 4-byte little-endian payload length, then the payload. The length lets
 *   any reader skip a subtree without decoding it. A payload is at most VRT_MAX_PAYLOAD bytes.
 *     ARRAY    0x10 len  children
 *     SET      0x11 len  children, sorted by their encoded bytes (memcmp order, shorter first on tie)
 *     DICT     0x12 len  key value key value ...; pairs sorted by the encoded bytes of the key
 *                        (then of the value, for duplicate keys)
 *              A BACKREF only points outward, so every element's bytes are independent of the
 *              others and the order is canonical whatever instances the elements share.
 *     STRUCT   0x13 len  STRING type-name, then (STRING label, value)*
 *     ENUM     0x14 len  STRING type-name, STRING case-name, then (STRING label, value)*
 *                        (labels of unlabeled associated values are empty strings)
 *     OBJECT   0x15 len  STRING type-name, then (STRING label, value)*   (a class instance,
 *                        written by its contents; its identity is used only to end cycles)
 *     TUPLE    0x16 len  (STRING label, value)*  (unlabeled elements have empty labels)
 *
 *   varint: unsigned LEB128, at most 10 bytes, no over-long forms (a final 0x00 continuation byte
 *   other than for the value 0 itself is malformed).
 *
 * Same bytes <=> same structure. Hashes are only ever a hint; equality is confirmed by memcmp.
 */
#ifndef VRT_FORMAT_H
#define VRT_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Tags and limits                                                                              */
/* ------------------------------------------------------------------------------------------- */

enum {
  VRT_TAG_NIL = 0x01,
  VRT_TAG_FALSE = 0x02,
  VRT_TAG_TRUE = 0x03,
  VRT_TAG_UINT = 0x04,
  VRT_TAG_NINT = 0x05,
  VRT_TAG_DOUBLE = 0x06,
  VRT_TAG_STRING = 0x07,
  VRT_TAG_BYTES = 0x08,
  VRT_TAG_SOME = 0x09,
  VRT_TAG_BACKREF = 0x0A,
  VRT_TAG_OPAQUE = 0x0B,
  VRT_TAG_ARRAY = 0x10,
  VRT_TAG_SET = 0x11,
  VRT_TAG_DICT = 0x12,
  VRT_TAG_STRUCT = 0x13,
  VRT_TAG_ENUM = 0x14,
  VRT_TAG_OBJECT = 0x15,
  VRT_TAG_TUPLE = 0x16,
};

/** Largest container payload, in bytes. */
#define VRT_MAX_PAYLOAD ((uint32_t)0xFFFFFFF0u)
/** The most times one value may write class instances that it already wrote (shared instances are
 *  written in full at each occurrence; a chain of diamonds doubles at each level). */
#define VRT_MAX_REPEATED_INSTANCES 200000u
/** Size of a container header: tag + 4-byte payload length. */
#define VRT_CONTAINER_HEADER 5u
/** Marks "no such index/offset" in node and call records. */
#define VRT_NONE ((uint32_t)0xFFFFFFFFu)

/** True for the container tags (ARRAY ... TUPLE). */
static inline bool vrt_tag_is_container(uint8_t tag) {
  return tag >= VRT_TAG_ARRAY && tag <= VRT_TAG_TUPLE;
}

#ifdef __cplusplus
}
#endif

#endif /* VRT_FORMAT_H */
