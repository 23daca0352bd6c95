#include "verity_engine.h"

const char *vrt_status_string(vrt_status status) {
  switch (status) {
  case VRT_OK: return "ok";
  case VRT_ERR_NULL_ARGUMENT: return "null argument";
  case VRT_ERR_OUT_OF_MEMORY: return "out of memory";
  case VRT_ERR_TRUNCATED: return "truncated input";
  case VRT_ERR_MALFORMED: return "malformed structure";
  case VRT_ERR_TOO_LARGE: return "size limit exceeded";
  case VRT_ERR_INVALID_STATE: return "invalid state";
  case VRT_ERR_INVALID_ARGUMENT: return "invalid argument";
  case VRT_ERR_NOT_FOUND: return "not found";
  case VRT_ERR_SHARING_LIMIT: return "too many repeated shared instances";
  }
  return "unknown status";
}
