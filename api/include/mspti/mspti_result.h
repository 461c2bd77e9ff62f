/*
 * aclsim: MSPTI result codes (mspti_result.h).
 *
 * The values are those of Ascend's MSPTI (Ascend/mspti, csrc/include); this
 * header is aclsim's own. See docs/mspti.md for where aclsim's behaviour
 * differs from CANN's libmspti.so.
 */
#ifndef MSPTI_RESULT_H
#define MSPTI_RESULT_H
/* The name earlier releases guarded this header with. */
#ifndef MSPTI_BASE_H
#define MSPTI_BASE_H
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MSPTI_SUCCESS = 0,
  MSPTI_ERROR_INVALID_PARAMETER = 1,
  MSPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED = 2,
  MSPTI_ERROR_MAX_LIMIT_REACHED = 3,
  MSPTI_ERROR_DEVICE_OFFLINE = 4,
  MSPTI_ERROR_QUEUE_EMPTY = 5,
  MSPTI_ERROR_WITHOUT_LD_PRELOAD = 6,
  MSPTI_ERROR_NOT_INITIALIZED = 7,
  MSPTI_ERROR_INVALID_KIND = 8,
  MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT = 9,
  MSPTI_ERROR_INNER = 999,
  MSPTI_ERROR_FORCE_INT = 0x7fffffff
} msptiResult;

/* A static, human-readable description of |result| in *str (codes 0..9 and
 * MSPTI_ERROR_INNER). Needs no initialisation; thread-safe. Any other value,
 * or a NULL str: MSPTI_ERROR_INVALID_PARAMETER, *str untouched. */
msptiResult msptiGetResultString(msptiResult result, const char** str);

#ifdef __cplusplus
}
#endif

#endif /* MSPTI_RESULT_H */
