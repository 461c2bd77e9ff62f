/*
 * securec.h - the secure C functions of Huawei's securec library that Ascend
 * programs call (memset_s, memcpy_s, strcpy_s, snprintf_s, ...), provided by
 * aclsim's libc_sec.so. Signatures, error codes and limits are securec's;
 * the implementation wraps Debian's libsafec (C11 Annex K) and implements
 * where securec differs from Annex K (docs/securec.md lists every case).
 *
 * Error codes: EOK on success; EINVAL / ERANGE when the destination could
 * not be touched (NULL, or destMax 0 or above the limit); the *_AND_RESET
 * codes when it was reset (memory functions: zeroed, or filled for
 * memset_s; string functions: strDest[0] = '\0'). The printf family returns
 * the number of characters written, or -1 on any error (including
 * truncation, see snprintf_s).
 *
 * Thread safety: every function is reentrant.
 */
#ifndef SECUREC_H_ACLSIM
#define SECUREC_H_ACLSIM

#include <errno.h>
#include <stdarg.h>

#include "securectype.h"

#ifndef SECUREC_DEFINED_ERRNO_TYPE
#define SECUREC_DEFINED_ERRNO_TYPE
#ifndef errno_t
typedef int errno_t;
#endif
#endif

#ifndef EOK
#define EOK 0
#endif
#ifndef EINVAL
#define EINVAL 22
#endif
/* 22 | 128: the argument was bad and the destination was reset. */
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET 150
#endif
#ifndef ERANGE
#define ERANGE 34
#endif
/* 34 | 128: the destination is too small and was reset. */
#ifndef ERANGE_AND_RESET
#define ERANGE_AND_RESET 162
#endif
/* 54 | 128: source and destination overlap; the destination was reset. */
#ifndef EOVERLAP_AND_RESET
#define EOVERLAP_AND_RESET 182
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Sets |count| bytes of |dest| (|destMax| bytes long) to |c|. count >
 * destMax fills all destMax bytes and returns ERANGE_AND_RESET. */
SECUREC_API errno_t memset_s(void* dest, size_t destMax, int c, size_t count);
/* Copies |count| bytes; NULL src → EINVAL_AND_RESET, count > destMax →
 * ERANGE_AND_RESET, overlapping ranges → EOVERLAP_AND_RESET (dest zeroed in
 * each case); dest == src → EOK without copying. */
SECUREC_API errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count);
/* As memcpy_s, overlap allowed. */
SECUREC_API errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count);
/* Copies the string with its terminator; a source of destMax or more
 * characters → ERANGE_AND_RESET. */
SECUREC_API errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc);
/* Copies at most |count| characters and a terminator; count 0 → EOK with
 * strDest[0] = '\0'. */
SECUREC_API errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count);
/* Appends; a strDest not terminated within destMax → EINVAL_AND_RESET, a
 * result that does not fit → ERANGE_AND_RESET. */
SECUREC_API errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc);
SECUREC_API errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count);
/* Formats into strDest; output that does not fit → -1, strDest[0] = '\0'. */
SECUREC_API int sprintf_s(char* strDest, size_t destMax, const char* format, ...) SECUREC_ATTRIBUTE(3, 4);
SECUREC_API int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList) SECUREC_ATTRIBUTE(3, 0);
/* Formats at most |count| characters. With count < destMax a longer output
 * is truncated to count characters, kept in strDest, and -1 is returned;
 * with count >= destMax output that does not fit destMax → -1 and
 * strDest[0] = '\0'. count may be (size_t)-1 ("as much as fits"). */
SECUREC_API int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...)
    SECUREC_ATTRIBUTE(4, 5);
SECUREC_API int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list argList)
    SECUREC_ATTRIBUTE(4, 0);

#ifdef __cplusplus
}
#endif

#endif /* SECUREC_H_ACLSIM */
