// The operations of libc_sec.so, done by Debian's libsafec (C11 Annex K)
// once securec.cc has applied securec's own checks. libsafec refuses
// destinations above its RSIZE_MAX_MEM (256 MiB) and RSIZE_MAX_STR (32 KiB)
// where securec allows up to SECUREC_MEM_MAX_LEN / SECUREC_STRING_MAX_LEN
// (2 GiB - 1); such already-validated operations are done with the C
// library's own functions instead.
//
// Kept apart from securec.cc because libsafec's headers define memcpy_s and
// the other names as macros and declare snprintf_s with Annex K's signature.
#ifndef ACLSIM_API_SECUREC_SAFEC_BRIDGE_H_
#define ACLSIM_API_SECUREC_SAFEC_BRIDGE_H_

#include <cstdarg>
#include <cstddef>

namespace aclsim::securec {

// Each returns true on success. The arguments were validated by the caller:
// pointers are not NULL, |n| <= |dmax|, ranges do not overlap (except for
// Move), and the string lengths fit.
bool Set(void* dest, size_t dmax, int c, size_t n);
bool Copy(void* dest, size_t dmax, const void* src, size_t n);
bool Move(void* dest, size_t dmax, const void* src, size_t n);
// Copies |n| characters of |src| (no terminator among them) to |dest| and
// terminates it; |n| < |dmax|.
bool CopyChars(char* dest, size_t dmax, const char* src, size_t n);

// Formats into |dest| (|dmax| > 0 bytes): the number of characters written,
// kTruncated when the output needs |dmax| bytes or more (|dest| then holds
// an empty string), kBadFormat when libsafec refuses the format or an
// argument (%n, a NULL %s).
inline constexpr int kTruncated = -1;
inline constexpr int kBadFormat = -2;
int Format(char* dest, size_t dmax, const char* format, va_list args);

}  // namespace aclsim::securec

#endif  // ACLSIM_API_SECUREC_SAFEC_BRIDGE_H_
