/*
 * securectype.h - types and limits of Huawei's secure C library (securec),
 * as aclsim's libc_sec.so provides it. Written from the library's public
 * interface: the names, the limits and errno_t match what programs built
 * for a CANN toolkit include. See securec.h for the functions.
 */
#ifndef SECURECTYPE_H_ACLSIM
#define SECURECTYPE_H_ACLSIM

/* As libboundscheck's securectype.h (user space): programs that include
 * securec.h use malloc, printf and memcpy without including more. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest destination size (in bytes) the string and memory functions
 * accept; a larger destMax is refused with ERANGE. */
#ifndef SECUREC_STRING_MAX_LEN
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#endif
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif

#ifndef SECUREC_API
#define SECUREC_API extern
#endif

#if defined(__GNUC__)
#define SECUREC_ATTRIBUTE(x, y) __attribute__((format(printf, (x), (y))))
#else
#define SECUREC_ATTRIBUTE(x, y)
#endif

#endif /* SECURECTYPE_H_ACLSIM */
