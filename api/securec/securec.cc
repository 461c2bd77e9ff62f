// libc_sec.so: securec's checks and error codes (securec.h) in front of the
// libsafec operations of safec_bridge.cc. Where securec and Annex K differ
// (docs/securec.md), this file decides: the order of the checks, which code
// is returned, what is reset, dest == src, and snprintf_s's count.
// The library exports what securec.h declares (hidden visibility is the default).
#define SECUREC_API extern __attribute__((visibility("default")))
#include "securec.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "api/securec/safec_bridge.h"

namespace {

namespace sc = aclsim::securec;

bool BadSize(size_t dest_max, size_t limit) { return dest_max == 0 || dest_max > limit; }

bool Overlap(const void* a, size_t a_len, const void* b, size_t b_len) {
  auto x = reinterpret_cast<uintptr_t>(a);
  auto y = reinterpret_cast<uintptr_t>(b);
  return (x < y && x + a_len > y) || (y < x && y + b_len > x) || (x == y && a_len > 0 && b_len > 0);
}

// NULL strDest → EINVAL; NULL strSrc → strDest reset, EINVAL_AND_RESET.
errno_t NullString(char* dest) {
  if (dest == nullptr) return EINVAL;
  dest[0] = '\0';
  return EINVAL_AND_RESET;
}

errno_t ResetString(char* dest, errno_t code) {
  dest[0] = '\0';
  return code;
}

errno_t ResetMemory(void* dest, size_t dest_max, errno_t code) {
  (void)sc::Set(dest, dest_max, 0, dest_max);
  return code;
}

// memcpy_s (|may_overlap| false) and memmove_s: the same checks, in
// securec's order; only memcpy_s refuses overlapping ranges.
errno_t CopyMemory(void* dest, size_t dest_max, const void* src, size_t count, bool may_overlap) {
  if (BadSize(dest_max, SECUREC_MEM_MAX_LEN)) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) return ResetMemory(dest, dest_max, EINVAL_AND_RESET);
  if (count > dest_max) return ResetMemory(dest, dest_max, ERANGE_AND_RESET);
  if (dest == src || count == 0) return EOK;
  if (!may_overlap && Overlap(dest, count, src, count)) return ResetMemory(dest, dest_max, EOVERLAP_AND_RESET);
  const bool ok = may_overlap ? sc::Move(dest, dest_max, src, count) : sc::Copy(dest, dest_max, src, count);
  return ok ? EOK : ResetMemory(dest, dest_max, EINVAL_AND_RESET);
}

// Appends |src_len| characters of |src| to the |dest_len| of |dest|.
errno_t Append(char* dest, size_t dest_max, size_t dest_len, const char* src, size_t src_len) {
  if (dest_len == dest_max) return ResetString(dest, EINVAL_AND_RESET);  // unterminated
  if (dest_len + src_len >= dest_max || dest == src) return ResetString(dest, ERANGE_AND_RESET);
  if (Overlap(dest, dest_len + src_len + 1, src, src_len + 1)) return ResetString(dest, EOVERLAP_AND_RESET);
  return sc::CopyChars(dest + dest_len, dest_max - dest_len, src, src_len) ? EOK : ResetString(dest, EINVAL_AND_RESET);
}

int Printf(char* dest, size_t dest_max, const char* format, va_list args) {
  int n = sc::Format(dest, dest_max, format, args);
  return n < 0 ? -1 : n;
}

}  // namespace

extern "C" {

errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (BadSize(destMax, SECUREC_MEM_MAX_LEN)) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (count > destMax) {
    (void)sc::Set(dest, destMax, c, destMax);
    return ERANGE_AND_RESET;
  }
  return sc::Set(dest, destMax, c, count) ? EOK : ERANGE_AND_RESET;
}

errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  return CopyMemory(dest, destMax, src, count, false);
}

errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
  return CopyMemory(dest, destMax, src, count, true);
}

errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc) {
  if (BadSize(destMax, SECUREC_STRING_MAX_LEN)) return ERANGE;
  if (strDest == nullptr || strSrc == nullptr) return NullString(strDest);
  if (strDest == strSrc) return EOK;
  size_t len = strnlen(strSrc, destMax);
  if (len >= destMax) return ResetString(strDest, ERANGE_AND_RESET);
  if (Overlap(strDest, len + 1, strSrc, len + 1)) return ResetString(strDest, EOVERLAP_AND_RESET);
  return sc::CopyChars(strDest, destMax, strSrc, len) ? EOK : ResetString(strDest, EINVAL_AND_RESET);
}

errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (BadSize(destMax, SECUREC_STRING_MAX_LEN)) return ERANGE;
  if (strDest == nullptr || strSrc == nullptr) return NullString(strDest);
  if (count > SECUREC_STRING_MAX_LEN) return ResetString(strDest, ERANGE_AND_RESET);
  if (count == 0) return ResetString(strDest, EOK);
  size_t len = strnlen(strSrc, count < destMax ? count : destMax);
  if (len >= destMax) return ResetString(strDest, ERANGE_AND_RESET);
  if (strDest == strSrc) return EOK;
  if (Overlap(strDest, len + 1, strSrc, len + 1)) return ResetString(strDest, EOVERLAP_AND_RESET);
  return sc::CopyChars(strDest, destMax, strSrc, len) ? EOK : ResetString(strDest, EINVAL_AND_RESET);
}

errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc) {
  if (BadSize(destMax, SECUREC_STRING_MAX_LEN)) return ERANGE;
  if (strDest == nullptr || strSrc == nullptr) return NullString(strDest);
  size_t dest_len = strnlen(strDest, destMax);
  size_t src_len = strnlen(strSrc, destMax - (dest_len < destMax ? dest_len : destMax));
  return Append(strDest, destMax, dest_len, strSrc, src_len);
}

errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (BadSize(destMax, SECUREC_STRING_MAX_LEN)) return ERANGE;
  if (strDest == nullptr || strSrc == nullptr) return NullString(strDest);
  if (count > SECUREC_STRING_MAX_LEN) return ResetString(strDest, ERANGE_AND_RESET);
  size_t dest_len = strnlen(strDest, destMax);
  size_t room = destMax - (dest_len < destMax ? dest_len : destMax);
  size_t src_len = strnlen(strSrc, count < room ? count : room);
  return Append(strDest, destMax, dest_len, strSrc, src_len);
}

int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList) {
  if (format == nullptr || strDest == nullptr || BadSize(destMax, SECUREC_STRING_MAX_LEN)) {
    if (strDest != nullptr && !BadSize(destMax, SECUREC_STRING_MAX_LEN)) strDest[0] = '\0';
    return -1;
  }
  return Printf(strDest, destMax, format, argList);
}

int sprintf_s(char* strDest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsprintf_s(strDest, destMax, format, args);
  va_end(args);
  return n;
}

int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list argList) {
  const bool bad_count = count > SECUREC_STRING_MAX_LEN - 1 && count != static_cast<size_t>(-1);
  if (format == nullptr || strDest == nullptr || BadSize(destMax, SECUREC_STRING_MAX_LEN) || bad_count) {
    if (strDest != nullptr && !BadSize(destMax, SECUREC_STRING_MAX_LEN)) strDest[0] = '\0';
    return -1;
  }
  if (count >= destMax) return Printf(strDest, destMax, format, argList);
  // securec, unlike Annex K: output longer than |count| keeps its first
  // |count| characters in strDest, and the call returns -1.
  va_list again;
  va_copy(again, argList);
  int n = sc::Format(strDest, count + 1, format, argList);
  if (n == sc::kTruncated) {
    (void)std::vsnprintf(strDest, count + 1, format, again);
    n = -1;
  }
  va_end(again);
  return n < 0 ? -1 : n;
}

int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsnprintf_s(strDest, destMax, count, format, args);
  va_end(args);
  return n;
}

}  // extern "C"
