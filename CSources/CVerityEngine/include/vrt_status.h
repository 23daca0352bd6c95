/*
 * vrt_status.h — the status every fallible engine call returns.
 * Part of the C engine: include verity_engine.h, which includes every part.
 */
#ifndef VRT_STATUS_H
#define VRT_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Status                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/** Result of every fallible engine call. */
typedef enum vrt_status {
  VRT_OK = 0,
  /** A required pointer argument was NULL. */
  VRT_ERR_NULL_ARGUMENT = 1,
  /** An allocation failed; the object is unchanged (writers become failed, see vrt_writer). */
  VRT_ERR_OUT_OF_MEMORY = 2,
  /** The input ended inside a value. */
  VRT_ERR_TRUNCATED = 3,
  /** The input is not a valid structure: unknown tag, bad varint, a child overrunning its
   *  container, trailing bytes after the root, a BACKREF with no OBJECT that far out, ... */
  VRT_ERR_MALFORMED = 4,
  /** A size limit was exceeded (container payload > VRT_MAX_PAYLOAD, too many calls, ...). */
  VRT_ERR_TOO_LARGE = 5,
  /** The call is not valid in the object's current state (end without begin, ...). */
  VRT_ERR_INVALID_STATE = 6,
  /** An argument is out of range (unknown method id, call index past the end, ...). */
  VRT_ERR_INVALID_ARGUMENT = 7,
  /** A lookup found nothing (vrt_log_first). */
  VRT_ERR_NOT_FOUND = 8,
  /** A value shares class instances so much that writing each occurrence in full would exceed
   *  VRT_MAX_REPEATED_INSTANCES repeated instances (see BACKREF). */
  VRT_ERR_SHARING_LIMIT = 9,
} vrt_status;

/** A static, human-readable name for `status` ("ok", "truncated input", ...). Never NULL; an
 *  unknown value gives "unknown status". */
const char *vrt_status_string(vrt_status status);

#ifdef __cplusplus
}
#endif

#endif /* VRT_STATUS_H */
